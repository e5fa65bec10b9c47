import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// Passes drawn side by side into shared targets (sheets) give the pixels
/// they give in targets of their own: masks, mattes inside masks, group
/// opacity, clipped and rotated content, inverted mattes (passes cleared to
/// a colour), in 2D and under a 3D tilt.
@Suite struct PassSheetPixelTests {
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 160)
        root.position = CGPoint(x: 200, y: 80)
        func star(_ side: CGFloat) -> CAShapeLayer {
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: side, height: side)
            s.path = starPath(side: side, inner: 0.22)
            return s
        }
        func card(_ frame: CGRect, _ hex: UInt32, angle: CGFloat) -> CALayer {
            let c = CALayer()
            c.frame = frame
            c.backgroundColor = color(hex)
            c.mask = star(frame.width)
            let group = CALayer()
            group.frame = c.bounds.insetBy(dx: 4, dy: 4)
            group.opacity = 0.7
            group.allowsGroupOpacity = true
            let bar = CALayer()
            bar.frame = CGRect(x: 2, y: group.bounds.midY - 6, width: group.bounds.width - 4, height: 12)
            bar.backgroundColor = color(0x1d3557)
            bar.cornerRadius = 5
            bar.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            group.addSublayer(bar)
            group.addSublayer(CALayer())
            c.addSublayer(group)
            return c
        }
        for k in 0..<5 {
            root.addSublayer(
                card(
                    CGRect(x: 8 + 62 * CGFloat(k), y: 8.5, width: 44 + 3 * CGFloat(k), height: 44 + 3 * CGFloat(k)),
                    [0xa8dadc, 0xe63946, 0xf4a261, 0x2a9d8f, 0x8ecae6][k], angle: 0.3 * CGFloat(k)))
        }
        // A masked card inside a masked card: its passes are sampled by the outer's.
        let outer = card(CGRect(x: 10, y: 70, width: 80, height: 80), 0xffb703, angle: 0.5)
        outer.addSublayer(card(CGRect(x: 20, y: 20, width: 40, height: 40), 0x219ebc, angle: -0.4))
        root.addSublayer(outer)
        // Inverted mattes (as Lottie's): the star xor-ed out of an opaque cover, which the mask
        // pass takes as its clear colour; one drawn before the other passes of its sheet.
        for (k, x) in [300.0, 350.0].enumerated() {
            let inverted = card(CGRect(x: x, y: 90, width: 40, height: 40), 0x023047, angle: 0.1)
            inverted.mask = invertedMatte(over: inverted.bounds, cutting: star(40))
            if k == 0 { root.insertSublayer(inverted, at: 0) } else { root.addSublayer(inverted) }
        }
        // Tilted in 3D: its passes are drawn in its plane and composited in perspective.
        let tilted = card(CGRect(x: 200, y: 80, width: 70, height: 70), 0xfb8500, angle: 0.2)
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        tilted.transform = CATransform3DRotate(t, 0.5, 0, 1, 0)
        root.addSublayer(tilted)
        return root
    }

    func picture(sharing: Bool) throws -> (CGImage, RenderStats) {
        let renderer = try OffscreenRenderer()
        renderer.sharesPassTargets = sharing
        // The stars' mask passes are what the sheets are tested with.
        renderer.foldsBitmapMasks = false
        let out = try renderer.render(Self.scene(), size: CGSize(width: 400, height: 160), background: .white)
        return (out.image, out.stats)
    }

    @Test func sheetsDrawTheSamePixelsAsTargetsOfTheirOwn() throws {
        let (shared, stats) = try picture(sharing: true), (alone, _) = try picture(sharing: false)
        #expect(stats.passes >= 16, "two passes or more per card: \(stats)")
        let (worst, apart, painted) = comparison(shared, alone)
        // A vertex's window position is rounded to the rasterizer's subpixel grid
        // relative to the target's corner, so an edge crossing a pixel centre can
        // land on the other side of it: a handful of edge pixels.
        #expect(apart <= 8, "pixels apart: \(apart), largest difference \(worst)")
        #expect(worst <= 40, "largest difference \(worst)")
        #expect(painted > 7_000, "painted \(painted)")
    }
}
