import Foundation
import Strata

/// Lottie transforms as matrices (row vectors, as `CGAffineTransform` and
/// `CATransform3D`): the point is moved by −anchor, scaled, skewed, rotated,
/// then moved to the position.
enum LottieMatrix {
    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// Scale, skew and rotation (about the origin) at `frame`; `extraRotation` is added (auto-orient).
    static func linearPart(_ t: LottieTransform, at frame: Double, extraRotation: Double = 0) -> CATransform3D {
        let s = t.scale.value(at: frame)
        var m = CATransform3DMakeScale(CGFloat(s[0, default: 100] / 100), CGFloat(s[1, default: 100] / 100), 1)
        let sk = t.skew.value(at: frame)
        if sk != 0 {
            // After Effects' skew: along the axis at `sa` degrees (lottie-web's skewFromAxis).
            let sa = radians(t.skewAxis.value(at: frame))
            var shear = CATransform3DIdentity
            shear.m21 = CGFloat(tan(radians(-sk)))
            let skew = CATransform3DMakeRotation(CGFloat(sa), 0, 0, 1)
                .concatenatingLottie(shear).concatenatingLottie(CATransform3DMakeRotation(CGFloat(-sa), 0, 0, 1))
            m = m.concatenatingLottie(skew)
        }
        if t.is3D {
            // Turns about x and y seen through a camera 1024 points away (rlottie's, after Qt's
            // projective rotations); then about z.
            let o = t.orientation.value(at: frame)
            m = m.concatenatingLottie(projectiveTurn(degrees: t.rotationX.value(at: frame) + o[0], aboutX: true))
            m = m.concatenatingLottie(projectiveTurn(degrees: t.rotationY.value(at: frame) + o[1], aboutX: false))
            m = m.concatenatingLottie(
                CATransform3DMakeRotation(
                    CGFloat(radians(t.rotation.value(at: frame) + o[2] + extraRotation)), 0, 0, 1))
        } else {
            m = m.concatenatingLottie(
                CATransform3DMakeRotation(
                    CGFloat(radians(t.rotation.value(at: frame) + extraRotation)), 0, 0, 1))
        }
        return m
    }

    /// The distance of the eye from a 3D layer's plane, in points.
    static let cameraDistance = 1024.0

    /// A turn about x (or y) as the plane looks from `cameraDistance` away: that axis's
    /// coordinate shrinks by the cosine, and points turned towards the eye grow.
    static func projectiveTurn(degrees: Double, aboutX: Bool) -> CATransform3D {
        let a = radians(degrees)
        var m = CATransform3DIdentity
        if aboutX {
            m.m22 = CGFloat(cos(a))
            m.m24 = CGFloat(-sin(a) / cameraDistance)
        } else {
            m.m11 = CGFloat(cos(a))
            m.m14 = CGFloat(-sin(a) / cameraDistance)
        }
        return m
    }

    /// The position at `frame` (separated dimensions, spatial tangents).
    static func position(_ t: LottieTransform, at frame: Double) -> LottieVector {
        if let x = t.positionX, let y = t.positionY { return [x.value(at: frame), y.value(at: frame)] }
        return t.position.spatialValue(at: frame)
    }

    /// The whole transform at `frame` as a 2D affine transform (for paths).
    static func affine(_ t: LottieTransform, at frame: Double) -> CGAffineTransform {
        let a = t.anchor.value(at: frame), p = position(t, at: frame)
        let m = linearPart(t, at: frame)
        return CGAffineTransform(translationX: CGFloat(-a.x), y: CGFloat(-a.y))
            .concatenating(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(translationX: CGFloat(p.x), y: CGFloat(p.y)))
    }

    /// Whether any part of the transform (opacity aside) changes over time.
    static func isAnimated(_ t: LottieTransform) -> Bool {
        t.anchor.isAnimated || t.position.isAnimated || (t.positionX?.isAnimated ?? false)
            || (t.positionY?.isAnimated ?? false) || t.scale.isAnimated || t.rotation.isAnimated || t.skew.isAnimated
            || t.skewAxis.isAnimated || t.rotationX.isAnimated || t.rotationY.isAnimated || t.orientation.isAnimated
    }

    /// Copy `copy` of a repeater at `frame`, as rlottie places it: moved by
    /// position × k, and scaled by scale^k and turned by rotation × k about the anchor (k = copy + offset).
    static func repeaterCopy(_ r: LottieRepeater, copy: Int, at frame: Double) -> CGAffineTransform {
        let k = Double(copy) + r.offset.value(at: frame)
        let a = r.anchor.value(at: frame), p = r.position.value(at: frame), s = r.scale.value(at: frame)
        let sx = pow(s[0, default: 100] / 100, k), sy = pow(s[1, default: 100] / 100, k)
        return CGAffineTransform(translationX: CGFloat(-a.x), y: CGFloat(-a.y))
            .concatenating(CGAffineTransform(rotationAngle: CGFloat(radians(r.rotation.value(at: frame) * k))))
            .concatenating(CGAffineTransform(scaleX: CGFloat(sx), y: CGFloat(sy)))
            .concatenating(CGAffineTransform(translationX: CGFloat(a.x + p.x * k), y: CGFloat(a.y + p.y * k)))
    }
}

extension CATransform3D {
    /// `self` then `other` (row vectors: self × other).
    func concatenatingLottie(_ other: CATransform3D) -> CATransform3D { CATransform3DConcat(self, other) }
}
