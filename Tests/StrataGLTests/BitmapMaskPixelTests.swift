import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// A mask pass that draws one bitmap, sampled in the pass's place
/// (`RenderList.foldBitmapMasks`), gives the pixels the pass gave: shape
/// masks smaller and larger than what they mask, flipped and turned a
/// quarter, inverted ones (an opaque cover with the shape xor-ed out, as
/// Lottie's), on whole and part pixels.
@Suite struct BitmapMaskPixelTests {
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.position = CGPoint(x: 160, y: 60)
        func card(_ frame: CGRect, _ hex: UInt32) -> CALayer {
            let c = CALayer()
            c.frame = frame
            c.backgroundColor = color(hex)
            let bar = CALayer()
            bar.frame = CGRect(x: 4, y: frame.height / 2 - 5, width: frame.width - 8, height: 10)
            bar.backgroundColor = color(0x1d3557)
            c.addSublayer(bar)
            return c
        }
        func star(_ frame: CGRect) -> CAShapeLayer {
            let s = CAShapeLayer()
            s.frame = frame
            s.path = starPath(side: frame.width, inner: 0.3)
            return s
        }
        // A star smaller than its card, on part pixels.
        let small = card(CGRect(x: 10.5, y: 10.25, width: 60, height: 60), 0xe63946)
        small.mask = star(CGRect(x: 12, y: 8, width: 36, height: 36))
        // A star larger than its card.
        let large = card(CGRect(x: 90, y: 20, width: 50, height: 50), 0x2a9d8f)
        large.mask = star(CGRect(x: -15, y: -15, width: 80, height: 80))
        // A star flipped across, and one turned a quarter (its x runs down the card).
        let flipped = card(CGRect(x: 10, y: 75, width: 40, height: 40), 0x8ecae6)
        let mirror = star(CGRect(x: 2, y: 3, width: 34, height: 34))
        mirror.transform = CATransform3DMakeScale(-1, 1, 1)
        flipped.mask = mirror
        let quarter = card(CGRect(x: 90.5, y: 75, width: 40, height: 40), 0x219ebc)
        let turned = star(CGRect(x: 4, y: 2, width: 34, height: 34))
        turned.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        quarter.mask = turned
        root.sublayers = [small, large, flipped, quarter]
        // Inverted: the star xor-ed out of an opaque cover.
        for (k, side) in [(0, 30.0), (1, 90.0)] {
            let inverted = card(CGRect(x: 170 + 75 * CGFloat(k), y: 15.5, width: 60, height: 60), 0xf4a261)
            let cut = star(CGRect(x: 30 - side / 2, y: 30 - side / 2, width: side, height: side))
            inverted.mask = invertedMatte(over: inverted.bounds, cutting: cut)
            root.addSublayer(inverted)
        }
        return root
    }

    func picture(folding: Bool) throws -> (CGImage, RenderStats) {
        try StrataGLTests.picture(
            Self.scene(), size: CGSize(width: 320, height: 120), folding: folding, by: \.foldsBitmapMasks)
    }

    @Test func aFoldedMaskDrawsWhatItsPassDrew() throws {
        let (folded, foldedStats) = try picture(folding: true), (passes, passStats) = try picture(folding: false)
        #expect(passStats.passes == 13, "a content and a mask pass per card, and the screen: \(passStats)")
        #expect(foldedStats.passes == 7, "the masks' passes are gone: \(foldedStats)")
        let (worst, apart, painted) = comparison(folded, passes)
        // The pass held the mask in 8 bits; read from its bitmap it is not rounded twice.
        #expect(apart <= 4, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 6_000, "painted \(painted)")
    }
}
