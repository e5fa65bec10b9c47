import Foundation
import Strata

/// A text layer's lines placed in its bounds, in device pixels.
struct TextLayout: Sendable {
    var lines: [TextLine]
    /// The bounds in pixels: text is clipped to `0..<width, 0..<height`.
    var width: Double
    var height: Double
    /// Font metrics at the layout's size, in pixels.
    var ascender: Double
    var lineHeight: Double
    /// The em size in pixels.
    var pixelSize: Double
}
