import Foundation

/// One rendered glyph: 8-bit grey coverage, placed relative to its pen position.
struct GlyphBitmap: Sendable {
    /// Pixels from the pen position to the bitmap's left column.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var width: Int
    var height: Int
    /// Coverage 0…255, `width × height`, top row first, no padding.
    var coverage: [UInt8]

    /// A glyph that draws nothing (a space, or one FreeType could not render).
    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])

    /// How many bytes the glyph holds in a cache.
    var byteCount: Int { coverage.count + 32 }
}
