import Foundation
import Strata

/// One instanced draw call: consecutive instances of the frame's instance
/// array drawn with one program and one pair of textures.
package struct PlannedDraw: Hashable, Sendable {
    /// Indices into ``FramePlan/instances``.
    package var instances: Range<Int>
    package var texture: BoundTexture
    package var mask: BoundTexture
    /// The program every instance is drawn with.
    package var shading: Shading
    /// For the layer program: the parts compiled in (the union over the draw's items).
    package var features: LayerFeatures
    /// How the draw's items combine with what is beneath them (`compositingFilter`).
    package var blend: BlendMode = .normal
    /// For a blend that reads the backdrop: the viewport pixels (y down,
    /// whole, within the viewport) the backend copies from its target before
    /// the draw, for the draw to sample. They hold every pixel the draw's items
    /// can touch, and no two of its items share one (``Batcher``).
    package var backdrop: CGRect?
    /// The mesh each instance is.
    package var geometry: DrawGeometry = .quad
    /// For the particle program: the births drawn and how.
    package var particles: PlannedParticles?
}
