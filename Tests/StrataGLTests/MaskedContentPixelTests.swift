import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// A masked-content pass's one item drawn in its composite's place, masked by
/// device position (`RenderList.foldMaskedContent`), gives the pixels the
/// pass gave: shapes, gradients and rounded cards, masked by a bitmap that
/// was folded (smaller, flipped, turned a quarter), by a bitmap turned or
/// sheared on the device (read through its map), inverted, and by a mask
/// pass that stays (one item, and two apart), faded, on whole and part pixels.
@Suite struct MaskedContentPixelTests {
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.position = CGPoint(x: 160, y: 60)
        func star(_ frame: CGRect, transform: CATransform3D = CATransform3DIdentity) -> CAShapeLayer {
            let s = CAShapeLayer()
            s.frame = frame
            s.path = starPath(side: frame.width, inner: 0.3)
            s.transform = transform
            return s
        }
        // A rounded card on part pixels, a star inside it.
        let card = CALayer()
        card.frame = CGRect(x: 10.5, y: 10.25, width: 60, height: 60)
        card.backgroundColor = color(0xe63946)
        card.cornerRadius = 10
        card.mask = star(CGRect(x: 12, y: 8, width: 36, height: 36))
        // A gradient under a star larger than it, faded.
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 90, y: 20, width: 50, height: 50)
        gradient.colors = [color(0x2a9d8f), color(0xe9c46a)]
        gradient.opacity = 0.6
        gradient.mask = star(CGRect(x: -15, y: -15, width: 80, height: 80))
        // A shape layer's bitmap under a flipped star, and one under a star turned a quarter.
        func disc(_ frame: CGRect, _ hex: UInt32) -> CAShapeLayer {
            let d = CAShapeLayer()
            d.frame = frame
            d.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: frame.width, height: frame.height), transform: nil)
            d.fillColor = color(hex)
            return d
        }
        let flipped = disc(CGRect(x: 10, y: 75, width: 40, height: 40), 0x8ecae6)
        flipped.mask = star(
            CGRect(x: 2, y: 3, width: 34, height: 34), transform: CATransform3DMakeScale(-1, 1, 1))
        let quarter = disc(CGRect(x: 90.5, y: 75, width: 40, height: 40), 0x219ebc)
        quarter.mask = star(
            CGRect(x: 4, y: 2, width: 34, height: 34), transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        // Turned by another angle, and sheared: the card reads the star's bitmap through its map.
        func plate(_ frame: CGRect, _ hex: UInt32) -> CALayer {
            let p = CALayer()
            p.frame = frame
            p.backgroundColor = color(hex)
            p.cornerRadius = 6
            return p
        }
        let turned = plate(CGRect(x: 170, y: 5.5, width: 50, height: 50), 0xf4a261)
        turned.mask = star(
            CGRect(x: 5, y: 5, width: 40, height: 40), transform: CATransform3DMakeRotation(0.4, 0, 0, 1))
        let sheared = plate(CGRect(x: 230, y: 5, width: 50, height: 50), 0x264653)
        var shear = CATransform3DIdentity
        shear.m21 = 0.3
        sheared.mask = star(CGRect(x: 5, y: 5, width: 40, height: 40), transform: shear)
        // An inverted matte turned: the plate shows around the star.
        let inverted = plate(CGRect(x: 175.5, y: 62, width: 50, height: 50), 0xe76f51)
        inverted.mask = invertedMatte(
            over: inverted.bounds,
            cutting: star(
                CGRect(x: 8, y: 8, width: 34, height: 34), transform: CATransform3DMakeRotation(-0.7, 0, 0, 1)))
        // A translucent plain layer as the mask keeps its pass, which the plate reads.
        let veiled = plate(CGRect(x: 240, y: 62, width: 50, height: 50), 0x2a9d8f)
        let veil = CALayer()
        veil.frame = CGRect(x: 10, y: 0, width: 25, height: 50)
        veil.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        veiled.mask = veil
        // Two dots apart under one veil: each drawn reading the veil's pass.
        let pair = CALayer()
        pair.frame = CGRect(x: 135.5, y: 75, width: 35, height: 40)
        for (x, y) in [(0.0, 0.0), (18.0, 22.0)] {
            let dot = plate(CGRect(x: x, y: y, width: 15, height: 15), 0xe9c46a)
            dot.cornerRadius = 7.5
            pair.addSublayer(dot)
        }
        let pairVeil = CALayer()
        pairVeil.frame = CGRect(x: 5, y: 0, width: 30, height: 40)
        pairVeil.backgroundColor = CGColor(gray: 0, alpha: 0.7)
        pair.mask = pairVeil
        root.sublayers = [card, gradient, flipped, quarter, turned, sheared, inverted, veiled, pair]
        return root
    }

    func picture(folding: Bool) throws -> (CGImage, RenderStats) {
        try StrataGLTests.picture(
            Self.scene(), size: CGSize(width: 320, height: 120), folding: folding, by: \.foldsMaskedContent)
    }

    @Test func anItemMaskedByPositionDrawsWhatItsPassDrew() throws {
        let (folded, foldedStats) = try picture(folding: true), (passes, passStats) = try picture(folding: false)
        #expect(passStats.passes == 15, "a content pass per masked layer, six masks', the screen: \(passStats)")
        #expect(foldedStats.passes == 3, "the veils' mask passes and the screen: \(foldedStats)")
        let (worst, apart, painted) = comparison(folded, passes)
        // The pass held the item in 8 bits, and its 2×2 blocks of pixels (which
        // give a shape's rate of change) lay another way on the device: a few
        // pixels at corners differ by more than rounding.
        #expect(apart <= 12, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 4_000, "painted \(painted)")
    }

    /// An upright inverted star over a card: the folded bitmap cuts the composite into
    /// pieces, and the card's pass folds into each; the same pixels as the pass gave.
    @Test func aPassFoldedIntoPiecesDrawsWhatItsPassDrew() throws {
        func picture(folding: Bool) throws -> (CGImage, RenderStats) {
            let card = CALayer()
            card.frame = CGRect(x: 10.5, y: 10, width: 120, height: 90)
            card.backgroundColor = color(0xe63946)
            card.cornerRadius = 12
            card.opacity = 0.7
            let star = CAShapeLayer()
            star.frame = CGRect(x: 40, y: 25, width: 40, height: 40)
            star.path = starPath(side: 40, inner: 0.4)
            card.mask = invertedMatte(over: card.bounds, cutting: star)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            root.sublayers = [card]
            return try StrataGLTests.picture(
                root, size: CGSize(width: 160, height: 120), folding: folding, by: \.foldsMaskedContent)
        }
        let (folded, foldedStats) = try picture(folding: true), (passes, passStats) = try picture(folding: false)
        #expect(passStats.passes == 2 && foldedStats.passes == 1, "\(passStats) \(foldedStats)")
        let (worst, apart, painted) = comparison(folded, passes)
        #expect(apart <= 4, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 8_000, "painted \(painted)")
    }
}
