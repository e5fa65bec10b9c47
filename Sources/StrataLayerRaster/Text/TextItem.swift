import Foundation

/// One character of a paragraph, mapped to its glyph and measured.
struct TextItem: Sendable {
    var scalar: Unicode.Scalar
    /// The glyph index in the layout's face (0 is `.notdef`).
    var glyph: UInt32
    /// Pixels the pen moves after the glyph.
    var advance: Double
    /// Breakable white space: hangs past the line end and stretches when justified.
    var isSpace: Bool
    /// A line may break just before this item (ideographs).
    var breakBefore: Bool
    /// A line may break just after this item (hyphens, ideographs).
    var breakAfter: Bool
}
