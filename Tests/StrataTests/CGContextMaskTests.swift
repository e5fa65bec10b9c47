import Foundation
import Testing

@testable import Strata

/// `clip(to:mask:)`: an image as a soft clip, as Core Graphics applies one.
@Suite("CGContext image masks")
struct CGContextMaskTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// An image of one row (or more) from straight RGBA quadruples, top row first.
    func image(_ width: Int, _ height: Int, _ rgba: [[UInt8]]) -> CGImage {
        CGImage(width: width, height: height, pixels: rgba.flatMap { $0 })
    }

    @Test func anOpaqueMaskClipsByItsSampleValues() {
        let ctx = rgbaContext(8, 1)
        // A grey ramp, as a DeviceGray mask holds: black hides, white shows.
        let mask = image(4, 1, [[0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255], [64, 64, 64, 255]])
        ctx.clip(to: CGRect(x: 2, y: 0, width: 4, height: 1), mask: mask)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 1))
        // Outside the mask's rectangle nothing is drawn.
        #expect(pixel(ctx, 0, 0) == [0, 0, 0, 0] && pixel(ctx, 1, 0) == [0, 0, 0, 0])
        #expect(pixel(ctx, 6, 0) == [0, 0, 0, 0] && pixel(ctx, 7, 0) == [0, 0, 0, 0])
        #expect(pixel(ctx, 2, 0) == [0, 0, 0, 0])
        #expect(close(pixel(ctx, 3, 0), [128, 0, 0, 128]))
        #expect(pixel(ctx, 4, 0) == [255, 0, 0, 255])
        #expect(close(pixel(ctx, 5, 0), [64, 0, 0, 64]))
    }

    @Test func aMaskWithTransparencyClipsByItsAlpha() {
        let ctx = rgbaContext(3, 1)
        // Colour does not matter where the mask has alpha: black at full alpha shows.
        let mask = image(3, 1, [[0, 0, 0, 255], [255, 255, 255, 0], [0, 0, 0, 191]])
        ctx.clip(to: CGRect(x: 0, y: 0, width: 3, height: 1), mask: mask)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        #expect(pixel(ctx, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(ctx, 1, 0) == [0, 0, 0, 0])
        #expect(close(pixel(ctx, 2, 0), [191, 0, 0, 191]))
    }

    @Test func theMasksFirstRowIsAtTheRectanglesTopAndItScales() {
        let ctx = rgbaContext(4, 4)
        // 2×2: top row white, bottom black, stretched over the 4×4 context (nearest sampling).
        let mask = image(2, 2, [[255, 255, 255, 255], [255, 255, 255, 255], [0, 0, 0, 255], [0, 0, 0, 255]])
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // A y-up context: the rectangle's maximum y is the first row in memory.
        #expect(pixel(ctx, 0, 0) == [255, 0, 0, 255] && pixel(ctx, 3, 1) == [255, 0, 0, 255])
        #expect(pixel(ctx, 0, 2) == [0, 0, 0, 0] && pixel(ctx, 3, 3) == [0, 0, 0, 0])
        // The clip is part of the graphics state.
        ctx.resetClip()
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(pixel(ctx, 0, 3) == [255, 0, 0, 255])
    }

    @Test func masksNarrowAnEarlierClip() {
        let ctx = rgbaContext(4, 1)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1))
        ctx.clip(
            to: CGRect(x: 0, y: 0, width: 4, height: 1),
            mask: image(4, 1, Array(repeating: [255, 255, 255, 255], count: 4)))
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        #expect(pixel(ctx, 1, 0) == [255, 0, 0, 255] && pixel(ctx, 2, 0) == [0, 0, 0, 0])
    }
}
