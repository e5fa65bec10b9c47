import Foundation

extension DrawItem {
    /// Whether the item can draw a coverage bitmap (``RasterImage/coverage``) as
    /// its contents, its paint multiplied in through the instance's tint: it
    /// draws nothing of its own that the tint would colour too (a fill, a
    /// border, a cut to its shape), and is a layer body (a composite's tint means
    /// another thing).
    package var takesCoveragePaint: Bool {
        kind == .layer && fill.isClear && borderWidth == 0 && !clipsContentToShape
    }
}
