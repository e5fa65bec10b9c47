import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

/// Several trees in one render list (an overlay drawn over a scene).
@Suite struct FlattenerOverlayTests {
    let flattener = Flattener(size: CGSize(width: 200, height: 100))

    @Test func laterTreesDrawOverEarlierOnesAndNothingOfOneReachesTheNext() {
        // The scene: a rotated, rounded, clipping root with a child that overflows it.
        let scene = canvasRoot()
        scene.masksToBounds = true
        scene.cornerRadius = 20
        scene.opacity = 0.5
        scene.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        scene.addSublayer(
            makeLayer(
                "child", bounds: CGRect(x: 0, y: 0, width: 150, height: 80),
                position: CGPoint(x: 100, y: 50), color: .black))
        // The overlay: a strip across the top.
        let overlay = canvasRoot()
        overlay.addSublayer(
            makeLayer(
                "strip", bounds: CGRect(x: 0, y: 0, width: 200, height: 20),
                position: CGPoint(x: 100, y: 10), color: .white))
        let both = flattener.renderList(for: [scene, overlay])
        let alone = flattener.renderList(for: overlay)
        let first = flattener.renderList(for: scene)
        #expect(both.screen.items.count == first.screen.items.count + alone.screen.items.count)
        #expect(Array(both.screen.items.prefix(first.screen.items.count)) == first.screen.items)
        let strip = both.screen.items.last!
        #expect(both.label(of: strip) == "strip")
        #expect(strip == alone.screen.items.last!, "not scaled, clipped or faded by the scene's root")
        #expect(flattener.renderList(for: []).screen.items.isEmpty)
    }
}
