import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct RenderListSnapshotTests {
    /// The seed card fold, built as the seed's code does: two halves folded about the middle.
    @Test func cardFold() {
        let root = canvasRoot(CGSize(width: 600, height: 800))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 400, height: 400),
            position: CGPoint(x: 300, y: 300), color: nil)
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        for (name, anchorY, y, angle) in [("bottom", 1.0, 400.0, 27.0), ("top", 0.0, 0.0, -27.0)] {
            let half = makeLayer(
                name, bounds: CGRect(x: 0, y: 0, width: 400, height: 200), position: CGPoint(x: 200, y: y),
                color: CGColor(red: 1, green: 0.55, blue: 0, alpha: 1))
            half.anchorPoint = CGPoint(x: 0.5, y: anchorY)
            half.transform = CATransform3DRotate(t, angle * .pi / 180, 1, 0, 0)
            half.addSublayer(
                makeLayer(
                    name + ".bar", bounds: CGRect(x: 0, y: 0, width: 300, height: 40),
                    position: CGPoint(x: 200, y: 100)))
            card.addSublayer(half)
        }
        root.addSublayer(card)
        RenderListSnapshot.check(
            Flattener(size: CGSize(width: 600, height: 800)).renderList(for: root),
            named: "card_fold")
    }

    /// Clips, group opacity through a pass, a gradient, a shadow and a border above sublayers.
    @Test func clipsOpacityGradientShadowBorder() {
        let root = canvasRoot(CGSize(width: 300, height: 200))
        let panel = makeLayer(
            "panel", bounds: CGRect(x: 0, y: 0, width: 200, height: 120), position: CGPoint(x: 150, y: 100))
        panel.cornerRadius = 16
        panel.masksToBounds = true
        panel.borderWidth = 2
        panel.opacity = 0.8
        let gradient = CAGradientLayer()
        gradient.name = "gradient"
        gradient.frame = CGRect(x: -20, y: 20, width: 240, height: 60)
        gradient.colors = [CGColor.black, CGColor.white]
        panel.addSublayer(gradient)
        panel.addSublayer(
            makeLayer("chip", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 40, y: 40)))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 60, height: 40), position: CGPoint(x: 250, y: 160))
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        root.sublayers = [panel, card]
        RenderListSnapshot.check(
            Flattener(size: CGSize(width: 300, height: 200)).renderList(for: root),
            named: "clips_opacity_gradient_shadow")
    }

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, side: Int = 4) -> CGImage {
        CGImage(width: side, height: side, pixels: (0..<side * side).flatMap { _ in [r, g, b, 255] }, label: "solid")
    }

    /// A layer masked by an opaque rounded layer (a clip of the same shape), beside one
    /// masked by an image (mask and content passes).
    @Test func masks() {
        let root = canvasRoot(CGSize(width: 200, height: 100))
        let card = makeLayer("card", bounds: CGRect(x: 0, y: 0, width: 80, height: 60), position: CGPoint(x: 50, y: 50))
        card.addSublayer(
            makeLayer(
                "chip", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 20, y: 20),
                color: CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)))
        let mask = makeLayer("mask", bounds: CGRect(x: 0, y: 0, width: 60, height: 40), position: CGPoint(x: 40, y: 30))
        mask.cornerRadius = 12
        card.mask = mask
        let photo = makeLayer(
            "photo", bounds: CGRect(x: 0, y: 0, width: 60, height: 60), position: CGPoint(x: 150, y: 50),
            color: CGColor(red: 1, green: 0.4, blue: 0, alpha: 1))
        let imageMask = CALayer()
        imageMask.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        imageMask.contents = Self.solid(255, 255, 255)
        photo.mask = imageMask
        root.sublayers = [card, photo]
        RenderListSnapshot.check(Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root), named: "masks")
    }

    /// `shouldRasterize`: the subtree drawn once in its own plane, then one textured quad in 3D.
    @Test func rasterization() {
        let root = canvasRoot(CGSize(width: 200, height: 120))
        let panel = makeLayer(
            "panel", bounds: CGRect(x: 0, y: 0, width: 120, height: 80), position: CGPoint(x: 100, y: 60))
        panel.cornerRadius = 10
        panel.shouldRasterize = true
        panel.rasterizationScale = 2
        panel.addSublayer(
            makeLayer(
                "a", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 40, y: 40),
                color: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)))
        panel.addSublayer(
            makeLayer(
                "b", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 70, y: 40),
                color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        var t = CATransform3DIdentity
        t.m34 = -1 / 400
        panel.transform = CATransform3DRotate(t, 0.5, 0, 1, 0)
        root.addSublayer(panel)
        RenderListSnapshot.check(
            Flattener(size: CGSize(width: 200, height: 120)).renderList(for: root),
            named: "rasterization")
    }

    /// Contents changing inside an animated transaction: old and new drawn cross-faded.
    @Test func contentsCrossfade() {
        let root = canvasRoot(CGSize(width: 60, height: 60))
        let l = makeLayer(
            "photo", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 30, y: 30),
            color: nil)
        l.contents = Self.solid(255, 0, 0)
        root.addSublayer(l)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.contents = Self.solid(0, 0, 255)
        CATransaction.commit()
        RenderListSnapshot.check(
            Flattener(size: CGSize(width: 60, height: 60)).renderList(for: ticker.tick(at: 0.25)),
            named: "contents_crossfade")
    }

    /// A layer's shadow whose shape is its sublayers' alpha: a silhouette pass, blurred.
    @Test func blurredSilhouetteShadow() {
        let root = canvasRoot(CGSize(width: 160, height: 120))
        let group = CALayer()
        group.name = "group"
        group.frame = CGRect(x: 30, y: 20, width: 80, height: 60)
        group.addSublayer(
            makeLayer("left", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 15, y: 15)))
        group.addSublayer(
            makeLayer("right", bounds: CGRect(x: 0, y: 0, width: 30, height: 40), position: CGPoint(x: 60, y: 35)))
        group.shadowOpacity = 0.6
        group.shadowRadius = 5
        group.shadowOffset = CGSize(width: 4, height: 6)
        root.addSublayer(group)
        RenderListSnapshot.check(
            Flattener(size: CGSize(width: 160, height: 120)).renderList(for: root),
            named: "blurred_silhouette_shadow")
    }

    /// Two planes of one 3D context crossing each other: the sorter cuts one in two.
    @Test func bspCut() {
        let root = canvasRoot(CGSize(width: 200, height: 160))
        let context = CATransformLayer()
        context.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        context.sublayerTransform = perspective
        for (name, angle, color) in [
            ("a", 0.6, CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
            ("b", -0.6, CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
        ] {
            let plane = makeLayer(
                name, bounds: CGRect(x: 0, y: 0, width: 120, height: 80), position: CGPoint(x: 100, y: 80),
                color: color)
            plane.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            context.addSublayer(plane)
        }
        root.addSublayer(context)
        let list = Flattener(size: CGSize(width: 200, height: 160)).renderList(for: root)
        #expect(list.screen.items.count > 2, "the planes cross, so one is cut")
        RenderListSnapshot.check(list, named: "bsp_cut")
    }
}
