import Foundation
import Testing

@testable import Strata

/// `CATextLayer` subclasses that draw through `draw(in:)`, as iOS code writes
/// them: the text layer's own drawing is `super.draw(in:)`, and what the
/// override makes of it becomes the layer's `contents`.
@Suite struct TextLayerDrawingIdiomTests {
    /// The common "vertically centred text layer" of iOS code.
    final class CenteredTextLayer: CATextLayer {
        var drawCount = 0

        override func draw(in ctx: CGContext) {
            drawCount += 1
            let height = bounds.size.height
            let fontSize = self.fontSize
            let yDiff = (height - fontSize) / 2 - fontSize / 10
            ctx.saveGState()
            ctx.translateBy(x: 0, y: yDiff)
            super.draw(in: ctx)
            ctx.restoreGState()
        }
    }

    /// A subclass that changes nothing about the drawing.
    final class StyledTextLayer: CATextLayer {
        override init() {
            super.init()
            fontSize = 20
            foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// A subclass that draws a bar under its text, after it.
    final class UnderlinedTextLayer: CATextLayer {
        override func draw(in ctx: CGContext) {
            super.draw(in: ctx)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: bounds.height - 2, width: bounds.width, height: 2))
        }
    }

    private func configure<L: CATextLayer>(_ layer: L) -> L {
        layer.bounds = CGRect(x: 0, y: 0, width: 160, height: 80)
        layer.position = CGPoint(x: 80, y: 40)
        layer.fontSize = 20
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.string = "Hello"
        return layer
    }

    /// The rows of `image` with any pixel of alpha above 64, top first.
    private func inkedRows(_ image: CGImage) -> ClosedRange<Int>? {
        var rows: [Int] = []
        for y in 0..<image.height {
            let start = y * image.width * 4
            if stride(from: start + 3, to: start + image.width * 4, by: 4).contains(where: { image.pixels[$0] > 64 }) {
                rows.append(y)
            }
        }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    /// `layer` drawn with `draw(in:)` into an iOS-style (y down) bitmap context of its bounds.
    private func drawn(_ layer: CALayer) throws -> CGImage {
        let w = Int(layer.bounds.width), h = Int(layer.bounds.height)
        let ctx = try #require(
            CGContext(
                data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        layer.draw(in: ctx)
        return try #require(ctx.makeImage())
    }

    @Test func textLayersDrawTheirStringIntoAContext() throws {
        let layer = configure(CATextLayer())
        let image = try drawn(layer)
        let rows = try #require(inkedRows(image))
        // The first baseline is one ascender down: the ink starts near the top, within the first line.
        #expect(rows.lowerBound < 10 && rows.upperBound < 30)
        // Wrapped onto two lines when narrower, the ink reaches further down.
        layer.bounds.size.width = 40
        layer.isWrapped = true
        layer.string = "Hello there"
        let wrapped = try #require(inkedRows(try drawn(layer)))
        #expect(wrapped.upperBound > rows.upperBound + 15)
    }

    @Test func aSubclassOverridingDrawInContextIsDrawnThroughIt() throws {
        let stage = Stage()
        let layer = stage.show(configure(CenteredTextLayer()))
        stage.tick(0)
        #expect(layer.drawCount >= 1)
        let contents = try #require(layer.contents as? CGImage)
        #expect(contents.width == 160 && contents.height == 80)
        // What the override drew is what shows: the renderer does not draw the string again.
        #expect(layer.contentKind == .plain)
        #expect(stage.sample(layer, at: 0).contentKind == .plain)

        // Its text is the plain drawing shifted down by yDiff.
        let yDiff = Int((80 - 20) / 2 - 20 / 10)
        let shifted = try #require(inkedRows(contents))
        let unshifted = try #require(inkedRows(try drawn(configure(CATextLayer()))))
        #expect(shifted.lowerBound == unshifted.lowerBound + yDiff)
        #expect(shifted.upperBound == unshifted.upperBound + yDiff)

        // Changing the string draws it again.
        let before = layer.drawCount
        layer.string = "Hello, world"
        stage.tick(1)
        #expect(layer.drawCount > before)
        #expect((layer.contents as? CGImage) !== contents)
        // So does a change of bounds, once, at the new size.
        layer.bounds.size.height = 100
        stage.tick(2)
        #expect((layer.contents as? CGImage)?.height == 100)
        #expect(layer.needsDisplayOnBoundsChange && !CATextLayer().needsDisplayOnBoundsChange)
    }

    @Test func aSubclassThatDrawsAfterTheTextKeepsBoth() throws {
        let stage = Stage()
        let layer = stage.show(configure(UnderlinedTextLayer()))
        stage.tick(0)
        let contents = try #require(layer.contents as? CGImage)
        #expect(layer.contentKind == .plain)
        let rows = try #require(inkedRows(contents))
        #expect(rows.lowerBound < 10)  // the text
        #expect(rows.upperBound == 79)  // the bar
        // The bar's pixels are red, the text's white.
        let bar = (78 * 160 + 80) * 4
        #expect(contents.pixels[bar] == 255 && contents.pixels[bar + 1] == 0)
    }

    @Test func subclassesThatDrawOnlyTheStringAndPlainLayersKeepTheRenderersText() {
        let stage = Stage()
        let styled = stage.show(configure(StyledTextLayer()))
        let plain = stage.show(configure(CATextLayer()))
        stage.tick(0)
        // Drawn by the renderer, at the screen's resolution: no bitmap.
        #expect(styled.contents == nil && styled.contentKind == .text)
        #expect(plain.contents == nil && plain.contentKind == .text)
        plain.setNeedsDisplay()
        stage.tick(1)
        #expect(plain.contents == nil && plain.contentKind == .text)
    }
}
