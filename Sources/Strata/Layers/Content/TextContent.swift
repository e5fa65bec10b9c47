import Foundation

/// What a `CATextLayer` draws: its string and how it is set.
package struct TextContent: Hashable, Sendable {
    /// The text as plain characters (an attributed string's characters).
    package var string: String
    /// The font's name; nil for the default font (also when `font` is not a name).
    package var fontName: String?
    /// Points.
    package var fontSize: CGFloat
    /// Nil draws nothing.
    package var foregroundColor: CGColor?
    package var isWrapped: Bool
    package var alignmentMode: CATextLayerAlignmentMode
    package var truncationMode: CATextLayerTruncationMode

    package init(string: String, fontName: String?, fontSize: CGFloat, foregroundColor: CGColor?, isWrapped: Bool,
                 alignmentMode: CATextLayerAlignmentMode, truncationMode: CATextLayerTruncationMode) {
        self.string = string; self.fontName = fontName; self.fontSize = fontSize
        self.foregroundColor = foregroundColor; self.isWrapped = isWrapped
        self.alignmentMode = alignmentMode; self.truncationMode = truncationMode
    }
}
