import Foundation
import Strata

/// Consecutive items of one pass drawn with one instanced draw call.
public struct DrawBatch: Hashable, Sendable {
    /// Indices into the pass's items.
    public var range: Range<Int>
    public var texture: BatchTexture
    /// The mask texture bound alongside (composites of masked passes).
    public var mask: BatchTexture
    /// The program every item of the batch is drawn with.
    public var shading: Shading
    /// For the layer program: the parts of it the batch's items use (the
    /// program is compiled with only those).
    public var features: LayerFeatures
    /// How the batch's items combine with what is beneath them.
    public var blend: BlendMode = .normal

    public init(range: Range<Int>, texture: BatchTexture, mask: BatchTexture, shading: Shading = .layer,
                features: LayerFeatures = .all) {
        self.range = range; self.texture = texture; self.mask = mask; self.shading = shading
        self.features = features
    }
}
