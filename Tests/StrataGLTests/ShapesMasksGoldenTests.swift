import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import StrataScene
import Testing
import _StrataTestSupport

func shape(_ path: CGPath, at position: CGPoint, size: CGSize) -> CAShapeLayer {
    let s = CAShapeLayer()
    s.bounds = CGRect(origin: .zero, size: size)
    s.position = position
    s.path = path
    return s
}

@Suite struct ShapesMasksGoldenTests {
    @Test func fillRulesCapsJoinsDashesAndTrimming() throws {
        let r = root(320, 160)
        // Even-odd star vs non-zero star.
        let star = try CGPath(svgPathData: "M 40 5 L 63 75 L 3 32 L 77 32 L 17 75 Z")
        let a = shape(star, at: CGPoint(x: 45, y: 45), size: CGSize(width: 80, height: 80))
        a.fillColor = color(0x2a9d8f)
        a.fillRule = .evenOdd
        let b = shape(star, at: CGPoint(x: 130, y: 45), size: CGSize(width: 80, height: 80))
        b.fillColor = color(0x2a9d8f)
        // Open polyline: round caps and joins, then square caps and bevel joins.
        let zig = try CGPath(svgPathData: "M 5 60 L 30 10 L 55 60 L 80 10")
        let c = shape(zig, at: CGPoint(x: 225, y: 45), size: CGSize(width: 85, height: 70))
        c.fillColor = nil
        c.strokeColor = color(0xe76f51)
        c.lineWidth = 9
        c.lineCap = .round
        c.lineJoin = .round
        let d = shape(zig, at: CGPoint(x: 45, y: 120), size: CGSize(width: 85, height: 70))
        d.fillColor = nil
        d.strokeColor = color(0x264653)
        d.lineWidth = 9
        d.lineCap = .square
        d.lineJoin = .bevel
        // Dashed circle with phase, and a trimmed circle (strokeStart/End).
        let circle = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 60, height: 60), transform: nil)
        let e = shape(circle, at: CGPoint(x: 150, y: 120), size: CGSize(width: 70, height: 70))
        e.fillColor = nil
        e.strokeColor = color(0x8338ec)
        e.lineWidth = 5
        e.lineDashPattern = [12, 6]
        e.lineDashPhase = 4
        let f = shape(circle, at: CGPoint(x: 250, y: 120), size: CGSize(width: 70, height: 70))
        f.fillColor = color(0xe9c46a, 0.5)
        f.strokeColor = color(0x1d3557)
        f.lineWidth = 6
        f.strokeStart = 0.1
        f.strokeEnd = 0.6
        r.sublayers = [a, b, c, d, e, f]
        let out = try render(r, 320, 160, background: .white)
        // The even-odd star's centre is a hole; the non-zero one is filled.
        #expect(close(pixel(out.image, 45, 45), [255, 255, 255, 255], 4))
        #expect(close(pixel(out.image, 130, 45), [42, 157, 143, 255], 4))
        GoldenImage.check(out.image, named: "shapes")
    }

    @Test func masksOfEveryKind() throws {
        let r = root(320, 100)
        func photo(_ x: CGFloat) -> CALayer {
            let l = layer(CGRect(x: 0, y: 0, width: 70, height: 70), CGPoint(x: x, y: 50), color(0xe63946))
            l.contents = checkerImage()
            return l
        }
        // A shape mask (rounded corners chosen), an image mask (the checker's alpha),
        // a gradient mask (fade out), a subtree mask (two dots), under a 3D transform.
        let a = photo(45)
        let shapeMask = CAShapeLayer()
        shapeMask.frame = a.bounds
        shapeMask.path = CGPath.roundedRect(
            a.bounds, radius: 25, corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        a.mask = shapeMask
        let b = photo(125)
        let imageMask = CALayer()
        imageMask.frame = b.bounds
        imageMask.contents = checkerImage()
        b.mask = imageMask
        let c = photo(205)
        let fade = CAGradientLayer()
        fade.frame = c.bounds
        fade.colors = [CGColor.black, CGColor.clear]
        c.mask = fade
        let d = photo(280)
        let dots = CALayer()
        dots.frame = d.bounds
        for (x, y) in [(20, 20), (50, 50)] as [(CGFloat, CGFloat)] {
            let dot = layer(CGRect(x: 0, y: 0, width: 36, height: 36), CGPoint(x: x, y: y), .black)
            dot.cornerRadius = 18
            dots.addSublayer(dot)
        }
        d.mask = dots
        d.transform = CATransform3DRotate(perspective(200), 0.6, 0, 1, 0)
        r.sublayers = [a, b, c, d]
        let out = try render(r, 320, 100, background: .white)
        // Shape mask: the rounded top-left corner is cut away; the square top-right is not.
        #expect(close(pixel(out.image, 12, 16), [255, 255, 255, 255], 4))
        #expect(!close(pixel(out.image, 77, 17), [255, 255, 255, 255], 40))
        // Gradient mask: the top is opaque, the bottom nearly gone.
        #expect(pixel(out.image, 205, 82)[1] > 200)
        GoldenImage.check(out.image, named: "masks")
    }

    /// `Tests/Scenes/mask_reuses_larger_target.scene.json`: a masked layer whose
    /// group-opacity sublayer's pass lets go of a target larger than the masked
    /// content's, and the mask pass gets it. The mask must be sampled in its own
    /// target (issue 27: it was drawn squashed to the left, by the ratio of the
    /// two targets' widths).
    @Test func aMaskDrawnIntoALargerTargetThanItsContentKeepsItsPlace() throws {
        let url = StrataProcess.packageRoot.appendingPathComponent("Tests/Scenes/mask_reuses_larger_target.scene.json")
        let scene = try Scene.load(contentsOf: url)
        let tree = try scene.presentationTree(at: 0)
        let out = try OffscreenRenderer().render(
            tree, size: scene.size, scale: Double(scene.scale),
            background: scene.background)
        let background = [0xf1, 0xfa, 0xee, 255]
        // The mask is the rounded rect x 120…200, y 50…150 on screen: the red
        // group (0.8 over the layer's #a8dadc) on its left, the blue dot on its right.
        #expect(close(pixel(out.image, 130, 100), [218, 89, 100, 255], 4), "\(pixel(out.image, 130, 100))")
        #expect(close(pixel(out.image, 190, 100), [57, 86, 114, 255], 4), "\(pixel(out.image, 190, 100))")
        #expect(close(pixel(out.image, 160, 55), [218, 89, 100, 255], 4), "\(pixel(out.image, 160, 55))")
        // Outside it, nothing.
        for (x, y) in [(110, 100), (210, 100), (160, 40), (160, 160), (123, 53)] {
            #expect(close(pixel(out.image, x, y), background, 4), "(\(x), \(y)): \(pixel(out.image, x, y))")
        }
    }

    @Test func intersectingTranslucentPlanesInATransformLayer() throws {
        let r = root(200, 160)
        let space = CATransformLayer()
        space.frame = r.bounds
        for (angle, hex, alpha) in [(0.7, 0xe63946, 1.0), (-0.7, 0x457b9d, 0.7), (0.0, 0xe9c46a, 0.8)]
            as [(CGFloat, UInt32, CGFloat)]
        {
            let plane = layer(CGRect(x: 0, y: 0, width: 120, height: 80), CGPoint(x: 100, y: 80), color(hex, alpha))
            plane.transform =
                angle == 0
                ? CATransform3DRotate(perspective(400), 1.2, 1, 0, 0)
                : CATransform3DRotate(perspective(400), angle, 0, 1, 0)
            space.addSublayer(plane)
        }
        r.addSublayer(space)
        let out = try render(r, 200, 160)
        GoldenImage.check(out.image, named: "intersecting_planes")
    }

    @Test func animatedPathAndStrokeEndRenderMidway() throws {
        let r = root(200, 100)
        let s = shape(
            CGPath(rect: CGRect(x: 10, y: 10, width: 60, height: 60), transform: nil),
            at: CGPoint(x: 60, y: 50), size: CGSize(width: 100, height: 80))
        s.fillColor = color(0x2a9d8f)
        let line = shape(
            try CGPath(svgPathData: "M 10 40 L 90 40"), at: CGPoint(x: 150, y: 50),
            size: CGSize(width: 100, height: 80))
        line.strokeColor = color(0xe76f51)
        line.lineWidth = 10
        r.sublayers = [s, line]
        let ticker = FrameTicker(rootLayer: r)
        ticker.tick(at: 0)
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = s.path
        grow.toValue = CGPath(rect: CGRect(x: 10, y: 10, width: 80, height: 60), transform: nil)
        grow.duration = 1
        s.add(grow, forKey: "grow")
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1
        line.add(draw, forKey: "draw")
        let tree = ticker.tick(at: 0.5)
        let out = try OffscreenRenderer().render(tree, size: CGSize(width: 200, height: 100), background: .white)
        // Midway the rect is 70 wide (x 20…90 in the canvas) and the line half drawn (x 110…150).
        #expect(!close(pixel(out.image, 85, 50), [255, 255, 255, 255], 40))
        #expect(close(pixel(out.image, 95, 50), [255, 255, 255, 255], 4))
        #expect(!close(pixel(out.image, 140, 50), [255, 255, 255, 255], 40))
        #expect(close(pixel(out.image, 160, 50), [255, 255, 255, 255], 4))
    }
}
