import Foundation

/// The decomposition of the last matrix asked about: an animation of one
/// transform part writes into the same model matrix every frame, so its
/// parts (and, for a rotation part, their Euler angles) are worked out once.
final class DecompositionMemo: @unchecked Sendable {
    // @unchecked Sendable: `last` is only touched under `lock` (so it needs no
    // exclusivity checks either: they showed in the per-frame profile).
    private let lock = NSLock()
    @exclusivity(unchecked) private var last: (matrix: CATransform3D, parts: DecomposedTransform?,
                       angles: (x: Double, y: Double, z: Double)?)?

    /// `DecomposedTransform(t)`, remembered for the next call with the same `t`.
    func decompose(_ t: CATransform3D) -> DecomposedTransform? {
        lock.lock()
        defer { lock.unlock() }
        return entry(t).parts
    }

    /// The parts of `t` (those of the identity when it has none) and their
    /// `eulerAngles`, both remembered for the next call with the same `t`.
    func decomposeWithAngles(_ t: CATransform3D)
        -> (parts: DecomposedTransform, angles: (x: Double, y: Double, z: Double)) {
        lock.lock()
        defer { lock.unlock() }
        let e = entry(t)
        let parts = e.parts ?? DecomposedTransform()
        if let angles = e.angles { return (parts, angles) }
        let angles = parts.eulerAngles
        last?.angles = angles
        return (parts, angles)
    }

    /// The remembered entry for `t`, made anew when `t` is another matrix (the lock held).
    private func entry(_ t: CATransform3D) -> (parts: DecomposedTransform?, angles: (x: Double, y: Double, z: Double)?) {
        if let last, last.matrix == t { return (last.parts, last.angles) }
        let parts = DecomposedTransform(t)
        last = (t, parts, nil)
        return (parts, nil)
    }
}
