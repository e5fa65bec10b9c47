import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

/// A `CATransition` in the render list: the old rendering and the live layer,
/// each shifted and faded by the transition's placement.
@Suite struct TransitionFlattenTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 100×50 card at the canvas's top left, drawn once in red, then turned
    /// blue under `transition`; the render list at `time`.
    func list(_ transition: CATransition, at time: CFTimeInterval, change: (CALayer) -> Void = { _ in })
        -> RenderList
    {
        CATransaction.flush()
        let root = canvasRoot()
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
            position: CGPoint(x: 50, y: 25), color: red)
        root.addSublayer(card)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        transition.duration = 1
        card.add(transition, forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = blue
        change(card)
        CATransaction.commit()
        ticker.tick(at: 0)
        return Flattener(size: CGSize(width: 200, height: 100)).renderList(for: ticker.tick(at: time))
    }

    func x(_ item: DrawItem) -> Double { item.mapping.project(0, 0)!.x }

    @Test func aPushMovesBothRenderingsAcross() {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        let items = list(push, at: 0.5).screen.items
        #expect(items.count == 2)
        // Old (red) half-way out to the left, new (blue) half-way in from the right.
        #expect(items[0].fill == PremultipliedColor(red) && abs(x(items[0]) + 50) < 1e-9)
        #expect(items[1].fill == PremultipliedColor(blue) && abs(x(items[1]) - 50) < 1e-9)
        #expect(items.allSatisfy { $0.opacity == 1 })
    }

    @Test func aRevealDrawsTheOldOnTop() {
        let reveal = CATransition()
        reveal.type = .reveal
        reveal.subtype = .fromBottom
        let items = list(reveal, at: 0.25).screen.items
        #expect(items.count == 2)
        #expect(items[0].fill == PremultipliedColor(blue) && items[1].fill == PremultipliedColor(red))
        // The old one moves up a quarter of its height.
        #expect(abs(items[1].mapping.project(0, 0)!.y + 12.5) < 1e-9)
    }

    @Test func aFadeCrossFadesByOpacity() {
        // Rounded, so the new layer does not cover the old one: both fade.
        let items = list(CATransition(), at: 0.25) { $0.cornerRadius = 8 }.screen.items
        #expect(items.count == 2)
        #expect(abs(items[0].opacity - 0.75) < 1e-6 && abs(items[1].opacity - 0.25) < 1e-6)
        // Opaque and square: the old stays whole under the new.
        let covered = list(CATransition(), at: 0.25).screen.items
        #expect(covered[0].opacity == 1 && abs(covered[1].opacity - 0.25) < 1e-6)
    }

    @Test func aSublayerSwapFadesTheOldSubtreeOut() {
        let made = list(CATransition(), at: 0.5) { card in
            card.backgroundColor = nil
            card.addSublayer(
                makeLayer(
                    "added", bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                    position: CGPoint(x: 5, y: 5), color: .white))
        }
        let items = made.screen.items
        #expect(made.screenLabels == ["card", "added"])
        #expect(abs(items[0].opacity - 0.5) < 1e-6 && abs(items[1].opacity - 0.5) < 1e-6)
    }

    @Test func afterTheTransitionOnlyTheNewRenderingIsDrawn() {
        let items = list(CATransition(), at: 1.5).screen.items
        #expect(items.count == 1 && items[0].fill == PremultipliedColor(blue) && items[0].opacity == 1)
    }
}
