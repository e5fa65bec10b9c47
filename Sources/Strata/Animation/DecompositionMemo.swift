import Foundation

/// The decomposition of the last matrix asked about: an animation of one
/// transform part writes into the same model matrix every frame, so its
/// parts and their Euler angles are worked out once.
final class DecompositionMemo: @unchecked Sendable {
    // @unchecked Sendable, and no lock of its own: a memo belongs to one
    // animation's compiled key path, and animations are applied only in
    // presentation walks, which hold the transaction lock (`TransactionLock`).
    // A lock here cost more than the rest of the memo (taken for every
    // animated transform part, every frame).
    @exclusivity(unchecked) private var last: (matrix: CATransform3D, parts: DecomposedTransform,
                                               angles: (x: Double, y: Double, z: Double))?

    /// The parts of `t` (those of the identity when it has none) and their
    /// `eulerAngles`, remembered for the next call with the same `t`.
    func decompose(_ t: CATransform3D) -> (parts: DecomposedTransform, angles: (x: Double, y: Double, z: Double)) {
        if let last, last.matrix == t { return (last.parts, last.angles) }
        let parts = DecomposedTransform(t) ?? DecomposedTransform()
        let angles = parts.eulerAngles
        last = (t, parts, angles)
        return (parts, angles)
    }
}
