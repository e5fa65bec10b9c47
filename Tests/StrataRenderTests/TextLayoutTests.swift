import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// A text layer of the given size and text (black on nothing, DejaVu Sans 12pt unless told).
func textLayer(
    _ string: Any?, width: CGFloat = 200, height: CGFloat = 100, size: CGFloat = 12,
    alignment: CATextLayerAlignmentMode = .natural, wrapped: Bool = false,
    truncation: CATextLayerTruncationMode = .none, font: Any? = nil
) -> CATextLayer {
    let t = CATextLayer()
    t.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    t.string = string
    t.fontSize = size
    t.font = font
    t.alignmentMode = alignment
    t.isWrapped = wrapped
    t.truncationMode = truncation
    t.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    return t
}

/// The pen width of `s` on one line, from the font's advances and kerning.
func advanceWidth(_ r: TextRasterizer, _ s: String, size: Double, scale: Double = 1) -> Double {
    r.withEngine { engine in
        let face = engine.defaultFace
        face.setPixelSize(Int((size * scale * 64).rounded()))
        let layout = TextLineLayout(metrics: FaceMetrics(engine: engine, face: face))
        let items = s.unicodeScalars.compactMap { layout.item($0) }
        return layout.measure(items[...])
    }
}

@Suite struct TextLayoutTests {
    let rasterizer: TextRasterizer

    init() throws { rasterizer = try TextRasterizer() }

    @Test func wrapsAtWordBoundariesWithinTheWidth() throws {
        let words = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let layer = textLayer(words, width: 100, height: 400, wrapped: true)
        let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1))
        #expect(layout.lines.count > 3)
        // The words come back in order, each line within the width…
        let joined = layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == words)
        for line in layout.lines { #expect(line.width <= 100 + 1e-6, "\(line.text) is \(line.width) wide") }
        // …and no line could have taken the next word.
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let firstWord = String(next.text.split(separator: " ").first ?? "")
            let both = line.text.trimmingCharacters(in: .whitespaces) + " " + firstWord
            #expect(advanceWidth(rasterizer, both, size: 12) > 100, "\(both) would fit")
        }
        // Baselines are one line height apart, the first an ascender down.
        #expect(layout.lines[0].baseline == layout.ascender.rounded())
        #expect(abs(layout.lines[2].baseline - layout.lines[1].baseline - layout.lineHeight) <= 1)
    }

    @Test func breaksWordsLongerThanALine() throws {
        let layer = textLayer("Supercalifragilisticexpialidocious", width: 40, height: 400, wrapped: true)
        let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1))
        #expect(layout.lines.count >= 4)
        #expect(layout.lines.map(\.text).joined() == "Supercalifragilisticexpialidocious")
        for line in layout.lines { #expect(line.width <= 40 + 1e-6) }
    }

    @Test func alignmentOffsetsComeFromTheAdvances() throws {
        let width = advanceWidth(rasterizer, "Hello, World", size: 12, scale: 2)
        #expect(width > 100 && width < 300)
        for (mode, expected) in [
            (CATextLayerAlignmentMode.left, 0.0), (.natural, 0), (.right, 400 - width),
            (.center, (400 - width) / 2),
        ] {
            let layer = textLayer("Hello, World", alignment: mode)
            let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 2))
            #expect(layout.lines.count == 1)
            #expect(abs(layout.lines[0].x - expected) < 1e-9, "\(mode.rawValue): x \(layout.lines[0].x)")
            #expect(abs(layout.lines[0].width - width) < 1e-9)
        }
    }

    @Test func justifiedLinesFillTheWidthButTheLastDoesNot() throws {
        let layer = textLayer(
            "one two three four five six seven eight nine ten", width: 90, height: 400,
            alignment: .justified, wrapped: true)
        let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1))
        #expect(layout.lines.count >= 3)
        let ends = try layout.lines.map { line in
            let last = try #require(line.glyphs.last)
            let advance = rasterizer.withEngine { $0.advance($0.defaultFace, last.glyph) }
            return line.x + last.x + advance
        }
        for end in ends.dropLast() { #expect(abs(end - 90) < 1e-6, "a justified line ends at \(end)") }
        #expect(ends.last! < 89)
    }

    @Test func newlinesStartLines() throws {
        let layer = textLayer("a\nb\r\nc\rd\u{2028}e\n\nf", height: 400)
        let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1))
        #expect(layout.lines.map(\.text) == ["a", "b", "c", "d", "e", "", "f"])
        let gaps = zip(layout.lines, layout.lines.dropFirst()).map { $1.baseline - $0.baseline }
        for gap in gaps { #expect(abs(gap - layout.lineHeight) <= 1) }
    }

    @Test func linesBelowTheBoundsAreNotLaidOut() throws {
        let many = (0..<10_000).map { "line \($0)" }.joined(separator: "\n")
        let layout = try #require(rasterizer.layout(of: textLayer(many, height: 50), pixelsPerPoint: 1))
        #expect(layout.lines.count <= 5)
    }

    @Test func endTruncationKeepsTheStart() throws {
        let layer = textLayer("The quick brown fox jumps over the lazy dog", width: 100, truncation: .end)
        let line = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1)?.lines.first)
        #expect(line.text.hasPrefix("The quick"))
        #expect(line.text.hasSuffix("…"))
        #expect(line.width <= 100)
        #expect(line.width > 80, "the cut should use the room there is: \(line.width)")
    }

    @Test func startAndMiddleTruncation() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let start = try #require(
            rasterizer.layout(
                of: textLayer(text, width: 100, truncation: .start),
                pixelsPerPoint: 1)?.lines.first)
        #expect(start.text.hasPrefix("…") && start.text.hasSuffix("lazy dog"))
        #expect(start.width <= 100)
        let middle = try #require(
            rasterizer.layout(
                of: textLayer(text, width: 100, truncation: .middle),
                pixelsPerPoint: 1)?.lines.first)
        #expect(middle.text.hasPrefix("The") && middle.text.hasSuffix("dog") && middle.text.contains("…"))
        #expect(middle.width <= 100)
        // Text that fits is left alone.
        let fits = try #require(
            rasterizer.layout(
                of: textLayer("short", truncation: .end),
                pixelsPerPoint: 1)?.lines.first)
        #expect(fits.text == "short")
    }

    @Test func unwrappedTruncationAppliesToEachLine() throws {
        let text = "a long first line that does not fit\nshort\nanother line much too long for it"
        let layout = try #require(
            rasterizer.layout(
                of: textLayer(text, width: 90, truncation: .end),
                pixelsPerPoint: 1))
        #expect(layout.lines.map { $0.text.hasSuffix("…") } == [true, false, true])
    }

    @Test func wrappedTruncationElidesTheLastVisibleLine() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let layer = textLayer(text, width: 80, height: 40, wrapped: true, truncation: .end)
        let layout = try #require(rasterizer.layout(of: layer, pixelsPerPoint: 1))
        let fullyVisible = Int((40 / layout.lineHeight).rounded(.down))
        #expect(layout.lines.count == fullyVisible)
        #expect(layout.lines.last!.text.hasSuffix("…"))
        #expect(layout.lines.dropLast().allSatisfy { !$0.text.contains("…") })
        #expect(layout.lines.last!.width <= 80)
        // Wrapped text that fits shows no ellipsis.
        let fits = try #require(
            rasterizer.layout(
                of: textLayer(
                    "one two", width: 80, height: 40, wrapped: true,
                    truncation: .end), pixelsPerPoint: 1))
        #expect(fits.lines.map(\.text) == ["one two"])
    }

    @Test func kerningTightensPairs() {
        let apart = advanceWidth(rasterizer, "A", size: 40) + advanceWidth(rasterizer, "V", size: 40)
        #expect(advanceWidth(rasterizer, "AV", size: 40) < apart - 1)
    }

    @Test func controlAndIgnorableCharactersTakeNoRoom() {
        #expect(
            abs(advanceWidth(rasterizer, "a\u{200B}b\u{FEFF}", size: 12) - advanceWidth(rasterizer, "ab", size: 12))
                < 1e-9)
    }

    @Test func scaleIsClampedAndQuantized() {
        #expect(TextRasterizer.scale(1, fontSize: 12) == 1)
        #expect(TextRasterizer.scale(2, fontSize: 12) == 2)
        #expect(TextRasterizer.scale(1.5, fontSize: 12) == 1.5)
        #expect(TextRasterizer.scale(1.001, fontSize: 12) == 1)
        #expect(TextRasterizer.scale(100, fontSize: 12) == 8)
        #expect(TextRasterizer.scale(0.01, fontSize: 12) == 0.25)
        #expect(TextRasterizer.scale(.nan, fontSize: 12) == 1)
        // The em never exceeds 1024 pixels.
        #expect(TextRasterizer.scale(2, fontSize: 4000) == 1024.0 / 4000)
    }
}
