import Foundation
import Testing

@testable import Strata

/// Glyphs drawn by index, as iOS code draws them with `CGFont` and `CTFont`.
@Suite("CGContext glyphs")
struct CGFontGlyphTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    func bytes(_ ctx: CGContext) -> [UInt8] {
        Array(
            UnsafeBufferPointer(
                start: ctx.data!.assumingMemoryBound(to: UInt8.self),
                count: ctx.bytesPerRow * ctx.height))
    }

    /// "H" drawn as a CTLine at (5, 5), 20 points, in red: the reference.
    func lineReference() -> CGContext {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        let attributes: [NSAttributedString.Key: Any] = [
            kCTFontAttributeName as NSAttributedString.Key: font,
            kCTForegroundColorAttributeName as NSAttributedString.Key: red,
        ]
        let ctx = rgbaContext(40, 30)
        ctx.textPosition = CGPoint(x: 5, y: 5)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "H", attributes: attributes)), ctx)
        return ctx
    }

    @Test func showGlyphsDrawsTheFontsGlyphsAtTheirPositions() throws {
        let ctFont = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        var characters: [UInt16] = Array("HI".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        #expect(CTFontGetGlyphsForCharacters(ctFont, &characters, &glyphs, 2))
        #expect(glyphs[0] != 0 && glyphs[1] != 0 && glyphs[0] != glyphs[1])
        let font = try #require(CGFont("Helvetica" as CFString))
        #expect(font.unitsPerEm == 2048 && font.numberOfGlyphs > 1000)  // DejaVu Sans
        var advances: [Int32] = [0, 0]
        #expect(font.getGlyphAdvances(glyphs: &glyphs, count: 2, advances: &advances) && advances == [1540, 604])

        let ctx = rgbaContext(40, 30)
        ctx.setFont(font)
        ctx.setFontSize(20)
        ctx.setFillColor(red)
        ctx.showGlyphs([glyphs[0]], at: [CGPoint(x: 5, y: 5)])
        // The H's left stem at mid-height, nothing below the baseline (y = 5, memory row 25) or between the stems.
        #expect(pixel(ctx, 7, 18) == [255, 0, 0, 255])
        #expect(pixel(ctx, 7, 26)[3] == 0 && pixel(ctx, 12, 22)[3] == 0)
        // The same pixels as Core Text's line of the same glyph.
        #expect(bytes(ctx) == bytes(lineReference()))
    }

    @Test func ctFontDrawGlyphsGoesThroughTheTextMatrix() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        var characters: [UInt16] = Array("H".utf16)
        var glyph: CGGlyph = 0
        _ = CTFontGetGlyphsForCharacters(font, &characters, &glyph, 1)
        let ctx = rgbaContext(40, 30)
        ctx.setFillColor(red)
        // The text matrix moves the glyph as the position would.
        ctx.textMatrix = CGAffineTransform(translationX: 3, y: 0)
        var position = CGPoint(x: 2, y: 5)
        CTFontDrawGlyphs(font, &glyph, &position, 1, ctx)
        #expect(bytes(ctx) == bytes(lineReference()))
        // A glyph the font has not draws nothing; a missing character reports false.
        let empty = rgbaContext(8, 8)
        empty.setFont(CGFont("Helvetica" as CFString)!)
        empty.setFontSize(8)
        empty.showGlyphs([CGGlyph.max], at: [.zero])
        #expect(bytes(empty).allSatisfy { $0 == 0 })
        var privateUse: [UInt16] = [0xE000]
        var none: CGGlyph = 7
        #expect(!CTFontGetGlyphsForCharacters(font, &privateUse, &none, 1) && none == 0)
    }
}
