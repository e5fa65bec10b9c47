import Foundation
import Strata

@testable import StrataLayerRaster
@testable import StrataRender

// Tests hand rasterizers layers: what they draw, as the flattener passes it.
extension LayerRasterizer {
    func rasterContents(of layer: CALayer, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)? {
        rasterContents(of: RasterSource(layer), pixelsPerPoint: pixelsPerPoint)
    }
}

extension TextRasterizer {
    func layout(of layer: CATextLayer, pixelsPerPoint: Double) -> TextLayout? {
        layout(of: layer.textContent, size: layer.bounds.size, pixelsPerPoint: pixelsPerPoint)
    }
}
