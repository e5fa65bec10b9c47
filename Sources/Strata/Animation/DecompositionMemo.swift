import Foundation

/// The last matrix decomposed and its decomposition: animations of one
/// transform part (`transform.rotation.y`) read and rewrite the same model
/// matrix every frame, and decomposing it is most of their cost.
final class DecompositionMemo: @unchecked Sendable {
    // @unchecked Sendable: `last` is only touched under `lock`.
    private let lock = NSLock()
    private var last: (matrix: CATransform3D, parts: DecomposedTransform?)?

    /// `DecomposedTransform(t)`, remembered for the next call with the same `t`.
    func decompose(_ t: CATransform3D) -> DecomposedTransform? {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.matrix == t { return last.parts }
        let parts = DecomposedTransform(t)
        last = (t, parts)
        return parts
    }
}
