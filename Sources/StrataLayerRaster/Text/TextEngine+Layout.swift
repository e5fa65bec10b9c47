import Foundation
import Strata
import StrataRender

/// Line layout as Core Animation lays out a text layer, in device pixels
/// (Strata's `TextLineLayout`, shared with `CATextLayer.draw(in:)`, with this
/// engine's FreeType metrics).
extension TextEngine {
    /// Lays out `style`'s string in its bounds with `face` (set to the style's pixel size).
    func layout(_ style: TextStyle, face: FontFace) -> TextLayout {
        let pixelSize = style.fontSize * style.scale
        face.setPixelSize(max(64, Int((pixelSize * 64).rounded())))
        let metrics = face.lineMetrics
        var lineHeight = metrics.height
        if !(lineHeight > 0) { lineHeight = metrics.ascender - metrics.descender }
        if !(lineHeight > 0) { lineHeight = pixelSize * 1.2 }
        let width = style.width * style.scale, height = style.height * style.scale
        let lines = TextLineLayout(metrics: FaceMetrics(engine: self, face: face))
            .lines(
                of: style.string, width: width, height: height, ascender: metrics.ascender, lineHeight: lineHeight,
                alignment: style.alignment, wrapped: style.wrapped, truncation: style.truncation)
        return TextLayout(
            lines: lines, width: width, height: height, ascender: metrics.ascender,
            lineHeight: lineHeight, pixelSize: pixelSize)
    }
}

/// A face at its current pixel size, measured through the engine's caches.
struct FaceMetrics: TextMetrics {
    let engine: TextEngine
    let face: FontFace

    func glyphIndex(for scalar: UInt32) -> UInt32 { face.glyphIndex(for: scalar) }
    func advance(of glyph: UInt32) -> Double { engine.advance(face, glyph) }
    func kerning(_ left: UInt32, _ right: UInt32) -> Double { engine.kerning(face, left, right) }
}
