import Foundation

extension CALayer {
    /// The anchor point in the layer's own (bounds) coordinates, with `anchorPointZ`.
    public var anchorPointInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
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

    /// The layer's rectangle in its superlayer's coordinates.
    ///
    /// Getting it returns, as Core Animation does, the bounding box of the
    /// bounds mapped by the anchor point, `transform` and `position`, with the
    /// perspective divide (the superlayer's `sublayerTransform` is not applied).
    /// With an identity transform that is `position − anchorPoint × bounds.size`
    /// and `bounds.size`. Parts of the layer behind the eye (w ≤ 0) are clipped
    /// away; a layer entirely behind it has a null frame.
    ///
    /// Setting it sets `position` to the new rectangle's anchor point, then
    /// `bounds.size` (keeping `bounds.origin`), through their public setters.
    /// With a non-identity transform Core Animation maps the size through the
    /// inverse of `affineTransform()` (identity for a 3D transform) and ignores
    /// the translation, so a scaled layer round-trips but a rotated one (not a
    /// multiple of 90°) does not: Apple documents the frame as undefined then.
    public var frame: CGRect {
        get {
            withStateLock {
                if CATransform3DIsIdentity(_state.transform) {
                    // Exactly Core Animation's arithmetic, without going through matrices.
                    return CGRect(x: _state.position.x - _state.anchorPoint.x * _state.bounds.width,
                                  y: _state.position.y - _state.anchorPoint.y * _state.bounds.height,
                                  width: _state.bounds.width, height: _state.bounds.height)
                }
                return transformToSuperlayer(nil).projectedBoundingBox(of: _state.bounds)
            }
        }
        set {
            // One hold of the lock for both setters: no other thread sees half a frame.
            withTreeLock {
                let r = newValue.standardized
                let a = _state.anchorPoint
                let inverse = affineTransform().inverted()
                let size = CGSize(width: abs(inverse.a * r.width + inverse.c * r.height),
                                  height: abs(inverse.b * r.width + inverse.d * r.height))
                // Position first, then bounds: the order Core Animation runs their actions in.
                position = CGPoint(x: r.minX + a.x * r.width, y: r.minY + a.y * r.height)
                bounds = CGRect(origin: _state.bounds.origin, size: size)
            }
        }
    }

    /// The layer's transform as an affine transform: the identity when
    /// `transform` is not affine (`CATransform3DIsAffine`), as Core Animation returns.
    public func affineTransform() -> CGAffineTransform {
        withStateLock { CATransform3DIsAffine(_state.transform) ? CATransform3DGetAffineTransform(_state.transform) : .identity }
    }

    /// Sets `transform` to the 3D transform that does what `m` does in the plane.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}

extension CATransform3D {
    /// The matrix that drops z after this one: what a flat (non-3D) layer does to
    /// content drawn into its plane (CSS "flattening"). The z output is zero for
    /// every input, depth from a 3D context inside included, so nothing of it
    /// reaches the next matrix's perspective row.
    public var flattened: CATransform3D {
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
