import Foundation

/// A `CATextLayer`'s own properties as one value (see `LayerState`), with Core Animation's defaults.
package struct TextLayerState {
    package var string: Any? = nil
    package var font: Any? = nil
    package var fontSize: CGFloat = 36
    package var foregroundColor: CGColor? = .white
    package var isWrapped = false
    package var alignmentMode = CATextLayerAlignmentMode.natural
    package var truncationMode = CATextLayerTruncationMode.none
    /// Kept: Strata's text places glyphs at quarter pixels whatever it is.
    package var allowsFontSubpixelQuantization = false
    /// Whether the layer shows its `contents` as drawn by `display()` rather
    /// than the renderer's text: a subclass whose `draw(in:)` draws more than
    /// the string (see `CATextLayer+Drawing.swift`). Not a property: decided
    /// at each display, copied with the rest.
    package var drawsThroughDisplay = false

    package init() {}
}

extension TextLayerState: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout TextLayerState) -> R) -> R {
        let layer = unsafeDowncast(layer, to: CATextLayer.self)
        return body(&layer._text)
    }
}
