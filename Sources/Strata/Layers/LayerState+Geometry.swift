import Foundation

extension LayerState {
    /// The anchor point in the layer's own (bounds) coordinates, with `anchorPointZ`.
    @inline(__always)
    package var anchorPointInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        Self.anchorPointInBounds(bounds, anchorPoint, anchorPointZ)
    }

    /// `anchorPointInBounds` from the fields it reads (a renderer reading a
    /// state in place passes them, copying no more of it).
    @inline(__always)
    package static func anchorPointInBounds(_ bounds: CGRect, _ anchorPoint: CGPoint, _ anchorPointZ: CGFloat)
        -> (x: CGFloat, y: CGFloat, z: CGFloat)
    {
        (bounds.origin.x + anchorPoint.x * bounds.width, bounds.origin.y + anchorPoint.y * bounds.height, anchorPointZ)
    }

    /// This layer's bounds coordinates → its superlayer's, before the
    /// superlayer's `sublayerTransform` (see ``sublayerTransformed(_:)``):
    /// `T(−anchor) × transform × T(position, zPosition)`.
    @inline(__always)
    package var transformToSuperlayerBounds: CATransform3D {
        Self.transformToSuperlayerBounds(
            transform, bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
            position: position, zPosition: zPosition)
    }

    /// `transformToSuperlayerBounds` from the fields it reads (a renderer
    /// reading a state in place passes them, copying no more of it).
    package static func transformToSuperlayerBounds(
        _ transform: CATransform3D, bounds: CGRect, anchorPoint: CGPoint,
        anchorPointZ: CGFloat, position: CGPoint,
        zPosition: CGFloat
    ) -> CATransform3D {
        let a = anchorPointInBounds(bounds, anchorPoint, anchorPointZ)
        // T(−a) × transform × T(p) written out: the translations touch only
        // the 4th row and the columns scaled by the 4th (two products fewer,
        // for every layer every frame).
        var m = transform
        m.m41 -= a.x * m.m11 + a.y * m.m21 + a.z * m.m31
        m.m42 -= a.x * m.m12 + a.y * m.m22 + a.z * m.m32
        m.m43 -= a.x * m.m13 + a.y * m.m23 + a.z * m.m33
        m.m44 -= a.x * m.m14 + a.y * m.m24 + a.z * m.m34
        let p = (x: position.x, y: position.y, z: zPosition)
        m.m11 += m.m14 * p.x; m.m12 += m.m14 * p.y; m.m13 += m.m14 * p.z
        m.m21 += m.m24 * p.x; m.m22 += m.m24 * p.y; m.m23 += m.m24 * p.z
        m.m31 += m.m34 * p.x; m.m32 += m.m34 * p.y; m.m33 += m.m34 * p.z
        m.m41 += m.m44 * p.x; m.m42 += m.m44 * p.y; m.m43 += m.m44 * p.z
        return m
    }

    /// `m` (a sublayer's transform to this layer's bounds space) followed by
    /// this layer's `sublayerTransform` about its anchor point.
    package func sublayerTransformed(_ m: CATransform3D) -> CATransform3D {
        Self.sublayerTransformed(m, by: sublayerTransform, about: anchorPointInBounds)
    }

    /// `m` followed by `sublayerTransform` about `anchor` (a layer's
    /// `sublayerTransformed(_:)` from the two fields, read once for all its sublayers).
    package static func sublayerTransformed(
        _ m: CATransform3D, by sublayerTransform: CATransform3D,
        about anchor: (x: CGFloat, y: CGFloat, z: CGFloat)
    ) -> CATransform3D {
        guard !CATransform3DIsIdentity(sublayerTransform) else { return m }
        return m.concatenating(CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchor.z))
            .concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(anchor.x, anchor.y, anchor.z))
    }
}
