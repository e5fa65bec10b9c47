import Foundation
import Strata

/// What a ``LayerRasterizer`` draws for one layer, as values: what the
/// layer's class draws (a shape's path and paint, a text layer's string) and
/// the layer's bounds.
public struct RasterSource {
    /// What the layer draws beyond a plain layer's properties.
    package var content: LayerContent
    /// The layer's bounds (text is laid out in them).
    package var bounds: CGRect

    package init(content: LayerContent, bounds: CGRect) {
        self.content = content
        self.bounds = bounds
    }

    /// What `layer` draws now (pass a presentation layer).
    public init(_ layer: CALayer) {
        self.init(content: layer.drawnContent, bounds: layer._state.bounds)
    }
}
