import Foundation

/// One laid-out line of a text layer, in device pixels from the bounds' top-left.
struct TextLine: Sendable {
    /// The glyphs drawn, each with its pen position from the line's start.
    var glyphs: [(glyph: UInt32, x: Double)]
    /// What the line shows (with "…" where it was truncated); for tests and debugging.
    var text: String
    /// Where the line starts (alignment offset).
    var x: Double
    /// The line's width without trailing spaces (before justification stretches it).
    var width: Double
    /// The baseline, a whole pixel.
    var baseline: Double
}
