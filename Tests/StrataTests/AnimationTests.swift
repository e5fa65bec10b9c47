import Foundation
import Testing

@testable import Strata

/// A layer tree on its own manual clock, ticked as a window would tick it.
/// Each test makes its own, so parallel tests never share a clock.
final class Stage {
    let root = CALayer()
    let ticker: FrameTicker

    init(at time: CFTimeInterval = 0) {
        // Commit whatever an earlier test on this thread left open.
        CATransaction.flush()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        ticker = FrameTicker(rootLayer: root, clock: CAMediaClock(time: time))
        ticker.tick(at: time)
    }

    var now: CFTimeInterval { ticker.clock.currentTime }

    /// Adds `layer` under the root and ticks once, so it is on screen and its changes animate.
    @discardableResult
    func show<L: CALayer>(_ layer: L) -> L {
        root.addSublayer(layer)
        ticker.tick(at: now)
        return layer
    }

    @discardableResult
    func tick(_ time: CFTimeInterval) -> CALayer { ticker.tick(at: time) }

    /// The presentation of `layer` after ticking at `time`.
    func sample<L: CALayer>(_ layer: L, at time: CFTimeInterval) -> L {
        tick(time)
        guard let p = layer.presentation() else {
            Issue.record("no presentation for \(layer.debugName)")
            return layer
        }
        return p
    }
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: Double = 1e-9) -> Bool { abs(Double(a - b)) <= tolerance }
func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}
func near(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { near($0, $1, tolerance) }
}

/// Records delegate calls in order.
final class DelegateLog: CAAnimationDelegate {
    var events: [String] = []
    let name: String
    init(_ name: String = "a") { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { events.append("start \(name)") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(name) \(flag)") }
}

@Suite struct AnimationTests {
    @Test func implicitAnimationRunsFromPresentationToNewValue() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.opacity = 0  // implicit: 0.25 s, default curve, from 1
        #expect(layer.opacity == 0)
        let anim = layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(anim != nil)
        #expect((anim?.fromValue as? NSNumber)?.floatValue == 1)
        #expect(anim?.toValue == nil)
        #expect(anim?.duration == 0.25)
        #expect(anim?.timingFunction == CAMediaTimingFunction(name: .default))
        stage.tick(0)  // commits: begins at 0
        #expect(anim?.beginTime == 0)
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        #expect(near(Double(stage.sample(layer, at: 0.125).opacity), 1 - f, 1e-6))
        #expect(stage.sample(layer, at: 0.25).opacity == 0)
        #expect(layer.animationKeys() == nil)  // removed on completion
    }

    @Test func layersNotYetDrawnDoNotAnimateImplicitly() {
        let stage = Stage()
        let layer = CALayer()
        stage.root.addSublayer(layer)
        layer.position = CGPoint(x: 10, y: 20)  // same transaction as the add: not on screen yet
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation() == nil)
        stage.tick(0)
        #expect(layer.presentation()?.position == CGPoint(x: 10, y: 20))
        layer.position = CGPoint(x: 30, y: 20)
        #expect(layer.animationKeys() == ["position"])
    }

    @Test func disableActionsChangesWithoutAnimating() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 50, y: 60)
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        #expect(stage.sample(layer, at: 0.01).position == CGPoint(x: 50, y: 60))
    }

    @Test func actionSearchOrder() {
        final class Delegate: CALayerDelegate {
            var result: CAAction?
            var asked: [String] = []
            func action(for layer: CALayer, forKey event: String) -> CAAction? { asked.append(event); return result }
        }
        final class Custom: CALayer {
            override class func defaultAction(forKey event: String) -> CAAction? {
                event == "opacity" ? NSNull() : nil
            }
        }
        let stage = Stage()
        let layer = stage.show(Custom())
        // The class default (NSNull) stops the search before the implicit animation.
        layer.opacity = 0.5
        #expect(layer.animationKeys() == nil)
        // style["actions"] comes before the class default.
        let styled = CABasicAnimation(keyPath: "opacity")
        styled.duration = 2
        layer.style = ["actions": ["opacity": styled]]
        layer.opacity = 0.25
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        // actions comes before style.
        let listed = CABasicAnimation(keyPath: "opacity")
        listed.duration = 3
        layer.actions = ["opacity": listed]
        layer.opacity = 0.1
        #expect(layer.animation(forKey: "opacity")?.duration == 3)
        // The delegate comes first; NSNull from it means no action.
        let delegate = Delegate()
        delegate.result = NSNull()
        layer.delegate = delegate
        layer.removeAllAnimations()
        layer.opacity = 0.2
        #expect(layer.animationKeys() == nil)
        #expect(delegate.asked == ["opacity"])
        // nil from the delegate continues the search.
        delegate.result = nil
        layer.opacity = 0.3
        #expect(layer.animation(forKey: "opacity")?.duration == 3)
        #expect(layer.action(forKey: "bounds") is CABasicAnimation)
        withExtendedLifetime(delegate) {}
    }

    @Test func basicFromToByCombinations() {
        // Model value 10, animation over 1 s linear; value at 0.5.
        func sampled(_ configure: (CABasicAnimation) -> Void) -> Double {
            let stage = Stage()
            let layer = stage.show(CALayer())
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.zPosition = 10
            CATransaction.commit()
            let anim = CABasicAnimation(keyPath: "zPosition")
            anim.duration = 1
            configure(anim)
            layer.add(anim, forKey: "z")
            return Double(stage.sample(layer, at: 0.5).zPosition)
        }
        #expect(
            sampled {
                $0.fromValue = 2; $0.toValue = 4
            } == 3)
        #expect(
            sampled {
                $0.fromValue = 2; $0.byValue = 4
            } == 4)  // 2 → 6
        #expect(
            sampled {
                $0.byValue = 4; $0.toValue = 20
            } == 18)  // 16 → 20
        #expect(sampled { $0.fromValue = 2 } == 6)  // 2 → 10
        #expect(sampled { $0.toValue = 20 } == 15)  // 10 → 20
        #expect(sampled { $0.byValue = 4 } == 12)  // 10 → 14
        #expect(sampled { _ in } == 10)  // 10 → 10
        #expect(
            sampled {
                $0.fromValue = NSNumber(value: 2); $0.toValue = CGFloat(4)
            } == 3)
        #expect(
            sampled {
                $0.fromValue = Float(2); $0.toValue = Int(4)
            } == 3)
    }

    @Test func fillModesAtBothEnds() {
        func value(_ fill: CAMediaTimingFillMode, at t: Double) -> Float {
            let stage = Stage()
            let layer = stage.show(CALayer())
            let anim = CABasicAnimation(keyPath: "opacity")
            anim.fromValue = 0.2; anim.toValue = 0.6
            anim.beginTime = 1; anim.duration = 1
            anim.fillMode = fill
            anim.isRemovedOnCompletion = false
            layer.add(anim, forKey: "o")
            return stage.sample(layer, at: t).opacity
        }
        #expect(value(.removed, at: 0.5) == 1)
        #expect(value(.backwards, at: 0.5) == 0.2)
        #expect(value(.forwards, at: 0.5) == 1)
        #expect(value(.both, at: 0.5) == 0.2)
        #expect(value(.removed, at: 3) == 1)
        #expect(value(.forwards, at: 3) == 0.6)
        #expect(value(.both, at: 3) == 0.6)
        #expect(value(.backwards, at: 3) == 1)
    }

    @Test func delegateStartStopAndRemoval() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let log = DelegateLog()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 1
        anim.delegate = log
        layer.add(anim, forKey: "fade")
        #expect(log.events.isEmpty)
        stage.tick(0)
        #expect(log.events == ["start a"])
        stage.tick(0.99)
        #expect(log.events == ["start a"])
        stage.tick(1)
        #expect(log.events == ["start a", "stop a true"])
        #expect(layer.animation(forKey: "fade") == nil)

        let log2 = DelegateLog("b")
        anim.delegate = log2
        layer.add(anim, forKey: "fade")
        stage.tick(1.5)
        layer.removeAnimation(forKey: "fade")
        #expect(log2.events == ["start b"])
        stage.tick(1.6)  // removal is reported at the commit
        #expect(log2.events == ["start b", "stop b false"])
    }

    @Test func addCopiesAndReplacesByKey() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.toValue = 0.5
        layer.add(anim, forKey: "k")
        anim.toValue = 0.9  // the attached copy does not change
        #expect(layer.animation(forKey: "k") !== anim)
        #expect((layer.animation(forKey: "k") as? CABasicAnimation)?.toValue as? Double == 0.5)
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "p")
        layer.add(CABasicAnimation(keyPath: "bounds"), forKey: "k")
        #expect(layer.animationKeys() == ["p", "k"])
        #expect((layer.animation(forKey: "k") as? CABasicAnimation)?.keyPath == "bounds")
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
    }

    @Test func notRemovedOnCompletionHoldsWithForwardsFill() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0; anim.toValue = 100; anim.duration = 1
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        layer.add(anim, forKey: "x")
        #expect(stage.sample(layer, at: 5).position.x == 100)
        #expect(layer.animationKeys() == ["x"])
        #expect(layer.position.x == 0)
    }

    @Test func animationDurationAndCurveComeFromTheTransaction() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = 0
        let explicit = CABasicAnimation(keyPath: "zPosition")
        explicit.fromValue = 0; explicit.toValue = 10
        layer.add(explicit, forKey: "z")
        CATransaction.commit()
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
        #expect(layer.animation(forKey: "z")?.duration == 2)
        let p = stage.sample(layer, at: 1)
        #expect(p.opacity == 0.5)
        #expect(p.zPosition == 5)
    }

    @Test func groupRunsChildrenInItsTime() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        let b = CABasicAnimation(keyPath: "zPosition")
        b.fromValue = 0; b.toValue = 10; b.beginTime = 1; b.duration = 1
        let group = CAAnimationGroup()
        group.animations = [a, b]
        group.duration = 1.5
        group.beginTime = 1
        layer.add(group, forKey: "g")
        var p = stage.sample(layer, at: 1.5)
        #expect(p.opacity == 0.5 && p.zPosition == 0)
        p = stage.sample(layer, at: 2.25)
        #expect(p.opacity == 1 && p.zPosition == 2.5)
        p = stage.sample(layer, at: 2.5)  // the group ended: both gone
        #expect(p.opacity == 1 && p.zPosition == 0)
        #expect(layer.animationKeys() == nil)
    }

    @Test func keyframeModes() {
        func sample(_ configure: (CAKeyframeAnimation) -> Void, at t: Double) -> Double {
            let stage = Stage()
            let layer = stage.show(CALayer())
            let anim = CAKeyframeAnimation(keyPath: "zPosition")
            anim.duration = 1
            configure(anim)
            layer.add(anim, forKey: "k")
            return Double(stage.sample(layer, at: t).zPosition)
        }
        let values: [Any] = [0, 10, 40]
        #expect(sample({ $0.values = values }, at: 0.25) == 5)
        #expect(sample({ $0.values = values }, at: 0.75) == 25)
        #expect(
            sample(
                {
                    $0.values = values; $0.keyTimes = [0, 0.8, 1]
                }, at: 0.4) == 5)
        #expect(
            sample(
                {
                    $0.values = values; $0.keyTimes = [0, 0.8, 1]
                }, at: 0.9) == 25)
        // Discrete: n + 1 key times, or evenly in thirds.
        #expect(
            sample(
                {
                    $0.values = values; $0.calculationMode = .discrete
                }, at: 0.3) == 0)
        #expect(
            sample(
                {
                    $0.values = values; $0.calculationMode = .discrete
                }, at: 0.4) == 10)
        #expect(
            sample(
                {
                    $0.values = values; $0.calculationMode = .discrete
                }, at: 0.7) == 40)
        #expect(
            sample(
                {
                    $0.values = values; $0.calculationMode = .discrete; $0.keyTimes = [0, 0.1, 0.2, 1]
                }, at: 0.15) == 10)
        // Paced: distance 10 then 30, so 10 is reached at 0.25 of the time.
        #expect(
            near(
                sample(
                    {
                        $0.values = values; $0.calculationMode = .paced
                    }, at: 0.25), 10))
        #expect(
            near(
                sample(
                    {
                        $0.values = values; $0.calculationMode = .paced
                    }, at: 0.5), 20))
        // Per-segment timing functions.
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(
            near(
                sample(
                    {
                        $0.values = values; $0.timingFunctions = [easeIn, easeIn]
                    }, at: 0.25),
                10 * easeIn.evaluate(0.5)))
        // Cubic (Catmull-Rom) passes through the keyframes and is smooth between.
        #expect(
            near(
                sample(
                    {
                        $0.values = values; $0.calculationMode = .cubic
                    }, at: 0.5), 10))
        let mid = sample(
            {
                $0.values = [0, 10, 20, 30]; $0.calculationMode = .cubic
            }, at: 0.5)
        #expect(near(mid, 15))
    }

    @Test func keyframePathAndRotation() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        let anim = CAKeyframeAnimation(keyPath: "position")
        anim.path = path
        anim.duration = 1
        anim.calculationMode = .paced
        anim.rotationMode = .rotateAuto
        layer.add(anim, forKey: "move")
        var p = stage.sample(layer, at: 0.125)  // 50 of 400
        #expect(near(p.position, CGPoint(x: 50, y: 0), 1e-6))
        #expect(near(p.transform, CATransform3DIdentity, 1e-6))
        p = stage.sample(layer, at: 0.5)  // 200: 100 down the second line
        #expect(near(p.position, CGPoint(x: 100, y: 100), 1e-6))
        #expect(near(p.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-6))
    }

    @Test func springSettles() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.damping = 10; spring.stiffness = 100; spring.mass = 1
        let settle = spring.settlingDuration
        #expect(settle > 1 && settle < 2)
        spring.duration = settle
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.add(spring, forKey: "s")
        // Underdamped (ratio 0.5): overshoots the target.
        let samples = stride(from: 0.0, through: settle, by: 0.02).map {
            Double(stage.sample(layer, at: $0).position.x)
        }
        #expect(samples.max()! > 110)
        #expect(abs(SpringModel(spring).progress(at: settle) - 1) < 1e-3)
        // Closed form at a known time: x(t) = 1 − e^{−5t}(cos ωd t + (5/ωd) sin ωd t), ωd = √75.
        let wd = 75.0.squareRoot(), t = 0.3
        let expected = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
        #expect(near(SpringModel(spring).progress(at: t), expected, 1e-12))
        let perceptual = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
        #expect(near(perceptual.perceptualDuration, 0.5, 1e-9))
        #expect(near(perceptual.bounce, 0.2, 1e-9))
    }

    @Test func valueFunctionSpinsPastAFullTurn() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "transform")
        anim.valueFunction = CAValueFunction(name: .rotateZ)
        anim.fromValue = 0
        anim.toValue = 4 * Double.pi
        anim.duration = 1
        layer.add(anim, forKey: "spin")
        let p = stage.sample(layer, at: 0.375)  // 1.5 π
        #expect(near(p.transform, CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), 1e-9))
    }

    @Test func additiveTransformConcatenatesBeforeTheModel() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeTranslation(100, 0, 0)
        CATransaction.commit()
        let anim = CABasicAnimation(keyPath: "transform")
        anim.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        anim.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        anim.isAdditive = true
        anim.duration = 1
        layer.add(anim, forKey: "pulse")
        let p = stage.sample(layer, at: 0.5)
        #expect(
            near(p.transform, CATransform3DMakeScale(2, 2, 1).concatenating(CATransform3DMakeTranslation(100, 0, 0))))
        // Additive numbers add to the model.
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.fromValue = -10; shake.toValue = 10; shake.isAdditive = true; shake.duration = 1
        layer.position = CGPoint(x: 50, y: 0)
        layer.removeAllAnimations()
        layer.add(shake, forKey: "shake")
        #expect(near(stage.sample(layer, at: 1.25).position.x, 55))  // began at 0.5
    }

    @Test func cumulativeRepeatsBuildOnEachOther() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "transform.rotation.z")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 1
        anim.repeatCount = 3; anim.isCumulative = true
        layer.add(anim, forKey: "r")
        let angle = stage.sample(layer, at: 2.5).value(forKeyPath: "transform.rotation.z") as? NSNumber
        #expect(near(angle?.doubleValue ?? 0, 2.5, 1e-9))
    }

    @Test func presentationTreeHasPresentationSublayersAndModel() {
        let stage = Stage()
        let parent = stage.show(CALayer())
        let child = CALayer()
        let mask = CAShapeLayer()
        parent.addSublayer(child)
        parent.mask = mask
        stage.tick(0)
        child.opacity = 0.5
        let p = stage.sample(parent, at: 0.1)
        #expect(p !== parent)
        #expect(p.model() === parent)
        #expect(parent.model() === parent)
        #expect(p.sublayers?.first?.model() === child)
        #expect(p.sublayers?.first !== child)
        #expect(p.sublayers?.first?.superlayer === p)
        #expect(p.mask is CAShapeLayer && p.mask?.model() === mask)
        #expect(p.superlayer?.model() === stage.root)
        #expect((p.sublayers?.first?.opacity ?? 0) > 0.5)
        let tree = stage.root.presentationTree(at: 0.1)
        #expect(tree.model() === stage.root)
        #expect(tree.sublayers?.first?.sublayers?.first?.opacity == p.sublayers?.first?.opacity)
        #expect(child.presentation()?.model() === child)
    }

    @Test func layerTimingAffectsItsAnimationsAndSublayers() {
        let stage = Stage()
        let parent = stage.show(CALayer())
        let child = CALayer()
        parent.addSublayer(child)
        stage.tick(0)
        parent.speed = 2
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 1
        child.add(anim, forKey: "o")
        // Committed at clock 0: parent local time 0 → child's begin time 0. At clock 0.25 parent time is 0.5.
        stage.tick(0)
        #expect(anim.beginTime == 0)
        #expect(child.animation(forKey: "o")?.beginTime == 0)
        #expect(stage.sample(child, at: 0.25).opacity == 0.5)
        // Pausing as Apple's QA1673: speed 0, time offset at the paused time.
        let paused = parent.localTime(atGlobal: stage.now)  // convertTime(_:from: nil)
        parent.speed = 0
        parent.timeOffset = paused
        #expect(stage.sample(child, at: 10).opacity == 0.5)
        #expect(child.animationKeys() == ["o"])
    }

    @Test func completionOfRemovedAnimationAndKVCSubpaths() {
        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKey: "position")
        #expect(layer.position == CGPoint(x: 3, y: 4))
        layer.setValue(7, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 7, y: 4))
        layer.setValue(CGFloat(0.5), forKeyPath: "opacity")
        #expect(layer.opacity == 0.5)
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.y")
        #expect(near(layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 1e-9))
        #expect(near((layer.value(forKeyPath: "transform.rotation.y") as? NSNumber)?.doubleValue ?? 0, .pi / 2, 1e-9))
        layer.setValue(NSValue(cgSize: CGSize(width: 5, height: 6)), forKeyPath: "bounds.size")
        #expect((layer.value(forKeyPath: "bounds.size.height") as? NSNumber)?.doubleValue == 6)
        layer.setValue("x", forKey: "custom")
        #expect(layer.value(forKey: "custom") as? String == "x")
        #expect((CALayer.defaultValue(forKey: "anchorPoint") as? NSValue)?.cgPointValue == CGPoint(x: 0.5, y: 0.5))
        #expect((CAShapeLayer.defaultValue(forKey: "lineWidth") as? NSNumber)?.doubleValue == 1)
        let shape = CAShapeLayer()
        shape.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "strokeColor")
        #expect(shape.strokeColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        shape.setValue(0.25, forKey: "strokeEnd")
        #expect(shape.strokeEnd == 0.25)
        let gradient = CAGradientLayer()
        gradient.setValue([0, 0.5, 1], forKey: "locations")
        #expect(gradient.locations?.map(\.doubleValue) == [0, 0.5, 1])
        let text = CATextLayer()
        text.setValue(12, forKey: "fontSize")
        #expect(text.fontSize == 12)
        #expect((text.value(forKey: "wrapped") as? NSNumber)?.boolValue == false)
        #expect(shape.value(forKey: "fillRule") as? String == "non-zero")
    }
}

@Suite struct AnimationPresentationCacheTests {
    @Test func unchangedSubtreesAreReused() {
        let stage = Stage()
        let a = stage.show(CALayer()), b = stage.show(CALayer())
        let leaf = CALayer()
        a.addSublayer(leaf)
        let first = stage.tick(0)
        let second = stage.tick(0.5)
        #expect(first === second)  // nothing changed: the same tree
        leaf.opacity = 0.3  // implicit animation: leaf, a and root are new; b is the same
        let third = stage.tick(0.6)
        #expect(third !== second)
        #expect(third.sublayers?[1] === second.sublayers?[1])
        #expect(third.sublayers?[0] !== second.sublayers?[0])
        #expect(third.sublayers?[0].sublayers?[0].superlayer === third.sublayers?[0])
        #expect(third.sublayers?[1].superlayer === third)
        stage.tick(2)  // animation over
        let fourth = stage.tick(2.1)
        #expect(fourth.sublayers?[0].sublayers?[0].opacity == 0.3)
        #expect(stage.tick(2.2) === fourth)
        // Structure changes are seen too.
        let extra = CALayer()
        b.addSublayer(extra)
        let fifth = stage.tick(2.3)
        #expect(fifth.sublayers?[1] !== fourth.sublayers?[1])
        #expect(fifth.sublayers?[1].sublayers?.count == 1)
        extra.removeFromSuperlayer()
        #expect(stage.tick(2.4).sublayers?[1].sublayers == nil)
        b.name = "renamed"
        #expect(stage.tick(2.5).sublayers?[1].name == "renamed")
    }
}

@Suite struct AnimationTickerTests {
    @Test func replayDrawsAnyMomentOfATimeline() {
        func tree(at time: Double) -> CALayer {
            CATransaction.flush()
            let root = CALayer()
            let card = CALayer()
            card.name = "card"
            card.position = CGPoint(x: 580, y: 300)
            root.addSublayer(card)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1
            card.add(spin, forKey: "spin")  // explicit, begins when the tree is first committed (0)
            let ticker = FrameTicker(rootLayer: root)
            return ticker.replay(
                [
                    (
                        at: 0.5,
                        apply: {
                            CATransaction.begin()
                            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                            card.position = CGPoint(x: 580, y: 150)
                            CATransaction.commit()
                        }
                    ),
                    (at: 0.1, apply: { card.opacity = 0.4 }),
                ], until: time)
        }
        #expect(tree(at: 0).sublayers?[0].position == CGPoint(x: 580, y: 300))
        #expect(tree(at: 0.05).sublayers?[0].opacity == 1)
        let mid = tree(at: 0.625).sublayers?[0]
        #expect(mid?.position == CGPoint(x: 580, y: 225))
        #expect(mid?.opacity == 0.4)
        let angle = (mid?.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0
        #expect(near(angle, 0.625 * .pi, 1e-9))
        #expect(tree(at: 2).sublayers?[0].position == CGPoint(x: 580, y: 150))
        // The same moment twice gives the same values (determinism).
        #expect(tree(at: 0.3).sublayers?[0].opacity == tree(at: 0.3).sublayers?[0].opacity)
    }

    @Test func currentMediaTimeFollowsTheTreeClockInsideTicks() {
        let stage = Stage(at: 5)
        final class Probe: CAAnimationDelegate {
            var seen: CFTimeInterval = -1
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { seen = CACurrentMediaTime() }
        }
        let probe = Probe()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.delegate = probe
        anim.duration = 1
        layer.add(anim, forKey: "a")
        stage.tick(6.5)
        #expect(probe.seen == 6.5)
        let clock = CAMediaClock(time: 42)
        #expect(clock.withCurrent { CACurrentMediaTime() } == 42)
        clock.advance(by: 1)
        #expect(clock.currentTime == 43)
        #expect(!CAMediaClock.realTime.isManual)
        let a = CACurrentMediaTime()
        #expect(CACurrentMediaTime() >= a)
    }

    @Test func needsDisplayForKeyRedisplaysOnChange() {
        final class Dial: CALayer {
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "cornerRadius" || super.needsDisplay(forKey: key)
            }
        }
        let dial = Dial()
        dial.opacity = 0.5
        #expect(!dial.needsDisplay())
        dial.cornerRadius = 4
        #expect(dial.needsDisplay())
        #expect(!CALayer.needsDisplay(forKey: "cornerRadius"))
    }

    @Test func completionBlockThroughSetValueAndUncommittedSamples() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        var fired = false
        CATransaction.begin()
        CATransaction.setValue({ fired = true } as () -> Void, forKey: kCATransactionCompletionBlock)
        #expect(CATransaction.value(forKey: kCATransactionCompletionBlock) != nil)
        CATransaction.setDisableActions(true)
        layer.opacity = 0.2
        CATransaction.commit()
        #expect(fired)
        // An animation not yet committed shows its start, not the new model value.
        layer.opacity = 1
        #expect(layer.animation(forKey: "opacity")?.beginTime == 0)
        #expect(near(Double(layer.presentation()?.opacity ?? 0), 0.2, 1e-6))
    }

    @Test func cubicPacedKeepsTheEndsAndMovesSteadily() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CAKeyframeAnimation(keyPath: "position")
        anim.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)].map { NSValue(cgPoint: $0) }
        anim.calculationMode = .cubicPaced
        anim.duration = 1
        anim.fillMode = .both
        anim.isRemovedOnCompletion = false
        layer.add(anim, forKey: "k")
        #expect(near(stage.sample(layer, at: 0).position, .zero, 1e-9))
        #expect(near(stage.sample(layer, at: 1).position, CGPoint(x: 100, y: 300), 1e-9))
        // The long leg takes most of the time: at 0.4 it is already past the corner's x.
        let p = stage.sample(layer, at: 0.4).position
        #expect(p.x > 90 && p.y > 0)
    }
}
