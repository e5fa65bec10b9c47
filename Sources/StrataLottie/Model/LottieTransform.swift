import Foundation

/// A layer's or a shape group's transform (`ks`, `tr`): the content is moved
/// by −anchor, scaled, skewed, rotated, then moved to the position.
package struct LottieTransform: Equatable, Sendable {
    /// `a`: the point of the content that lands on the position.
    package var anchor = LottieProperty<LottieVector>([0, 0, 0])
    /// `p`: the position (with spatial tangents), when not separated.
    package var position = LottieProperty<LottieVector>([0, 0, 0])
    /// `p.x`, `p.y` when the position's dimensions are separated (`p.s`).
    package var positionX: LottieProperty<Double>?
    /// See ``positionX``.
    package var positionY: LottieProperty<Double>?
    /// `s`: scale in percent per axis.
    package var scale = LottieProperty<LottieVector>([100, 100, 100])
    /// `r` (or `rz` on 3D layers): rotation in degrees, clockwise on screen.
    package var rotation = LottieProperty<Double>(0)
    /// `o`: opacity in percent.
    package var opacity = LottieProperty<Double>(100)
    /// `sk`, `sa`: skew in degrees, along the axis at `sa` degrees.
    package var skew = LottieProperty<Double>(0)
    /// See ``skew``.
    package var skewAxis = LottieProperty<Double>(0)
    /// `rx`, `ry`: rotations about x and y in degrees (3D layers).
    package var rotationX = LottieProperty<Double>(0)
    /// See ``rotationX``.
    package var rotationY = LottieProperty<Double>(0)
    /// `or`: orientation in degrees about x, y, z (3D layers).
    package var orientation = LottieProperty<LottieVector>([0, 0, 0])

    /// The identity: no move, scale 100 %, opacity 100 %.
    package init() {}

    /// Whether the position's dimensions are animated separately.
    package var isSeparated: Bool { positionX != nil && positionY != nil }

    /// Whether any of rx, ry or the orientation turn the layer out of its plane.
    package var is3D: Bool {
        rotationX.isAnimated || rotationX.value != 0 || rotationY.isAnimated || rotationY.value != 0
            || orientation.isAnimated || orientation.value.values.prefix(2).contains { $0 != 0 }
    }

    /// Whether the transform skews (at any time).
    package var hasSkew: Bool { skew.isAnimated || skew.value != 0 }
}
