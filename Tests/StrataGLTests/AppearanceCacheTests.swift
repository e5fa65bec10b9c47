import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// Cached appearance must not change the picture beyond resampling: the same
/// frames drawn with and without the cache are compared pixel by pixel.
@Suite struct AppearanceCacheTests {
    /// Shadowed, bordered, rounded cards under perspective, several tilts
    /// (some shared looks, some not), over a background.
    func cards(turn: Double, shift: CGFloat) -> CALayer {
        let r = root(320, 200)
        for i in 0..<12 {
            let card = layer(
                CGRect(x: 0, y: 0, width: 60, height: 40),
                CGPoint(x: 45 + shift + CGFloat(i % 4) * 76, y: 45 + CGFloat(i / 4) * 56),
                CGColor(red: 0.23, green: 0.53, blue: 1, alpha: 1))
            card.cornerRadius = 8
            card.borderWidth = 2
            card.borderColor = CGColor(gray: 1, alpha: 0.5)
            card.shadowOpacity = 0.6
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0, height: 4)
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            card.transform = CATransform3DRotate(t, CGFloat(turn) + CGFloat(i) * 0.3, 0, 1, 0)
            if i == 5 { card.opacity = 0.5 }
            r.addSublayer(card)
        }
        return r
    }

    @Test func cachedFramesMatchUncachedOnes() throws {
        let plain = try OffscreenRenderer()
        let cached = try OffscreenRenderer()
        cached.appearanceCache = AppearanceCache()
        let size = CGSize(width: 320, height: 200)
        let background = CGColor(red: 0.125, green: 0.125, blue: 0.125, alpha: 1)
        var appearancePasses = 0, reusedPasses = 0
        for frame in 0..<4 {
            // Turning, then moving only: the looks stay, their places change.
            let tree = cards(turn: Double(min(frame, 2)) * 0.05, shift: CGFloat(frame))
            let expected = try plain.render(tree, size: size, background: background).image
            let actual = try cached.render(tree, size: size, background: background)
            if frame > 0 { appearancePasses = max(appearancePasses, actual.stats.passes - 1) }
            if frame > 2 { reusedPasses = max(reusedPasses, actual.stats.cachedPasses) }
            // The oracle's measures, against the uncached picture: mean absolute
            // error, and the share of pixels whose worst channel is off by > 32.
            var sum = 0, bad = 0
            let pixels = actual.image.pixels, reference = expected.pixels
            for p in stride(from: 0, to: pixels.count, by: 4) {
                var worst = 0
                for c in 0..<3 {
                    let d = abs(Int(pixels[p + c]) - Int(reference[p + c]))
                    sum += d
                    worst = max(worst, d)
                }
                if worst > 32 { bad += 1 }
            }
            let count = pixels.count / 4
            let mae = Double(sum) / Double(count * 3), badShare = Double(bad) * 100 / Double(count)
            // Resampling moves edges by a fraction of a pixel: at most a quarter
            // of the error, and 40 % of the bad pixels, the oracle allows
            // against Chromium (measured: mae ≈ 0.45, bad ≈ 0.28 %).
            #expect(mae <= 0.5, "frame \(frame): mean absolute error \(mae)")
            #expect(badShare <= 0.4, "frame \(frame): \(badShare) % of pixels off by more than 32")
        }
        // From the second frame on the cards are drawn from the appearance
        // pass, and once only their places change its pixels are kept.
        #expect(appearancePasses > 0)
        #expect(reusedPasses > 0)
    }
}
