import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// `TextRasterizer.contentsBounds`: a text layer's extent from its layout and
/// its glyphs' outlines, without rendering a glyph, equal to the rect of the
/// bitmap drawing it makes.
@Suite struct TextBoundsTests {
    /// Texts over sizes, scales, alignments, wrapping, truncation, fonts and
    /// bounds that cut the ink.
    static func cases() -> [(CATextLayer, Double)] {
        var cases: [(CATextLayer, Double)] = []
        let strings = [
            "Hello", "Ag", "jump, quickly!", "caf\u{E9} na\u{EF}ve", "tail\u{2026}", "A\nsecond line",
            "one two three four five six seven eight nine ten", ".", "W", "  spaced  ",
        ]
        for (i, string) in strings.enumerated() {
            for ppu in [0.5, 1, 1.37, 2, 3.1] {
                let layer = textLayer(
                    string, width: 60 + CGFloat(i * 13), height: 16 + CGFloat(i * 7),
                    size: 9 + CGFloat(i * 3),
                    alignment: [.natural, .center, .right, .justified][i % 4],
                    wrapped: i % 3 == 0, truncation: [.none, .end, .middle, .start][i % 4],
                    font: i % 5 == 4 ? "DejaVuSansMono" : nil)
                if i % 2 == 1 { layer.bounds.origin = CGPoint(x: 3.5, y: -2) }
                cases.append((layer, ppu))
            }
        }
        let huge = textLayer("Big", width: 3000, height: 1500, size: 900)
        cases.append((huge, 8))
        return cases
    }

    @Test func equalTheDrawnBitmapsRect() throws {
        let measurer = try TextRasterizer(), drawer = try TextRasterizer()
        var drawn = 0
        let cases = Self.cases()
        for (layer, ppu) in cases {
            let source = RasterSource(layer)
            let bounds = measurer.contentsBounds(of: source, pixelsPerPoint: ppu)
            let made = drawer.rasterContents(of: source, pixelsPerPoint: ppu)
            #expect(bounds == made?.rect, "\(layer.plainString) at \(ppu)")
            if made != nil { drawn += 1 }
        }
        #expect(drawn > cases.count * 3 / 4)
        // Measuring rendered no glyph and kept no bitmap.
        #expect(measurer.withEngine { $0.cachedBitmapCount } == 0)
    }

    @Test func textThatDrawsNothingHasNoBounds() throws {
        let rasterizer = try TextRasterizer()
        for layer in [textLayer(""), textLayer("   "), textLayer("hi", width: 0), textLayer("hi", size: 0)] {
            #expect(rasterizer.contentsBounds(of: RasterSource(layer), pixelsPerPoint: 1) == nil)
        }
        #expect(rasterizer.contentsBounds(of: RasterSource(CALayer()), pixelsPerPoint: 1) == nil)
    }

    @Test func aDrawnTextIsMeasuredFromItsBitmap() throws {
        let rasterizer = try TextRasterizer()
        let layer = textLayer("Cached")
        let made = try #require(rasterizer.rasterContents(of: RasterSource(layer), pixelsPerPoint: 2))
        #expect(rasterizer.contentsBounds(of: RasterSource(layer), pixelsPerPoint: 2) == made.rect)
    }
}
