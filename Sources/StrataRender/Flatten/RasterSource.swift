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
    /// Device pixels per point along the layer's x and y axes where they differ (a layer
    /// scaled 100% × 20%), for rasterizers that make bitmaps at each: a bitmap made at
    /// the smaller alone is stretched along the other, and at the larger alone it is
    /// squeezed. Nil: `pixelsPerPoint` along both.
    package var pixelsPerPointAlongAxes: (x: Double, y: Double)?
    /// Where the layer's origin falls within a device pixel (0 ≤ x, y < 1), when the
    /// layer is drawn without rotation, flip or perspective: a bitmap made at the
    /// device's density with its pixel grid shifted by it lands on whole device
    /// pixels and is drawn texel for pixel, not resampled. Nil: unknown.
    package var pixelPhase: (x: Double, y: Double)?
    /// The part of the layer's plane that can show (local coordinates): the
    /// target's pixels mapped back, when the layer is drawn without rotation,
    /// flip or perspective and leaves outside the target are culled. A bitmap
    /// made afresh need not cover more (an animated path's, every frame); one
    /// kept while its layer moves must. Nil: all of it may show.
    package var visibleRect: CGRect?

    package init(
        content: LayerContent, bounds: CGRect, pixelsPerPointAlongAxes: (x: Double, y: Double)? = nil,
        pixelPhase: (x: Double, y: Double)? = nil, visibleRect: CGRect? = nil
    ) {
        self.content = content
        self.bounds = bounds
        self.pixelsPerPointAlongAxes = pixelsPerPointAlongAxes
        self.pixelPhase = pixelPhase
        self.visibleRect = visibleRect
    }

    /// What `layer` draws now (pass a presentation layer).
    public init(_ layer: CALayer) {
        self.init(content: layer.drawnContent, bounds: layer._state.bounds)
    }
}
