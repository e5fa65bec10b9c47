import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

@Suite struct EffectsGoldenTests {
    /// A layer whose silhouette is its contents' alpha (a checker with a clear quarter).
    func contentsWithShadow(sigma: CGFloat) -> CALayer {
        let r = root(160, 120)
        let l = layer(CGRect(x: 0, y: 0, width: 80, height: 60), CGPoint(x: 80, y: 60), nil)
        var px = [UInt8](repeating: 0, count: 16 * 12 * 4)
        for y in 0..<12 {
            for x in 0..<16 where !(x >= 8 && y >= 6) {
                px[(y * 16 + x) * 4] = 230; px[(y * 16 + x) * 4 + 1] = 200; px[(y * 16 + x) * 4 + 3] = 255
            }
        }
        l.contents = CGImage(width: 16, height: 12, pixels: px, label: "L-shape")
        l.shadowOpacity = 1
        l.shadowRadius = sigma
        l.shadowOffset = CGSize(width: 8, height: 8)
        l.transform = CATransform3DRotate(perspective(300), 0.3, 0, 1, 0)
        r.addSublayer(l)
        return r
    }

    @Test func shadowOfContentsAlphaIsBlurredAndCachedAcrossFrames() throws {
        let renderer = try OffscreenRenderer()
        let size = CGSize(width: 160, height: 120)
        let tree = contentsWithShadow(sigma: 6)
        let first = try renderer.render(tree, size: size, background: .white)
        #expect(first.stats.blurs == 1 && first.stats.cachedPasses == 0)
        // The clear quarter of the contents casts no shadow: under it, past the
        // blur's reach from the lit part, the background shows; the shadow of
        // the opaque part is dark.
        #expect(pixel(first.image, 118, 86)[0] > 200)
        #expect(pixel(first.image, 60, 50)[0] > 200)  // the contents itself (yellow-ish)
        // The same frame again is not redrawn at all; with something else changed
        // (the background), the shadow's blurred pass is reused.
        let same = try renderer.render(tree, size: size, background: .white)
        #expect(same.stats.unchangedFrame && same.image.pixels == first.image.pixels)
        let second = try renderer.render(tree, size: size, background: CGColor(gray: 0.99, alpha: 1))
        #expect(second.stats.cachedPasses == 1 && second.stats.blurs == 0)
        #expect(pixel(second.image, 60, 50) == pixel(first.image, 60, 50))
        // A new σ rebuilds the pass.
        let third = try renderer.render(contentsWithShadow(sigma: 3), size: size, background: .white)
        #expect(third.stats.cachedPasses == 0 && third.stats.blurs == 1)
        GoldenImage.check(first.image, named: "shadow_contents_blur")
    }

    @Test func shouldRasterizeMatchesTheUnrasterizedPictureAndIsReused() throws {
        func tree(rasterize: Bool) -> CALayer {
            let r = root(160, 120)
            let card = layer(CGRect(x: 0, y: 0, width: 100, height: 70), CGPoint(x: 80, y: 60), color(0x1d3557))
            card.cornerRadius = 12
            card.borderWidth = 3
            card.borderColor = color(0xf1faee)
            let dot = layer(CGRect(x: 0, y: 0, width: 30, height: 30), CGPoint(x: 30, y: 35), color(0xe63946))
            dot.cornerRadius = 15
            card.addSublayer(dot)
            card.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
            card.shouldRasterize = rasterize
            r.addSublayer(card)
            return r
        }
        let renderer = try OffscreenRenderer()
        let size = CGSize(width: 160, height: 120)
        let plain = try renderer.render(tree(rasterize: false), size: size, background: .white)
        let rasterized = try renderer.render(tree(rasterize: true), size: size, background: .white)
        #expect(rasterized.stats.passes == 2)
        var total = 0, worst = 0
        for i in plain.image.pixels.indices {
            let d = abs(Int(plain.image.pixels[i]) - Int(rasterized.image.pixels[i]))
            total += d
            worst = max(worst, d)
        }
        let mean = Double(total) / Double(plain.image.pixels.count)
        #expect(mean < 1.5, "mean difference \(mean)")
        let again = try renderer.render(tree(rasterize: true), size: size, background: CGColor(gray: 0.99, alpha: 1))
        #expect(again.stats.cachedPasses == 1 && !again.stats.unchangedFrame)
    }
}

@Suite struct ClosedFormShadowTests {
    @Test func roundedRectShadowsAreOneQuadEachAndFollow3D() throws {
        let r = root(300, 120)
        let plain = layer(CGRect(x: 0, y: 0, width: 70, height: 50), CGPoint(x: 50, y: 55), .white)
        plain.cornerRadius = 12
        plain.shadowOpacity = 0.6
        plain.shadowRadius = 8
        plain.shadowOffset = CGSize(width: 0, height: 8)
        // UIBezierPath(roundedRect:byRoundingCorners:)-style path: only the left corners rounded.
        let page = layer(CGRect(x: 0, y: 0, width: 70, height: 80), CGPoint(x: 150, y: 60), .white)
        page.shadowPath = CGPath.roundedRect(
            page.bounds, radius: 20, corners: [.layerMinXMinYCorner, .layerMinXMaxYCorner])
        page.shadowOpacity = 0.9
        page.shadowRadius = 14
        page.shadowColor = color(0x1d3557)
        page.transform = CATransform3DRotate(perspective(300), -0.5, 0, 1, 0)
        let hard = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 250, y: 55), color(0xe9c46a))
        hard.shadowOpacity = 1
        hard.shadowRadius = 0
        hard.shadowOffset = CGSize(width: 6, height: 6)
        r.sublayers = [plain, page, hard]
        let out = try render(r, 300, 120, background: color(0xf0f0f0))
        #expect(out.stats.passes == 1 && out.stats.drawCalls == 1)
        // σ = 0 gives a hard-edged shadow: fully dark just inside its corner, background just outside.
        #expect(close(pixel(out.image, 279, 85), [0, 0, 0, 255], 3))
        #expect(close(pixel(out.image, 282, 88), [240, 240, 240, 255], 3))
        GoldenImage.check(out.image, named: "shadows_closed_form")
    }
}
