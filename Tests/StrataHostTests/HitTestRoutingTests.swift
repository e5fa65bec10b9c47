import Foundation
import Strata
import StrataHost
import Testing

/// The router finds the layer under the pointer through 3D transforms and
/// perspective, where it is drawn (the presentation tree).
@Suite struct HitTestRoutingTests {
    @Test func aClickReachesTheLayerWhereThePerspectiveDrawsIt() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.position = CGPoint(x: 100, y: 100)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.transform = CATransform3DMakeRotation(60 * .pi / 180, 0, 1, 0)
        root.addSublayer(child)
        let router = GestureRouter(rootLayer: root)
        var hits: [CGPoint] = []
        router.addGestureRecognizer(TapGestureRecognizer { hits.append($0.location(in: child)) }, to: child)
        FrameTicker(rootLayer: root).tick(at: 0)
        // The turned child spans x ≈ 72.6 … 123.0 (see HitTestTests.perspectiveParent).
        #expect(router.hitTest(CGPoint(x: 122.9, y: 100)) === child)
        #expect(router.hitTest(CGPoint(x: 123.1, y: 100)) === root)
        var script = InputScript()
        script.click(at: CGPoint(x: 140, y: 100), time: 0)  // inside the unturned frame: misses
        script.click(at: CGPoint(x: 122, y: 100), time: 0.5)  // near the right edge as drawn
        for e in script.events { router.handle(e.event, at: e.time) }
        #expect(hits.count == 1)
        // The point un-projects onto the child's plane: near its right edge (x = 100).
        #expect(hits.first.map { $0.x > 90 && $0.x < 100 && abs($0.y - 50) < 1e-6 } == true)
    }

    @Test func anAnimatedLayerIsHitWhereItIsShown() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 200)
        root.position = CGPoint(x: 200, y: 100)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(box)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        box.position = CGPoint(x: 350, y: 50)  // animates implicitly over 0.25 s
        ticker.tick(at: 0.01)
        let router = GestureRouter(rootLayer: root)
        #expect(router.hitTest(CGPoint(x: 50, y: 50)) === box)  // still near the start
        #expect(router.hitTest(CGPoint(x: 350, y: 50)) === root)
        ticker.tick(at: 1)
        #expect(router.hitTest(CGPoint(x: 350, y: 50)) === box)
    }
}
