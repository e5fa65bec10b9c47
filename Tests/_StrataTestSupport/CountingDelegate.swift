import Foundation
import Strata

/// Counts each animation's delegate calls.
final class CountingDelegate: CAAnimationDelegate, @unchecked Sendable {
    // @unchecked Sendable: everything below is touched only under `lock`
    // (a Mutex cannot hold the animations, which are not Sendable).
    private let lock = NSLock()
    private var added = 0
    private var starts: [ObjectIdentifier: Int] = [:]
    private var stops: [ObjectIdentifier: Int] = [:]
    /// The animations heard from, kept so that no identifier is reused.
    private var seen: [CAAnimation] = []

    /// One more animation with this delegate was added.
    func animationAdded() { lock.withLock { added += 1 } }

    func animationDidStart(_ anim: CAAnimation) {
        lock.withLock {
            starts[ObjectIdentifier(anim), default: 0] += 1
            seen.append(anim)
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        lock.withLock {
            stops[ObjectIdentifier(anim), default: 0] += 1
            seen.append(anim)
        }
    }

    /// Whether every animation that started has stopped. (One added and
    /// replaced before its transaction committed never starts, and its
    /// delegate hears nothing: it never ran.)
    var allStopped: Bool { lock.withLock { starts.keys.allSatisfy { stops[$0] != nil } } }

    /// What went wrong, one line each.
    func problems() -> [String] {
        lock.withLock {
            var problems: [String] = []
            let unstopped = starts.keys.filter { stops[$0] == nil }.count
            if unstopped > 0 { problems.append("\(unstopped) of \(starts.count) animations started never stopped") }
            if starts.isEmpty, added > 0 { problems.append("none of \(added) animations started") }
            if stops.values.contains(where: { $0 != 1 }) { problems.append("an animation stopped twice") }
            if starts.values.contains(where: { $0 != 1 }) { problems.append("an animation started twice") }
            return problems
        }
    }
}
