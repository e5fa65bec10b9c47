import Foundation

/// What a `CAReplicatorLayer` draws: how many instances of its sublayers,
/// where each is and what colour multiplies it. The sublayers drawn per
/// instance are the layer's (or, in a snapshot, its node's): see
/// `CAReplicatorLayer.sublayers(ofInstance:)` and `LayerTreeSnapshot`.
package struct ReplicatorContent: Hashable, Sendable {
    /// The number of copies drawn, the sublayers themselves included.
    package var instanceCount: Int
    /// The step from each instance to the next, about the centre of the bounds.
    package var instanceTransform: CATransform3D
    /// Instance 0's multiplying colour; nil means white.
    package var instanceColor: CGColor?
    /// Added to the multiplying colour's red, green, blue and alpha from each instance to the next.
    package var instanceRedOffset: Float
    package var instanceGreenOffset: Float
    package var instanceBlueOffset: Float
    package var instanceAlphaOffset: Float
    /// Whether the instances share the 3D space the replicator is in.
    package var preservesDepth: Bool

    package init(
        instanceCount: Int, instanceTransform: CATransform3D, instanceColor: CGColor?,
        instanceRedOffset: Float, instanceGreenOffset: Float, instanceBlueOffset: Float,
        instanceAlphaOffset: Float, preservesDepth: Bool
    ) {
        self.instanceCount = instanceCount; self.instanceTransform = instanceTransform
        self.instanceColor = instanceColor
        self.instanceRedOffset = instanceRedOffset; self.instanceGreenOffset = instanceGreenOffset
        self.instanceBlueOffset = instanceBlueOffset; self.instanceAlphaOffset = instanceAlphaOffset
        self.preservesDepth = preservesDepth
    }

    /// The colour instance `index`'s colours are multiplied by: `instanceColor`
    /// (white when nil) plus `index` times the offsets, each component clamped
    /// to 0...1 (straight alpha).
    package func color(ofInstance index: Int) -> CGColor {
        let base = (instanceColor ?? .white).rgba
        let k = CGFloat(index)
        func component(_ v: CGFloat, _ offset: Float) -> CGFloat {
            let c = v + k * CGFloat(offset)
            return c.isNaN ? 0 : min(max(c, 0), 1)
        }
        return CGColor(
            srgbRed: component(base.r, instanceRedOffset), green: component(base.g, instanceGreenOffset),
            blue: component(base.b, instanceBlueOffset), alpha: component(base.a, instanceAlphaOffset))
    }
}
