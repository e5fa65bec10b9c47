import Foundation

/// A list of `StateSpan`s kept for the life of the process, one per distinct
/// list: held, copied and compared as plain values, without reference counting.
///
/// An animated layer's presentation copy carries the spans its animations
/// write (`CALayer._stateDelta`), and the snapshot reads them for every
/// animated layer every frame: 10,000 cards turning alike read one list
/// that stays in cache, and retain and release none. The distinct lists are
/// few (one per set of animated plain-data properties), so keeping them costs little.
struct StateSpanList: Equatable {
    /// The spans, in storage that is never freed.
    let spans: UnsafeBufferPointer<StateSpan>
    /// Whether every span lies in a placement field (`LayerState.placesOnly`).
    let placesOnly: Bool

    nonisolated(unsafe) private static var known: [[StateSpan]: StateSpanList] = [:]
    private static let lock = NSLock()

    /// The list of `spans` (the same one for every equal `spans`).
    init(_ spans: [StateSpan]) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if let list = Self.known[spans] {
            self = list
            return
        }
        let storage = UnsafeMutableBufferPointer<StateSpan>.allocate(capacity: spans.count)
        _ = storage.initialize(from: spans)
        self.spans = UnsafeBufferPointer(storage)
        placesOnly = LayerState.placesOnly(spans)
        Self.known[spans] = self
    }

    /// The same list (equal lists are one list).
    static func == (a: StateSpanList, b: StateSpanList) -> Bool {
        a.spans.baseAddress == b.spans.baseAddress && a.spans.count == b.spans.count
    }
}
