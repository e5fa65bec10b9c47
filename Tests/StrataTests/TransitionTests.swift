import Foundation
import Testing

@testable import Strata

@Suite("CATransition")
struct TransitionTests {
    let red = CGImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
    let blue = CGImage(width: 1, height: 1, pixels: [0, 0, 255, 255])

    func card(_ stage: Stage) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.contents = red
        return stage.show(layer)
    }

    @Test func defaultsAndKeyValueCodingAreApples() {
        let transition = CATransition()
        #expect(transition.type == .fade && transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1)
        #expect(kCATransition == "transition")
        transition.setValue("push", forKey: "type")
        transition.setValue(CATransitionSubtype.fromTop, forKey: "subtype")
        #expect(transition.type == .push && transition.subtype == .fromTop)
        #expect(transition.value(forKey: "subtype") as? String == "fromTop")
        let copy = transition.copy() as! CATransition
        #expect(copy.type == .push && copy.subtype == .fromTop)
        #expect(CATransition.defaultValue(forKey: "type") as? String == "fade")
    }

    @Test func progressRunsFromStartToEndProgressOverTheDuration() throws {
        let stage = Stage()
        let layer = card(stage)
        let transition = CATransition()
        transition.duration = 1
        transition.type = .push
        transition.subtype = .fromRight
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        layer.add(transition, forKey: kCATransition)
        layer.contents = blue
        for (time, progress) in [(0.0, 0.2), (0.25, 0.3), (0.5, 0.4), (0.99, 0.596)] {
            let frame = try #require(stage.sample(layer, at: time).transitionFrame)
            #expect(near(frame.progress, progress, 1e-6), "at \(time)")  // Float progress ends
            #expect(frame.type == .push && frame.subtype == .fromRight)
            #expect((frame.old?.contents as? CGImage) === red)
        }
        // The new rendering is the live layer, with the new contents.
        #expect((stage.sample(layer, at: 0.5).contents as? CGImage) === blue)
        // Over: removed, and the layer shows only its new rendering.
        #expect(stage.sample(layer, at: 1.01).transitionFrame == nil)
        #expect(layer.animation(forKey: kCATransition) == nil)
    }

    @Test func theTimingCurveEasesProgress() throws {
        let stage = Stage()
        let layer = card(stage)
        let transition = CATransition()
        transition.duration = 1
        transition.timingFunction = CAMediaTimingFunction(name: .easeIn)
        layer.add(transition, forKey: nil)
        layer.contents = blue
        let p = try #require(stage.sample(layer, at: 0.5).transitionFrame?.progress)
        #expect(near(p, CAMediaTimingFunction(name: .easeIn).evaluate(0.5), 1e-9) && p < 0.4)
    }

    @Test func theOldRenderingIsTheTreeDrawnBeforeTheChanges() throws {
        let stage = Stage()
        let layer = card(stage)
        let before = CALayer()
        before.name = "before"
        layer.addSublayer(before)
        stage.tick(0.1)
        // Changes made before the transition is added count as well as those after.
        let after = CALayer()
        after.name = "after"
        layer.replaceSublayer(before, with: after)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)
        layer.add(CATransition(), forKey: kCATransition)
        layer.contents = blue
        before.opacity = 0.5  // a change to the old subtree after it left: not in the old rendering
        let frame = try #require(stage.sample(layer, at: 0.2).transitionFrame)
        let old = try #require(frame.old)
        #expect(old.sublayers?.map(\.name) == ["before"])
        #expect(old.sublayers?.first?.opacity == 1)
        #expect(old.backgroundColor == nil && (old.contents as? CGImage) === red)
        #expect(old.sublayers?.first?.model() === before)
        let shown = stage.sample(layer, at: 0.2)
        #expect(shown.sublayers?.map(\.name) == ["after"] && shown.backgroundColor != nil)
    }

    @Test func aLayerNeverDrawnHasNoOldRendering() throws {
        let stage = Stage()
        let layer = CALayer()
        layer.add(CATransition(), forKey: kCATransition)
        stage.root.addSublayer(layer)
        let frame = try #require(stage.sample(layer, at: 0.1).transitionFrame)
        #expect(frame.old == nil)
    }

    @Test(arguments: [
        (CATransitionType.fade, CATransitionSubtype?.none, CGSize.zero, 0.75, CGSize.zero, 0.25, false),
        (.moveIn, .fromRight, .zero, 1, CGSize(width: 75, height: 0), 1, false),
        (.moveIn, .fromLeft, .zero, 1, CGSize(width: -75, height: 0), 1, false),
        (.push, .fromRight, CGSize(width: -25, height: 0), 1, CGSize(width: 75, height: 0), 1, false),
        (.push, .fromTop, CGSize(width: 0, height: 12.5), 1, CGSize(width: 0, height: -37.5), 1, false),
        (.push, .fromBottom, CGSize(width: 0, height: -12.5), 1, CGSize(width: 0, height: 37.5), 1, false),
        (.reveal, .fromLeft, CGSize(width: 25, height: 0), 1, .zero, 1, true),
        (CATransitionType(rawValue: "cube"), .fromLeft, .zero, 0.75, .zero, 0.25, false),
    ])
    func placementAtAQuarter(
        type: CATransitionType, subtype: CATransitionSubtype?, oldOffset: CGSize,
        oldOpacity: Double, newOffset: CGSize, newOpacity: Double, oldOnTop: Bool
    ) {
        let frame = TransitionFrame(old: nil, type: type, subtype: subtype, progress: 0.25)
        let p = frame.placement(size: CGSize(width: 100, height: 50), newCoversOld: false)
        #expect(
            p
                == TransitionFrame.Placement(
                    oldOffset: oldOffset, oldOpacity: oldOpacity, newOffset: newOffset,
                    newOpacity: newOpacity, oldOnTop: oldOnTop), "\(type.rawValue)")
    }

    @Test func aFadeOverAnOpaqueLayerKeepsTheOldWhole() {
        let frame = TransitionFrame(old: nil, type: .fade, subtype: nil, progress: 0.25)
        let p = frame.placement(size: CGSize(width: 10, height: 10), newCoversOld: true)
        #expect(p.oldOpacity == 1 && p.newOpacity == 0.25)
    }

    @Test func aTransitionAsTheContentsActionShowsTheChange() throws {
        let stage = Stage()
        let layer = card(stage)
        let transition = CATransition()
        transition.type = .moveIn
        transition.duration = 1
        layer.actions = ["contents": transition]
        layer.contents = blue
        #expect(layer.animation(forKey: "contents") is CATransition)
        let frame = try #require(stage.sample(layer, at: 0.5).transitionFrame)
        #expect((frame.old?.contents as? CGImage) === red && near(frame.progress, 0.5, 1e-9))
    }

    @Test func aRedrawInTheTransitionsTransactionIsShownByTheTransitionAlone() throws {
        let stage = Stage()
        let bar = CALayer()
        let drawer = Painter()
        bar.delegate = drawer
        bar.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        bar.setNeedsDisplay()
        stage.show(bar)
        let first = try #require(bar.contents as? CGImage)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        bar.add(push, forKey: kCATransition)
        drawer.gray = 1
        bar.setNeedsDisplay()
        stage.tick(0.1)
        // The new drawing replaced the contents without the contents cross-fade.
        #expect((bar.contents as? CGImage) !== first)
        #expect(bar.animation(forKey: "contents") == nil)
        let frame = try #require(stage.sample(bar, at: 0.15).transitionFrame)
        #expect((frame.old?.contents as? CGImage) === first)
    }

    final class Painter: CALayerDelegate {
        var gray: CGFloat = 0
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(gray: gray, alpha: 1)
            ctx.fill(layer.bounds)
        }
    }

    @Test func aTransitionOnAHiddenChangeFadesTheLayerOut() throws {
        let stage = Stage()
        let layer = card(stage)
        layer.add(CATransition(), forKey: kCATransition)
        layer.isHidden = true
        let shown = stage.sample(layer, at: 0.1)
        #expect(shown.isHidden)
        let frame = try #require(shown.transitionFrame)
        #expect(frame.old?.isHidden == false)
    }
}
