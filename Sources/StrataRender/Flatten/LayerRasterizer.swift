import Foundation
import Strata

/// Draws layer kinds whose contents are made on the CPU (shape paths, text).
public protocol LayerRasterizer {
    /// A bitmap of `layer`'s own contents and the local rect it covers, for a
    /// layer drawn at about `pixelsPerPoint` device pixels per local unit; nil draws nothing.
    func rasterContents(of layer: CALayer, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)?
}
