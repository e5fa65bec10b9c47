import Foundation

/// The decomposition of the last matrix asked about: an animation of one
/// transform part writes into the same model matrix every frame, so its
/// parts and their Euler angles are worked out once.
final class DecompositionMemo: @unchecked Sendable {
    // @unchecked Sendable: `last` is only touched under `lock` (so it needs no
    // exclusivity checks either: they showed in the per-frame profile).
    private let lock = NSLock()
    @exclusivity(unchecked) private var last: (matrix: CATransform3D, parts: DecomposedTransform,
                                               angles: (x: Double, y: Double, z: Double))?

    /// The parts of `t` (those of the identity when it has none) and their
    /// `eulerAngles`, remembered for the next call with the same `t`.
    func decompose(_ t: CATransform3D) -> (parts: DecomposedTransform, angles: (x: Double, y: Double, z: Double)) {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.matrix == t { return (last.parts, last.angles) }
        let parts = DecomposedTransform(t) ?? DecomposedTransform()
        let angles = parts.eulerAngles
        last = (t, parts, angles)
        return (parts, angles)
    }
}
