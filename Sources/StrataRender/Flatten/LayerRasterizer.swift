import Foundation
import Strata

/// Draws layer kinds whose contents are made on the CPU (shape paths, text).
///
/// A rasterizer sees values, not layers: what the layer's class draws and
/// the layer's bounds (``RasterSource``).
public protocol LayerRasterizer {
    /// A bitmap of a layer's own contents and the local rect it covers, for a
    /// layer drawn at about `pixelsPerPoint` device pixels per local unit; nil draws nothing.
    func rasterContents(of source: RasterSource, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)?

    /// The local rect `rasterContents(of:pixelsPerPoint:)` returns, without
    /// making the bitmap (nil when it returns nil): how far a layer-space pass
    /// must reach. The default makes the bitmap; implement it where the rect is
    /// known sooner.
    func contentsBounds(of source: RasterSource, pixelsPerPoint: Double) -> CGRect?
}

extension LayerRasterizer {
    public func contentsBounds(of source: RasterSource, pixelsPerPoint: Double) -> CGRect? {
        rasterContents(of: source, pixelsPerPoint: pixelsPerPoint)?.rect
    }
}
