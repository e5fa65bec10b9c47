import Foundation

/// Where a glyph's rendered bitmap lies, without its pixels: what a text
/// layer's extent is measured from.
struct GlyphBox: Hashable, Sendable {
    /// Pixels from the pen position to the bitmap's left column.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var width: Int
    var height: Int

    /// A glyph that draws nothing.
    static let empty = GlyphBox(left: 0, top: 0, width: 0, height: 0)
}
