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
    package var alignment: Alignment
    package var truncation: Truncation

    /// How lines sit across the bounds (`CATextLayer.alignmentMode`).
    package enum Alignment: Hashable, Sendable {
        /// Left, for the left-to-right text drawn.
        case natural, left, right, center
        /// Each line but a paragraph's last stretched to the full width.
        case justified
    }

    /// Where text that does not fit is elided (`CATextLayer.truncationMode`).
    package enum Truncation: Hashable, Sendable {
        case none, start, end, middle
    }

    package init(
        string: String, fontName: String?, fontSize: CGFloat, foregroundColor: CGColor?, isWrapped: Bool,
        alignment: Alignment, truncation: Truncation
    ) {
        self.string = string; self.fontName = fontName; self.fontSize = fontSize
        self.foregroundColor = foregroundColor; self.isWrapped = isWrapped
        self.alignment = alignment; self.truncation = truncation
    }
}
