import Foundation

/// A layer's or a shape group's transform (`ks`, `tr`): the content is moved
/// by −anchor, scaled, skewed, rotated, then moved to the position.
public struct LottieTransform: Equatable, Sendable {
    /// `a`: the point of the content that lands on the position.
    public var anchor = LottieProperty<LottieVector>([0, 0, 0])
    /// `p`: the position (with spatial tangents), when not separated.
    public var position = LottieProperty<LottieVector>([0, 0, 0])
    /// `p.x`, `p.y` when the position's dimensions are separated (`p.s`).
    public var positionX: LottieProperty<Double>?
    /// See ``positionX``.
    public var positionY: LottieProperty<Double>?
    /// `s`: scale in percent per axis.
    public var scale = LottieProperty<LottieVector>([100, 100, 100])
    /// `r` (or `rz` on 3D layers): rotation in degrees, clockwise on screen.
    public var rotation = LottieProperty<Double>(0)
    /// `o`: opacity in percent.
    public var opacity = LottieProperty<Double>(100)
    /// `sk`, `sa`: skew in degrees, along the axis at `sa` degrees.
    public var skew = LottieProperty<Double>(0)
    /// See ``skew``.
    public var skewAxis = LottieProperty<Double>(0)
    /// `rx`, `ry`: rotations about x and y in degrees (3D layers).
    public var rotationX = LottieProperty<Double>(0)
    /// See ``rotationX``.
    public var rotationY = LottieProperty<Double>(0)
    /// `or`: orientation in degrees about x, y, z (3D layers).
    public var orientation = LottieProperty<LottieVector>([0, 0, 0])

    /// The identity: no move, scale 100 %, opacity 100 %.
    public init() {}

    /// Whether the position's dimensions are animated separately.
    public var isSeparated: Bool { positionX != nil && positionY != nil }

    /// Whether any of rx, ry or the orientation turn the layer out of its plane.
    public var is3D: Bool {
        rotationX.isAnimated || rotationX.value != 0 || rotationY.isAnimated || rotationY.value != 0
            || orientation.isAnimated || orientation.value.values.prefix(2).contains { $0 != 0 }
    }

    /// Whether the transform skews (at any time).
    public var hasSkew: Bool { skew.isAnimated || skew.value != 0 }
}
