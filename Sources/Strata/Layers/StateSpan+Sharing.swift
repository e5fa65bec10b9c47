import Foundation

extension StateSpan {
    /// The shared arrays, one per list of spans.
    nonisolated(unsafe) private static var shared: Set<[StateSpan]> = []
    private static let sharedLock = NSLock()

    /// `spans` as the one array every caller with the same list gets. An
    /// animated layer's copy carries the spans its animations write
    /// (`CALayer._stateDelta`), and the snapshot reads them every frame:
    /// 10,000 cards turning alike then read one array that stays in cache,
    /// not 10,000 that each miss it.
    static func shared(_ spans: [StateSpan]) -> [StateSpan] {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let known = shared.firstIndex(of: spans) { return shared[known] }
        shared.insert(spans)
        return spans
    }
}
