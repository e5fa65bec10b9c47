import Foundation

extension CALayer {
    /// The anchor point in the layer's own (bounds) coordinates, with `anchorPointZ`.
    public var anchorPointInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (_bounds.origin.x + _anchorPoint.x * _bounds.width,
         _bounds.origin.y + _anchorPoint.y * _bounds.height,
         _anchorPointZ)
    }

    /// Maps this layer's bounds coordinates to its superlayer's bounds coordinates
    /// (row vectors, `p × M`), before any flattening:
    ///
    ///     T(−anchor) × transform × T(position, zPosition) × S
    ///
    /// where `S` is the superlayer's `sublayerTransform` about the superlayer's
    /// anchor point (identity without a superlayer, or when `superlayer` is given as nil).
    public func transformToSuperlayer(_ superlayer: CALayer?) -> CATransform3D {
        let a = anchorPointInBounds
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
        if !CATransform3DIsIdentity(_transform) { m = m.concatenating(_transform) }
        m = m.concatenating(CATransform3DMakeTranslation(_position.x, _position.y, _zPosition))
        if let p = superlayer, !CATransform3DIsIdentity(p._sublayerTransform) {
            let pa = p.anchorPointInBounds
            m = m.concatenating(CATransform3DMakeTranslation(-pa.x, -pa.y, -pa.z))
                .concatenating(p._sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(pa.x, pa.y, pa.z))
        }
        return m
    }

    /// Maps this layer's bounds coordinates to its superlayer's bounds coordinates.
    public var transformToSuperlayer: CATransform3D { transformToSuperlayer(_superlayer) }
}

extension CATransform3D {
    /// The matrix that drops z after this one: what a flat (non-3D) layer does to
    /// content drawn into its plane (CSS "flattening").
    public var flattened: CATransform3D {
        var m = self
        m.m13 = 0; m.m23 = 0; m.m33 = 1; m.m43 = 0
        return m
    }
}
