import Foundation
import Strata

/// Consecutive items of one pass drawn with one instanced draw call.
package struct DrawBatch: Hashable, Sendable {
    /// Indices into the pass's items.
    package var range: Range<Int>
    package var texture: BatchTexture
    /// The mask texture bound alongside (composites of masked passes).
    package var mask: BatchTexture
    /// The program every item of the batch is drawn with.
    package var shading: Shading
    /// For the layer program: the parts of it the batch's items use (the
    /// program is compiled with only those).
    package var features: LayerFeatures
    /// How the batch's items combine with what is beneath them.
    package var blend: BlendMode = .normal
    /// The mesh each instance is.
    package var geometry: DrawGeometry = .quad

    package init(
        range: Range<Int>, texture: BatchTexture, mask: BatchTexture, shading: Shading = .layer,
        features: LayerFeatures = .all
    ) {
        self.range = range; self.texture = texture; self.mask = mask; self.shading = shading
        self.features = features
    }
}
