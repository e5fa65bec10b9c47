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

    /// A key matches the items of a layer by comparing them in place
    /// (`looksLike`): the same answer as comparing their `placementFree`
    /// copies, for an item changed in each of its fields in turn.
    @Test func itemsMatchAKeyAsTheirPlacementFreeCopiesDo() {
        var base = DrawItem(
            mapping: PlaneMapping(1, 0, 0, 0, 1, 0, 10, 20, 1), quad: CGRect(x: -1, y: -1, width: 42, height: 32),
            shape: CGRect(x: 0, y: 0, width: 40, height: 30))
        base.fill = PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)
        base.borderWidth = 2
        let key = AppearanceKey(items: [base], scaleU: 2, scaleV: 2)
        // Every stored field: one added to DrawItem must be compared in `looksLike` too.
        #expect(Mirror(reflecting: base).children.count == 22, "a field added to DrawItem: compare it in looksLike")
        let changes: [(String, (inout DrawItem) -> Void)] = [
            ("kind", { $0.kind = .shadow }), ("mapping", { $0.mapping = .identity }), ("quad", { $0.quad = .zero }),
            ("shape", { $0.shape.size.width += 1 }), ("radii", { $0.radii.minXMinY = 3 }),
            ("continuous", { $0.continuousCorners = true }), ("fill", { $0.fill = .clear }),
            ("content", { $0.content = .borderArc(start: 0, sweep: 1, roundCaps: false) }),
            ("clipsContent", { $0.clipsContentToShape = true }), ("mask", { $0.mask = .pass(1) }),
            ("border", { $0.borderWidth = 3 }), ("borderColor", { $0.borderColor = .white }),
            ("opacity", { $0.opacity = 0.5 }), ("tint", { $0.tint = .clear }), ("blend", { $0.blend = .multiply }),
            ("clip", { $0.clip = 4 }), ("blur", { $0.blurSigma = 2 }), ("edges", { $0.antialiasedEdges = 1 }),
            ("texel", { $0.sampledTexelForPixel = true }), ("mips", { $0.mipmapsWhenMinified = false }),
        ]
        for (name, change) in changes {
            var item = base
            change(&item)
            #expect(
                key.matches([item], scaleU: 2, scaleV: 2) == (item.placementFree == key.items[0]), "\(name)")
        }
        #expect(key.matches([base], scaleU: 2, scaleV: 2))
        #expect(!key.matches([base], scaleU: 2, scaleV: 1))
    }
}
