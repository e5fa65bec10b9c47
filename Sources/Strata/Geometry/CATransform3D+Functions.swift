import Foundation

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether `a` and `b` are equal field by field.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)`; a zero axis gives the identity.
///
/// Positive angles turn counter-clockwise looking down the axis towards the
/// origin, as in Core Animation (in y-down screen space a positive z rotation
/// turns clockwise on screen).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), C = 1 - c
    return CATransform3D(
        m11: c + x * x * C, m12: x * y * C + z * s, m13: x * z * C - y * s, m14: 0,
        m21: y * x * C - z * s, m22: c + y * y * C, m23: y * z * C + x * s, m24: 0,
        m31: z * x * C + y * s, m32: z * y * C - x * s, m33: c + z * z * C, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` with a translation applied first: `translation × t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `t` with a scale applied first: `scale × t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `t` with a rotation applied first: `rotation × t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
    -> CATransform3D
{
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a` then `b`: `a × b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// The inverse of `t`, or `t` unchanged when it has none (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() ?? t }

/// Whether `t` maps the plane z = 0 to itself without perspective (a 2D affine transform).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The 3D transform that does what the affine transform `m` does in the plane.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// The affine part of `t` (meaningful when `CATransform3DIsAffine(t)`).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D {
    /// The 2×2 minors of the top two rows (`s`) and bottom two rows (`c`) that
    /// both the determinant and the inverse are built from (Laplace expansion).
    private var minors: (s: [CGFloat], c: [CGFloat], at: (Int, Int) -> CGFloat) {
        let e = elements
        func m(_ r: Int, _ c: Int) -> CGFloat { e[r * 4 + c] }
        let s = [
            m(0, 0) * m(1, 1) - m(1, 0) * m(0, 1), m(0, 0) * m(1, 2) - m(1, 0) * m(0, 2),
            m(0, 0) * m(1, 3) - m(1, 0) * m(0, 3), m(0, 1) * m(1, 2) - m(1, 1) * m(0, 2),
            m(0, 1) * m(1, 3) - m(1, 1) * m(0, 3), m(0, 2) * m(1, 3) - m(1, 2) * m(0, 3),
        ]
        let c = [
            m(2, 0) * m(3, 1) - m(3, 0) * m(2, 1), m(2, 0) * m(3, 2) - m(3, 0) * m(2, 2),
            m(2, 0) * m(3, 3) - m(3, 0) * m(2, 3), m(2, 1) * m(3, 2) - m(3, 1) * m(2, 2),
            m(2, 1) * m(3, 3) - m(3, 1) * m(2, 3), m(2, 2) * m(3, 3) - m(3, 2) * m(2, 3),
        ]
        return (s, c, m)
    }

    /// The determinant.
    public var determinant: CGFloat {
        let (s, c, _) = minors
        return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
    }

    /// The inverse, or nil when the matrix is singular (or not finite).
    public func inverted() -> CATransform3D? {
        let (s, c, m) = minors
        let det = s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        let r: [CGFloat] = [
            (m(1, 1) * c[5] - m(1, 2) * c[4] + m(1, 3) * c[3]) * inv,
            (-m(0, 1) * c[5] + m(0, 2) * c[4] - m(0, 3) * c[3]) * inv,
            (m(3, 1) * s[5] - m(3, 2) * s[4] + m(3, 3) * s[3]) * inv,
            (-m(2, 1) * s[5] + m(2, 2) * s[4] - m(2, 3) * s[3]) * inv,
            (-m(1, 0) * c[5] + m(1, 2) * c[2] - m(1, 3) * c[1]) * inv,
            (m(0, 0) * c[5] - m(0, 2) * c[2] + m(0, 3) * c[1]) * inv,
            (-m(3, 0) * s[5] + m(3, 2) * s[2] - m(3, 3) * s[1]) * inv,
            (m(2, 0) * s[5] - m(2, 2) * s[2] + m(2, 3) * s[1]) * inv,
            (m(1, 0) * c[4] - m(1, 1) * c[2] + m(1, 3) * c[0]) * inv,
            (-m(0, 0) * c[4] + m(0, 1) * c[2] - m(0, 3) * c[0]) * inv,
            (m(3, 0) * s[4] - m(3, 1) * s[2] + m(3, 3) * s[0]) * inv,
            (-m(2, 0) * s[4] + m(2, 1) * s[2] - m(2, 3) * s[0]) * inv,
            (-m(1, 0) * c[3] + m(1, 1) * c[1] - m(1, 2) * c[0]) * inv,
            (m(0, 0) * c[3] - m(0, 1) * c[1] + m(0, 2) * c[0]) * inv,
            (-m(3, 0) * s[3] + m(3, 1) * s[1] - m(3, 2) * s[0]) * inv,
            (m(2, 0) * s[3] - m(2, 1) * s[1] + m(2, 2) * s[0]) * inv,
        ]
        return CATransform3D(elements: r)
    }
}
