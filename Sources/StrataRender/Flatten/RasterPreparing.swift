import Foundation

/// A bitmap a ``LayerRasterizer`` is asked to make ahead.
package struct RasterRequest {
    package var source: RasterSource
    package var pixelsPerPoint: Double
    /// The pixels of the layer's bitmap when last made: about what this one costs.
    package var pixels: Int

    package init(source: RasterSource, pixelsPerPoint: Double, pixels: Int) {
        self.source = source
        self.pixelsPerPoint = pixelsPerPoint
        self.pixels = pixels
    }
}

/// A rasterizer that can make several bitmaps at once, side by side on the
/// cores, and keep them for `rasterContents(of:pixelsPerPoint:)` asked with
/// the same arguments: the flattener hands it the frame's changed shapes
/// before it walks the tree (`RasterPlacementMemo`).
package protocol RasterPreparing {
    /// Makes (and keeps) the bitmaps of `requests` it draws; ignores the rest.
    func prepare(_ requests: [RasterRequest])
}
