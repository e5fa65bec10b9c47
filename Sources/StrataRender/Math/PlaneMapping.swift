import Foundation
import Strata

/// A projective map from a layer's plane (z = 0 of its bounds space) to device
/// pixels: `(u, v, 1) × H = (x, y, w)`, screen point `(x / w, y / w)`.
///
/// It is rows 1, 2 and 4 and columns 1, 2 and 4 of the layer's 4×4 row-vector
/// matrix: the z row drops out because the plane has z = 0, the z column
/// because the screen has no depth. Interpolating `(u, v)` across a quad drawn
/// with clip-space `w` is then perspective-correct.
package struct PlaneMapping: Hashable, Sendable {
    package var m11: Double, m12: Double, m13: Double
    package var m21: Double, m22: Double, m23: Double
    package var m31: Double, m32: Double, m33: Double

    /// The mapping from nine numbers, row by row.
    package init(
        _ m11: Double, _ m12: Double, _ m13: Double,
        _ m21: Double, _ m22: Double, _ m23: Double,
        _ m31: Double, _ m32: Double, _ m33: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The identity mapping.
    package static let identity = PlaneMapping(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The plane part of a 4×4 row-vector transform.
    package init(_ t: CATransform3D) {
        self.init(t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    /// The plane part of `a.concatenating(b)`, to the bit, without the rest
    /// of the product: its nine numbers as `concatenating` computes them (a
    /// culled layer needs only these).
    @inline(__always)
    package init(_ a: CATransform3D, then b: CATransform3D) {
        self.init(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// The homogeneous image of `(u, v, 1)`.
    @inlinable
    package func apply(_ u: Double, _ v: Double) -> (x: Double, y: Double, w: Double) {
        (u * m11 + v * m21 + m31, u * m12 + v * m22 + m32, u * m13 + v * m23 + m33)
    }

    /// The screen point of `(u, v)`, or nil when it is at or behind the eye (w ≤ 0).
    @inlinable
    package func project(_ u: Double, _ v: Double) -> (x: Double, y: Double)? {
        let h = apply(u, v)
        guard h.w > 1e-9 else { return nil }
        return (h.x / h.w, h.y / h.w)
    }

    /// The determinant; its sign tells which way the plane faces the viewer.
    package var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse mapping (screen → plane), or nil when the plane is seen edge-on.
    package func inverted() -> PlaneMapping? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let i = 1 / det
        return PlaneMapping(
            (m22 * m33 - m23 * m32) * i, (m13 * m32 - m12 * m33) * i, (m12 * m23 - m13 * m22) * i,
            (m23 * m31 - m21 * m33) * i, (m11 * m33 - m13 * m31) * i, (m13 * m21 - m11 * m23) * i,
            (m21 * m32 - m22 * m31) * i, (m12 * m31 - m11 * m32) * i, (m11 * m22 - m12 * m21) * i)
    }

    /// `self` then `other`.
    package func concatenating(_ b: PlaneMapping) -> PlaneMapping {
        let a = self
        return PlaneMapping(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The nine numbers, row by row.
    package var elements: [Double] { [m11, m12, m13, m21, m22, m23, m31, m32, m33] }

    /// Whether every number is finite.
    package var isFinite: Bool { elements.allSatisfy(\.isFinite) }

    /// Device pixels per local unit at `(u, v)`: the smaller of the lengths of the
    /// images of the unit vectors (used to size the anti-aliasing margin).
    package func pixelsPerUnit(at u: Double, _ v: Double) -> Double {
        guard let (alongU, alongV) = pixelsPerUnitAlongAxes(at: u, v) else { return 0 }
        return min(alongU, alongV)
    }

    /// Device pixels per local unit along the more stretched of the plane's
    /// axes at `(u, v)`: the density a texture must have there not to be
    /// magnified. 0 at or behind the eye.
    package func largestPixelsPerUnit(at u: Double, _ v: Double) -> Double {
        guard let (alongU, alongV) = pixelsPerUnitAlongAxes(at: u, v) else { return 0 }
        return max(alongU, alongV)
    }

    func pixelsPerUnitAlongAxes(at u: Double, _ v: Double) -> (Double, Double)? {
        let h = apply(u, v)
        guard h.w > 1e-9 else { return nil }
        // d(x/w)/du = (m11·w − x·m13) / w², likewise for v.
        let w2 = h.w * h.w
        let dxu = (m11 * h.w - h.x * m13) / w2, dyu = (m12 * h.w - h.y * m13) / w2
        let dxv = (m21 * h.w - h.x * m23) / w2, dyv = (m22 * h.w - h.y * m23) / w2
        return ((dxu * dxu + dyu * dyu).squareRoot(), (dxv * dxv + dyv * dyv).squareRoot())
    }

    /// Where local (0, 0) falls within its device pixel, for a mapping that
    /// only scales (by positive amounts) and translates; nil for any other.
    package var pixelPhase: (x: Double, y: Double)? {
        guard m12 == 0, m21 == 0, m13 == 0, m23 == 0, m33 > 0, m11 > 0, m22 > 0 else { return nil }
        let x = m31 / m33, y = m32 / m33
        guard x.isFinite, y.isFinite else { return nil }
        return (x - x.rounded(.down), y - y.rounded(.down))
    }
}
