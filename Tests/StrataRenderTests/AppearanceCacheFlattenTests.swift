import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct AppearanceCacheFlattenTests {
    func shadowedCard(_ name: String, x: CGFloat, turn: CGFloat = 0) -> CALayer {
        let card = makeLayer(name, bounds: CGRect(x: 0, y: 0, width: 40, height: 30), position: CGPoint(x: x, y: 50))
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, turn, 0, 1, 0)
        return card
    }

    /// A shape layer's closed-form ring is drawn where it lands every frame, not
    /// from a cached look (a bordered card beside it still is).
    @Test func closedFormShapesAreNotCachedLooks() {
        let cache = AppearanceCache()
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.appearanceCache = cache
        func tree(_ x: CGFloat) -> CALayer {
            let root = canvasRoot()
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: x, y: 20, width: 60, height: 60)
            ring.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
            ring.fillColor = nil
            ring.strokeColor = .black
            ring.lineWidth = 4
            root.addSublayer(ring)
            root.addSublayer(shadowedCard("card", x: 150))
            return root
        }
        _ = flattener.renderList(for: tree(10))
        let second = flattener.renderList(for: tree(12))
        #expect(second.screen.items.first?.borderWidth == 4 && second.screen.items.first?.content == nil)
        #expect(second.screen.items.last?.shading == .texturedQuad, "the card's look is cached")
    }

    @Test func aLookSeenLastFrameIsDrawnFromOneSharedPass() {
        let cache = AppearanceCache()
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.appearanceCache = cache
        func tree(_ turn: CGFloat) -> CALayer {
            let root = canvasRoot()
            root.addSublayer(shadowedCard("a", x: 40, turn: turn))
            root.addSublayer(shadowedCard("b", x: 100, turn: -turn))
            root.addSublayer(shadowedCard("c", x: 160, turn: 0.1))
            return root
        }
        // First frame: no history, every look drawn as it is (shadow + body).
        let first = flattener.renderList(for: tree(0.2))
        #expect(first.passes.count == 1)
        #expect(first.screen.items.map(\.kind) == [.shadow, .layer, .shadow, .layer, .shadow, .layer])
        // Second frame, turned a little: the looks are the same, so each card
        // is one textured quad, all three from one appearance pass.
        let second = flattener.renderList(for: tree(0.25))
        #expect(second.passes.count == 2)
        #expect(second.passes[0].purpose == .appearance)
        #expect(second.passes[0].cacheKey != nil)
        #expect(second.screen.items.count == 3)
        #expect(second.screen.items.allSatisfy { $0.shading == .texturedQuad && $0.texture == .pass(0) })
        #expect(second.screenLabels == ["a.cached", "b.cached", "c.cached"])
        // The quads keep each card's own plane.
        #expect(second.screen.items[0].mapping != second.screen.items[1].mapping)
    }

    @Test func aLookThatChangesEveryFrameIsNeverCached() {
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.appearanceCache = AppearanceCache()
        for frame in 0..<3 {
            let root = canvasRoot()
            let card = shadowedCard("a", x: 100)
            card.backgroundColor = CGColor(gray: CGFloat(frame) / 4, alpha: 1)
            root.addSublayer(card)
            let list = flattener.renderList(for: root)
            #expect(list.passes.count == 1)
            #expect(list.screen.items.count == 2)
        }
    }

    @Test func withoutACacheNothingChanges() {
        let flattener = Flattener(size: CGSize(width: 200, height: 100))
        let root = canvasRoot()
        root.addSublayer(shadowedCard("a", x: 100))
        let first = flattener.renderList(for: root)
        #expect(flattener.renderList(for: root) == first)
    }
}
