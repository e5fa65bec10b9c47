import Foundation

extension CALayer {
    /// The anchor point in the layer's own (bounds) coordinates, with `anchorPointZ`.
    package var anchorPointInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        withStateLock { _state.anchorPointInBounds }
    }

    /// Maps this layer's bounds coordinates to its superlayer's bounds coordinates
    /// (row vectors, `p × M`), before any flattening:
    ///
    ///     T(−anchor) × transform × T(position, zPosition) × S
    ///
    /// where `S` is the superlayer's `sublayerTransform` about the superlayer's
    /// anchor point (identity without a superlayer, or when `superlayer` is given as nil).
    package func transformToSuperlayer(_ superlayer: CALayer?) -> CATransform3D {
        withStateLock { unlockedTransformToSuperlayer(superlayer) }
    }

    /// `transformToSuperlayer(_:)`, the lock held (or not needed).
    private func unlockedTransformToSuperlayer(_ superlayer: CALayer?) -> CATransform3D {
        let m = _state.transformToSuperlayerBounds
        guard let superlayer else { return m }
        return superlayer._state.sublayerTransformed(m)
    }

    /// Maps this layer's bounds coordinates to its superlayer's bounds coordinates.
    package var transformToSuperlayer: CATransform3D { withTreeLock { transformToSuperlayer(_superlayer) } }

}

extension CATransform3D {
    /// The matrix that drops z after this one: what a flat (non-3D) layer does to
    /// content drawn into its plane (CSS "flattening"). The z output is zero for
    /// every input, depth from a 3D context inside included, so nothing of it
    /// reaches the next matrix's perspective row.
    package var flattened: CATransform3D {
        var m = self
        m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0
        return m
    }

    /// The smallest w kept when clipping against the eye plane: points with
    /// smaller w are at or behind the eye and have no projection.
    static let eyePlaneEpsilon: CGFloat = 1e-6

    /// The bounding box of `rect` (in the plane z = 0) mapped by this matrix and
    /// projected (divided by w), after clipping the quad to w ≥ `eyePlaneEpsilon`.
    /// `CGRect.null` when all of it is behind the eye.
    func projectedBoundingBox(of rect: CGRect) -> CGRect {
        let corners = [
            apply(x: rect.minX, y: rect.minY, z: 0), apply(x: rect.maxX, y: rect.minY, z: 0),
            apply(x: rect.maxX, y: rect.maxY, z: 0), apply(x: rect.minX, y: rect.maxY, z: 0),
        ]
        let eps = Self.eyePlaneEpsilon
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var any = false
        func add(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat) {
            let px = x / w, py = y / w
            minX = Swift.min(minX, px); maxX = Swift.max(maxX, px)
            minY = Swift.min(minY, py); maxY = Swift.max(maxY, py)
            any = true
        }
        // One Sutherland–Hodgman step against the plane w = eps: keep the corners
        // in front, and add the points where an edge crosses the plane.
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            if a.w >= eps { add(a.x, a.y, a.w) }
            if (a.w >= eps) != (b.w >= eps) {
                let t = (eps - a.w) / (b.w - a.w)
                add(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, eps)
            }
        }
        guard any else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Below this, a unit square of the plane covers (almost) no area after
    /// projection: the plane is edge-on and a point on it cannot be recovered.
    /// (Exactly edge-on planes come out of cos(π/2) ≈ 6e-17, not 0.)
    static let edgeOnAreaEpsilon: CGFloat = 1e-14

    /// The point of the plane z = 0 that this matrix maps onto `p` after the
    /// perspective divide, with the w it has there; nil when there is none
    /// (the plane is seen edge-on, or the matrix is degenerate).
    ///
    /// This solves the ray, not the inverse 4×4 with z dropped: after the divide
    /// every point `(p.x, p.y, z)` looks the same, so the answer is where that
    /// line meets the plane. Restricted to z = 0 the matrix is the plane
    /// homography `(u, v, 1) × H` with `H` = rows 1, 2 and 4 of columns 1, 2
    /// and 4; inverting that 3×3 gives the intersection directly.
    func unproject(_ p: CGPoint) -> (point: CGPoint, w: CGFloat)? {
        let (a, b, c) = (m11, m12, m14)
        let (d, e, f) = (m21, m22, m24)
        let (g, h, i) = (m41, m42, m44)
        // Cofactors of H (rows a b c / d e f / g h i), row by row; H⁻¹ = adj / det.
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        // (p.x, p.y, 1) × adj(H), adj(H) being the transposed cofactors:
        // component j is Σₖ pₖ · cofactor(j, k).
        let u = p.x * A + p.y * B + C
        let v = p.x * D + p.y * E + F
        let s = p.x * G + p.y * H + I
        guard s != 0, s.isFinite else { return nil }
        let point = CGPoint(x: u / s, y: v / s)
        let w = point.x * c + point.y * f + i
        // The projection's Jacobian determinant there is det(H) / w³: how much screen
        // area a unit of the plane covers. Near zero, the answer is rounding noise.
        guard abs(det / (w * w * w)) >= Self.edgeOnAreaEpsilon else { return nil }
        return (point, w)
    }
}
