import Foundation
import Testing

@testable import Strata

/// A premultiplied RGBA bitmap context, as iOS code makes one.
func rgbaContext(_ width: Int, _ height: Int) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The bytes of pixel (`x`, `row`), rows counted from the top of memory.
func pixel(_ ctx: CGContext, _ x: Int, _ row: Int) -> [Int] {
    let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + row * ctx.bytesPerRow + x * ctx.bitsPerPixel / 8
    return (0..<(ctx.bitsPerPixel / 8)).map { Int(p[$0]) }
}

func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("CGContext pixels")
struct CGContextTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func aNewContextIsClearAndItsOriginIsBottomLeft() {
        let ctx = rgbaContext(4, 4)
        #expect(pixel(ctx, 0, 0) == [0, 0, 0, 0])
        #expect(ctx.ctm == .identity)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        // User y = 0 is the bottom row: the last row in memory.
        #expect(pixel(ctx, 2, 3) == [255, 0, 0, 255])
        #expect(pixel(ctx, 2, 2) == [0, 0, 0, 0])
        let image = ctx.makeImage()!
        #expect(image.width == 4 && image.height == 4)
        #expect(Array(image.pixels[(3 * 4 + 2) * 4..<(3 * 4 + 2) * 4 + 4]) == [255, 0, 0, 255])
    }

    @Test func coverageIsTheAreaOfEachPixelInside() {
        let ctx = rgbaContext(8, 1)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 2.5, y: 0, width: 3.25, height: 1))
        #expect(pixel(ctx, 1, 0) == [0, 0, 0, 0])
        #expect(close(pixel(ctx, 2, 0), [128, 0, 0, 128]))
        #expect(pixel(ctx, 3, 0) == [255, 0, 0, 255])
        #expect(close(pixel(ctx, 5, 0), [191, 0, 0, 191]))
        #expect(pixel(ctx, 6, 0) == [0, 0, 0, 0])
    }

    @Test func alphaAndTranslucentColoursComposeSourceOver() {
        let ctx = rgbaContext(2, 1)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        ctx.setAlpha(0.5)
        ctx.setFillColor(blue)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // 0.5 blue over red: (128, 0, 128) after rounding, opaque.
        #expect(close(pixel(ctx, 0, 0), [128, 0, 128, 255]))
        #expect(pixel(ctx, 1, 0) == [255, 0, 0, 255])
    }

    @Test func strokesTakeWidthCapsAndJoinsInUserSpace() {
        let ctx = rgbaContext(40, 20)
        ctx.setStrokeColor(red)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: 10, y: 10))
        ctx.addLine(to: CGPoint(x: 30, y: 10))
        ctx.strokePath()
        #expect(ctx.isPathEmpty)
        // Rows 8…11 (y 8…12 up from the bottom → memory rows 8…11) are covered between x 10 and 30.
        #expect(pixel(ctx, 20, 8)[3] == 255 && pixel(ctx, 20, 11)[3] == 255)
        #expect(pixel(ctx, 20, 7)[3] == 0 && pixel(ctx, 20, 12)[3] == 0)
        #expect(pixel(ctx, 9, 10)[3] == 0)  // butt cap: nothing before the start
        // A square cap reaches half the width past the ends; scaling user space widens the line.
        let capped = rgbaContext(40, 20)
        capped.setStrokeColor(red)
        capped.setLineCap(.square)
        capped.scaleBy(x: 2, y: 2)
        capped.setLineWidth(2)
        capped.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
        #expect(capped.ctm == CGAffineTransform(scaleX: 2, y: 2))
        #expect(pixel(capped, 8, 10)[3] == 255)  // 2 px before the start (1 user unit × 2)
        #expect(pixel(capped, 7, 10)[3] == 0)
        #expect(pixel(capped, 31, 8)[3] == 255 && pixel(capped, 31, 11)[3] == 255)  // 4 px wide
    }

    @Test func dashesAlternateAlongTheLine() {
        let ctx = rgbaContext(32, 4)
        ctx.setStrokeColor(red)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [4, 4])
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 32, y: 2)])
        let row = (0..<32).map { pixel(ctx, $0, 1)[3] }
        #expect(row == (0..<32).map { ($0 / 4) % 2 == 0 ? 255 : 0 })
        // A phase shifts the pattern back along the line.
        let shifted = rgbaContext(32, 4)
        shifted.setStrokeColor(red)
        shifted.setLineWidth(2)
        shifted.setLineDash(phase: 2, lengths: [4, 4])
        shifted.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 32, y: 2)])
        #expect((0..<32).map { pixel(shifted, $0, 1)[3] } == (0..<32).map { (($0 + 2) / 4) % 2 == 0 ? 255 : 0 })
    }

    @Test func evenOddLeavesTheInnerSquareEmpty() {
        for (rule, centre) in [(CGPathFillRule.winding, 255), (.evenOdd, 0)] {
            let ctx = rgbaContext(20, 20)
            ctx.setFillColor(red)
            ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
            ctx.fillPath(using: rule)
            #expect(pixel(ctx, 10, 10)[3] == centre)
            #expect(pixel(ctx, 2, 2)[3] == 255)
        }
    }

    @Test func clipsNarrowAndTheStateStackRestores() {
        let ctx = rgbaContext(20, 20)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clip()
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(pixel(ctx, 5, 10)[3] == 255)  // inside both
        #expect(pixel(ctx, 15, 10)[3] == 0)  // right of the rect clip
        #expect(pixel(ctx, 0, 0)[3] == 0)  // outside the circle, in a corner
        ctx.restoreGState()
        // The clip and the fill colour (black again) are back to before.
        ctx.fill(CGRect(x: 15, y: 0, width: 5, height: 20))
        #expect(pixel(ctx, 17, 10) == [0, 0, 0, 255])
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func transformsApplyAsPointsAreAdded() {
        let ctx = rgbaContext(20, 20)
        ctx.translateBy(x: 10, y: 0)
        ctx.rotate(by: .pi / 2)
        // (1, 0) → rotated to (0, 1) → translated to (10, 1).
        let p = ctx.convertToDeviceSpace(CGPoint(x: 1, y: 0))
        #expect(near(p.x, 10, 1e-9) && near(p.y, 1, 1e-9))
        ctx.concatenate(CGAffineTransform(scaleX: 2, y: 2))
        #expect(near(ctx.ctm.b, 2, 1e-9) && near(ctx.ctm.c, -2, 1e-9) && ctx.ctm.tx == 10)
        // A path keeps the CTM it was built under.
        let fresh = rgbaContext(20, 20)
        fresh.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        fresh.translateBy(x: 10, y: 10)
        fresh.setFillColor(red)
        fresh.fillPath()
        #expect(pixel(fresh, 1, 18)[3] == 255)
        #expect(pixel(fresh, 11, 8)[3] == 0)
        #expect(fresh.convertToUserSpace(CGPoint(x: 10, y: 10)) == .zero)
    }

    @Test func linearGradientsInterpolateAndExtendOnlyWhenAsked() {
        let gradient = CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray,
            locations: [0, 1])!
        let ctx = rgbaContext(100, 1)
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        #expect(pixel(ctx, 10, 0) == [0, 0, 0, 0])  // before the start: not painted
        #expect(close(pixel(ctx, 20, 0), [253, 0, 2, 255], 2))
        #expect(close(pixel(ctx, 49, 0), [128, 0, 127, 255], 2))
        #expect(pixel(ctx, 90, 0) == [0, 0, 0, 0])
        ctx.drawLinearGradient(
            gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(pixel(ctx, 10, 0) == [255, 0, 0, 255])
        #expect(pixel(ctx, 90, 0) == [0, 0, 255, 255])
    }

    @Test func radialGradientsRunFromCentreToRim() {
        let clearBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        let gradient = CGGradient(colorsSpace: nil, colors: [red, clearBlue] as CFArray, locations: nil)!
        let ctx = rgbaContext(41, 41)
        ctx.drawRadialGradient(
            gradient, startCenter: CGPoint(x: 20.5, y: 20.5), startRadius: 0,
            endCenter: CGPoint(x: 20.5, y: 20.5), endRadius: 20, options: [])
        #expect(close(pixel(ctx, 20, 20), [255, 0, 0, 255], 2))
        // Half-way out: half red, half transparent (straight colours interpolated, then premultiplied).
        #expect(close(pixel(ctx, 30, 20), [64, 0, 64, 128], 3))
        #expect(pixel(ctx, 0, 0) == [0, 0, 0, 0])  // past the end circle
    }

    @Test(arguments: [
        (CGBlendMode.multiply, [255, 0, 0, 255]),  // white multiplies to no change
        (.screen, [255, 128, 128, 255]),
        (.copy, [128, 128, 128, 128]),
        (.clear, [0, 0, 0, 0]),
        (.sourceIn, [128, 128, 128, 128]),
        (.destinationOut, [128, 0, 0, 128]),
        (.difference, [127, 128, 128, 255]),
        (.plusLighter, [255, 128, 128, 255]),
    ])
    func blendModesCombineWithTheDestination(mode: CGBlendMode, expected: [Int]) {
        let ctx = rgbaContext(1, 1)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setBlendMode(mode)
        ctx.setFillColor(gray: 1, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(close(pixel(ctx, 0, 0), expected, 1), "\(mode)")
    }

    @Test func clearMakesPixelsTransparentThroughTheClip() {
        let ctx = rgbaContext(4, 1)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1))
        ctx.clear(CGRect(x: 1, y: 0, width: 3, height: 1))
        #expect((0..<4).map { pixel(ctx, $0, 0)[3] } == [255, 0, 255, 255])
    }

    @Test func shadowsFallInBaseSpaceUnderTheShape() {
        let ctx = rgbaContext(30, 30)
        ctx.setShadow(offset: CGSize(width: 5, height: -5), blur: 0, color: blue)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 5, y: 15, width: 10, height: 10))
        // The shape covers rows 5…14 (memory), x 5…14; the shadow 5 px right and 5 px lower.
        #expect(pixel(ctx, 10, 10) == [255, 0, 0, 255])
        #expect(pixel(ctx, 17, 17) == [0, 0, 255, 255])
        #expect(pixel(ctx, 17, 7) == [0, 0, 0, 0])
        // A blurred shadow: a Gaussian of σ = blur / 2, half strength at the silhouette's edge.
        let soft = rgbaContext(40, 20)
        soft.setShadow(offset: .zero, blur: 8, color: blue)
        soft.setFillColor(red)
        soft.fill(CGRect(x: 10, y: 0, width: 20, height: 20))
        soft.setShadow(offset: .zero, blur: 0, color: nil)
        #expect(close(pixel(soft, 9, 10), [0, 0, 115, 115], 3))  // Φ(−0.5 / 4) ≈ 0.45 half a pixel out
        #expect(pixel(soft, 2, 10)[3] > 0 && pixel(soft, 2, 10)[3] < 40)
    }

    @Test func imagesDrawUprightWithTheFirstRowAtMaxY() {
        // A 1×2 image: red on top (first row), blue below.
        let image = CGImage(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let ctx = rgbaContext(2, 4)
        ctx.interpolationQuality = .none
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(pixel(ctx, 0, 0) == [255, 0, 0, 255] && pixel(ctx, 1, 1) == [255, 0, 0, 255])
        #expect(pixel(ctx, 0, 3) == [0, 0, 255, 255])
        // Flipped to y down (as a layer's context is), the same call draws it upside down, as Core Graphics does.
        let flipped = rgbaContext(2, 4)
        flipped.translateBy(x: 0, y: 4)
        flipped.scaleBy(x: 1, y: -1)
        flipped.interpolationQuality = .none
        flipped.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(pixel(flipped, 0, 0) == [0, 0, 255, 255] && pixel(flipped, 0, 3) == [255, 0, 0, 255])
        // Bilinear sampling mixes the rows in the middle.
        let smooth = rgbaContext(1, 4)
        smooth.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 4))
        #expect(close(pixel(smooth, 0, 1), [191, 0, 64, 255], 1))
    }

    @Test func otherPixelFormatsStoreWhereCoreGraphicsDoes() {
        // BGRA in memory: premultiplied first, 32-bit little-endian.
        let bgra = CGContext(
            data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo.byteOrder32Little.rawValue
                | CGImageAlphaInfo.premultipliedFirst.rawValue)!
        bgra.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        bgra.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(bgra, 0, 0) == [0, 128, 255, 255])
        // RGBX: no alpha, the unused byte opaque, a translucent fill blends over black.
        let rgbx = CGContext(
            data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        rgbx.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        rgbx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(close(pixel(rgbx, 0, 0), [128, 128, 128, 255]))
        // Grey, and alpha only; memory of the caller's own, with a wide row.
        var bytes = [UInt8](repeating: 0, count: 16)
        bytes.withUnsafeMutableBytes { raw in
            let gray = CGContext(
                data: raw.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
            gray.setFillColor(gray: 0.5, alpha: 1)
            gray.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        }
        #expect(bytes[1] == 128 && bytes[0] == 0 && bytes[9] == 0)
        let alpha = CGContext(
            data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        alpha.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.25)
        alpha.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(alpha, 0, 0) == [64])
        #expect(alpha.colorSpace == nil)
        // What Core Graphics refuses, Strata refuses too (nil, not a crash).
        let space = CGColorSpaceCreateDeviceRGB()
        #expect(
            CGContext(
                data: nil, width: 0, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 1, bitsPerComponent: 16, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }

    @Test func pathQueriesAnswerInUserSpace() {
        let ctx = rgbaContext(20, 20)
        ctx.scaleBy(x: 2, y: 2)
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(near(ctx.currentPointOfPath, CGPoint(x: 3, y: 5), 1e-9))
        let box = ctx.boundingBoxOfPath
        #expect(near(box.minX, 1, 1e-9) && near(box.maxX, 7, 1e-9) && near(box.maxY, 7, 1e-6))
        #expect(ctx.pathContains(CGPoint(x: 5, y: 6), mode: .fill))
        #expect(!ctx.pathContains(CGPoint(x: 9, y: 9), mode: .fill))
        ctx.replacePathWithStrokedPath()
        #expect(ctx.pathContains(CGPoint(x: 7, y: 5.2), mode: .fill))
        #expect(!ctx.pathContains(CGPoint(x: 5, y: 6), mode: .fill))
    }

    @Test func withoutAntialiasingPixelsAreInOrOut() {
        let ctx = rgbaContext(8, 1)
        ctx.setShouldAntialias(false)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 1.4, y: 0, width: 3.4, height: 1))
        #expect((0..<8).map { pixel(ctx, $0, 0)[3] } == [0, 255, 255, 255, 255, 0, 0, 0])
    }

    @Test func textDrawsAtTheTextPositionAndAdvancesIt() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        let attributes: [NSAttributedString.Key: Any] = [
            kCTFontAttributeName as NSAttributedString.Key: font,
            kCTForegroundColorAttributeName as NSAttributedString.Key: red,
        ]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "HI", attributes: attributes))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        // DejaVu Sans (what "Helvetica" maps to): H is 1540 and I 604 units of 2048; ascent 1901, descent 483.
        #expect(near(width, (1540.0 + 604.0) / 2048 * 20, 1e-6))
        #expect(near(ascent, 1901.0 / 2048 * 20, 1e-6) && near(descent, 483.0 / 2048 * 20, 1e-6))
        #expect(CTLineGetGlyphCount(line) == 2)
        let ctx = rgbaContext(40, 30)
        ctx.textPosition = CGPoint(x: 5, y: 5)
        CTLineDraw(line, ctx)
        #expect(near(ctx.textPosition.x, 5 + CGFloat(width), 1e-9) && ctx.textPosition.y == 5)
        // The H's left stem (x ≈ 5 + 201/2048·20 … +1.8 px) at mid-height, baseline at y = 5 (memory row 25).
        #expect(pixel(ctx, 7, 18) == [255, 0, 0, 255])
        #expect(pixel(ctx, 7, 26)[3] == 0)  // below the baseline
        #expect(pixel(ctx, 12, 22)[3] == 0)  // inside the H, between its stems, under the bar
        let image = CTLineGetImageBounds(line, ctx)
        #expect(near(image.minY, 0, 1e-9) && near(image.maxY, 1493.0 / 2048 * 20, 1e-6))
    }
}
