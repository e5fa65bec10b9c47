import Foundation
import StrataRender

extension LayerRenderer {
    /// What the renderer keeps between frames (as its frame builder planned it).
    package var resources: LayerRendererResources { builder.resources }
}
