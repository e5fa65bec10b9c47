import Foundation
import Strata
import StrataRender

/// The CPU-drawn layer kinds together: each layer goes to the first
/// rasterizer that draws it (shape layers, then text layers).
public final class StandardLayerRasterizer: LayerRasterizer, RasterPreparing, @unchecked Sendable {
    public let rasterizers: [LayerRasterizer]

    public init(_ rasterizers: [LayerRasterizer]) { self.rasterizers = rasterizers }

    /// Shape layers and text layers (which need the default font).
    public static func shapesAndText() throws(RenderError) -> StandardLayerRasterizer {
        StandardLayerRasterizer([ShapeLayerRasterizer(), try TextRasterizer()])
    }

    public func rasterContents(of source: RasterSource, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)? {
        for r in rasterizers {
            if let made = r.rasterContents(of: source, pixelsPerPoint: pixelsPerPoint) { return made }
        }
        return nil
    }

    /// Hands `requests` to the rasterizers that make bitmaps ahead (each ignores what it does not draw).
    package func prepare(_ requests: [RasterRequest]) {
        for case let r as RasterPreparing in rasterizers { r.prepare(requests) }
    }

    public func contentsBounds(of source: RasterSource, pixelsPerPoint: Double) -> CGRect? {
        for r in rasterizers {
            if let rect = r.contentsBounds(of: source, pixelsPerPoint: pixelsPerPoint) { return rect }
        }
        return nil
    }
}
