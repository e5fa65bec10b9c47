import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// Sum of alpha over a bitmap.
func inkAmount(_ image: RasterImage) -> Int {
    stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
}

@Suite struct TextRasterizerTests {
    let rasterizer: TextRasterizer

    init() throws { rasterizer = try TextRasterizer() }

    @Test func drawsNothingForNonTextEmptyOrInvisibleLayers() {
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(rasterizer.rasterContents(of: plain, pixelsPerPoint: 1) == nil)
        #expect(rasterizer.rasterContents(of: textLayer(""), pixelsPerPoint: 1) == nil)
        #expect(rasterizer.rasterContents(of: textLayer(nil), pixelsPerPoint: 1) == nil)
        #expect(rasterizer.rasterContents(of: textLayer("   \n  "), pixelsPerPoint: 1) == nil)
        #expect(rasterizer.rasterContents(of: textLayer("hi", width: 0), pixelsPerPoint: 1) == nil)
        let clear = textLayer("hi")
        clear.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0)
        #expect(rasterizer.rasterContents(of: clear, pixelsPerPoint: 1) == nil)
        let noColor = textLayer("hi")
        noColor.foregroundColor = nil
        #expect(rasterizer.rasterContents(of: noColor, pixelsPerPoint: 1) == nil)
    }

    @Test func attributedStringsDrawTheirPlainText() throws {
        let plain = try #require(rasterizer.rasterContents(of: textLayer("Hello"), pixelsPerPoint: 1))
        let attributed = try #require(
            rasterizer.rasterContents(
                of: textLayer(NSAttributedString(string: "Hello")), pixelsPerPoint: 1))
        #expect(plain.image === attributed.image)
    }

    @Test func cacheReturnsTheSameImageUntilSomethingChanges() throws {
        let layer = textLayer("Cached label")
        let first = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2))
        let again = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2))
        #expect(first.image === again.image)
        // A presentation copy is a new object with the same content.
        let copy = try #require(rasterizer.rasterContents(of: CATextLayer(layer: layer), pixelsPerPoint: 2))
        #expect(copy.image === first.image)
        // Moving the bounds' origin moves the rect, not the pixels.
        layer.bounds.origin = CGPoint(x: 10, y: 5)
        let moved = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2))
        #expect(moved.image === first.image)
        #expect(moved.rect == first.rect.offsetBy(dx: 10, dy: 5))
        // Anything that changes the pixels changes the key.
        layer.string = "Cached label!"
        let changed = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2))
        #expect(changed.image.key != first.image.key)
        layer.string = "Cached label"
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2)).image.key != first.image.key)
        let other = try #require(rasterizer.rasterContents(of: textLayer("Cached label"), pixelsPerPoint: 1))
        #expect(other.image.key != first.image.key)
    }

    @Test func canonicallyEquivalentStringsAreDifferentKeys() throws {
        let composed = try #require(rasterizer.rasterContents(of: textLayer("caf\u{E9}"), pixelsPerPoint: 1))
        let decomposed = try #require(rasterizer.rasterContents(of: textLayer("cafe\u{301}"), pixelsPerPoint: 1))
        #expect(composed.image.key != decomposed.image.key)
    }

    @Test func bitmapMatchesTheDeviceResolutionAndStaysInTheBounds() throws {
        let layer = textLayer("Crisp", width: 120, height: 40, size: 20)
        let one = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 1))
        let two = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 2))
        // Twice the pixels over the same rect (give or take the rounding of the ink box).
        #expect(abs(Double(two.image.width) - 2 * Double(one.image.width)) <= 3)
        #expect(abs(Double(two.image.height) - 2 * Double(one.image.height)) <= 3)
        #expect(abs(two.rect.width * 2 - Double(two.image.width)) < 1e-9)
        for made in [one, two] {
            #expect(CGRect(x: 0, y: 0, width: 120, height: 40).contains(made.rect))
        }
        // Text starts at the top-left: the ink box begins near the origin.
        #expect(one.rect.minX < 4 && one.rect.minY < 8)
    }

    @Test func textIsClippedToTheBounds() throws {
        let layer = textLayer("Much too long for this little layer", width: 40, height: 10, size: 16)
        let made = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 1))
        #expect(made.image.width <= 40 && made.image.height <= 10)
        #expect(CGRect(x: 0, y: 0, width: 40, height: 10).contains(made.rect))
    }

    @Test func aDotHasFarLessInkThanAnM() throws {
        let dot = try #require(rasterizer.rasterContents(of: textLayer(".", size: 40), pixelsPerPoint: 1))
        let m = try #require(rasterizer.rasterContents(of: textLayer("M", size: 40), pixelsPerPoint: 1))
        #expect(inkAmount(dot.image) * 5 < inkAmount(m.image))
    }

    @Test func pixelsAreTheForegroundColourPremultiplied() throws {
        let layer = textLayer("M", size: 60)
        layer.foregroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        let made = try #require(rasterizer.rasterContents(of: layer, pixelsPerPoint: 1))
        let px = made.image.pixels
        var full = 0
        for i in stride(from: 0, to: px.count, by: 4) {
            let a = Int(px[i + 3])
            // Every pixel is the colour scaled by its coverage.
            #expect(Int(px[i]) == a || abs(Int(px[i]) - a) <= 1)
            #expect(abs(Int(px[i + 1]) * 2 - a) <= 2)
            #expect(px[i + 2] == 0)
            if a == 128 { full += 1; #expect(px[i] == 128 && px[i + 1] == 64) }
        }
        #expect(full > 100, "the stems of an M at 60px are solid")
        // The border row is clear (the atlas gutter repeats it).
        #expect(px[3] == 0)
    }

    @Test func missingGlyphsDrawTheNotdefBox() throws {
        // U+E000 is private use: DejaVu has no glyph for it.
        let made = try #require(rasterizer.rasterContents(of: textLayer("\u{E000}", size: 30), pixelsPerPoint: 1))
        #expect(inkAmount(made.image) > 0)
        // Another missing character draws the same box; a real glyph does not.
        let other = try #require(rasterizer.rasterContents(of: textLayer("\u{E001}", size: 30), pixelsPerPoint: 1))
        let real = try #require(rasterizer.rasterContents(of: textLayer("x", size: 30), pixelsPerPoint: 1))
        #expect(other.image.pixels == made.image.pixels)
        #expect(real.image.pixels != made.image.pixels)
    }

    @Test func namedFontsPickTheirFiles() throws {
        let sans = try #require(rasterizer.rasterContents(of: textLayer("Il", size: 30), pixelsPerPoint: 1))
        let mono = try #require(
            rasterizer.rasterContents(
                of: textLayer("Il", size: 30, font: "DejaVuSansMono"),
                pixelsPerPoint: 1))
        let bold = try #require(
            rasterizer.rasterContents(
                of: textLayer("Il", size: 30, font: "DejaVuSans-Bold"),
                pixelsPerPoint: 1))
        #expect(mono.image.width > sans.image.width, "monospaced I and l are wider")
        #expect(inkAmount(bold.image) > inkAmount(sans.image))
        // An unknown name falls back to the default font.
        let unknown = try #require(
            rasterizer.rasterContents(
                of: textLayer("Il", size: 30, font: "NoSuchFont"),
                pixelsPerPoint: 1))
        #expect(unknown.image === sans.image)
    }

    @Test func hugeInputsAreClampedNotFatal() throws {
        // A string past the scalar limit, wrapped in a tall layer.
        let long = String(repeating: "word ", count: 40_000)
        let start = Date()
        let wrapped = textLayer(long, width: 300, height: 2000, wrapped: true)
        #expect(rasterizer.rasterContents(of: wrapped, pixelsPerPoint: 1) != nil)
        let unwrapped = textLayer(long, width: 300, height: 2000, alignment: .right)
        #expect(rasterizer.rasterContents(of: unwrapped, pixelsPerPoint: 1) != nil)
        #expect(Date().timeIntervalSince(start) < 20)
        // Bounds and text far past the bitmap limit.
        let huge = textLayer(String(repeating: "MMMM\n", count: 300), width: 50_000, height: 50_000, size: 400)
        let made = try #require(rasterizer.rasterContents(of: huge, pixelsPerPoint: 8))
        #expect(made.image.width <= 8192 && made.image.height <= 8192)
        // An enormous font size draws, at a lower resolution.
        let giant = textLayer("A", width: 20_000, height: 20_000, size: 10_000)
        #expect(rasterizer.rasterContents(of: giant, pixelsPerPoint: 2) != nil)
        // A width too narrow for any glyph still ends.
        let narrow = textLayer("narrow text", width: 0.5, height: 500, wrapped: true, truncation: .middle)
        // It ends, and whatever it draws stays within the half-point-wide bounds.
        if let made = rasterizer.rasterContents(of: narrow, pixelsPerPoint: 1) {
            #expect(made.rect.width <= 2)
        }
    }

    @Test func concurrentUseGivesTheSameImages() async throws {
        let strings = (0..<16).map { "Label number \($0)" }
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for i in 0..<64 {
                group.addTask { [rasterizer] in
                    let made = rasterizer.rasterContents(of: textLayer(strings[i % 16]), pixelsPerPoint: 2)
                    return (i % 16, made?.image.key)
                }
            }
            var keys: [Int: Set<String>] = [:]
            for await (i, key) in group { keys[i, default: []].insert(key ?? "nil") }
            return keys
        }
        for (_, keys) in results { #expect(keys.count == 1 && !keys.contains("nil")) }
    }
}
