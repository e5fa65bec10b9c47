import Foundation
import Testing
import Strata
import StrataRender
import StrataGL
import StrataHost

@Suite struct EffectsGoldenTests {
    /// A layer whose silhouette is its contents' alpha (a checker with a clear quarter).
    func contentsWithShadow(sigma: CGFloat) -> CALayer {
        let r = root(160, 120)
        let l = layer(CGRect(x: 0, y: 0, width: 80, height: 60), CGPoint(x: 80, y: 60), nil)
        var px = [UInt8](repeating: 0, count: 16 * 12 * 4)
        for y in 0..<12 { for x in 0..<16 where !(x >= 8 && y >= 6) {
            px[(y * 16 + x) * 4] = 230; px[(y * 16 + x) * 4 + 1] = 200; px[(y * 16 + x) * 4 + 3] = 255
        } }
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
        let second = try renderer.render(tree, size: size, background: .white)
        #expect(second.stats.cachedPasses == 1 && second.stats.blurs == 0)
        #expect(second.image.pixels == first.image.pixels)
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
        let again = try renderer.render(tree(rasterize: true), size: size, background: .white)
        #expect(again.stats.cachedPasses == 1)
    }
}
