import Foundation

/// The decomposition of the last matrix asked about: an animation of one
/// transform part writes into the same model matrix every frame, so its
/// parts and their Euler angles are worked out once.
///
/// A value: each user of a transform part keeps its own (the key path's
/// closures, its per-frame path, a `NumberAnimationPlan`), in storage
/// reached only in presentation walks, which hold the transaction lock
/// (`TransactionLock`).
struct DecompositionMemo {
    private var last: (matrix: CATransform3D, parts: DecomposedTransform, angles: (x: Double, y: Double, z: Double))?

    /// The parts of `t` (those of the identity when it has none) and their
    /// `eulerAngles`, remembered for the next call with the same `t`.
    mutating func decompose(_ t: CATransform3D) -> (
        parts: DecomposedTransform, angles: (x: Double, y: Double, z: Double)
    ) {
        if let last, last.matrix == t { return (last.parts, last.angles) }
        let parts = DecomposedTransform(t) ?? DecomposedTransform()
        let angles = parts.eulerAngles
        last = (t, parts, angles)
        return (parts, angles)
    }

    /// `component`'s value in `t`.
    mutating func value(of component: TransformComponent, in t: CATransform3D) -> AnimValue {
        let (d, angles) = decompose(t)
        return component.read(d, angles)
    }

    /// `t` with `component` set to `value` (the other fields kept).
    mutating func replacing(_ component: TransformComponent, in t: CATransform3D, with value: AnimValue)
        -> CATransform3D
    {
        replacing(in: t) { component.write(value, into: &$0, $1) }
    }

    /// `t` with `component` set to the number `value`: an animated rotation or
    /// scale, every layer, every frame, without a value to unwrap.
    @inline(__always)
    mutating func replacing(_ component: TransformComponent, in t: CATransform3D, with value: Double) -> CATransform3D {
        replacing(in: t) { component.write(value, into: &$0, $1) }
    }

    /// `t` decomposed, changed by `change` (given the parts and their Euler angles) and recomposed.
    @inline(__always)
    private mutating func replacing(
        in t: CATransform3D,
        _ change: (inout DecomposedTransform, TransformComponent.Angles) -> Void
    )
        -> CATransform3D
    {
        var (d, angles) = decompose(t)
        change(&d, angles)
        return d.recomposed()
    }
}
