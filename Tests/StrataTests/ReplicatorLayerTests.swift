import Foundation
import Testing

@testable import Strata

/// `CAReplicatorLayer`: Apple's defaults, key-value coding, actions and
/// animation, the instance geometry and colours a renderer draws, and the
/// delayed instances of presentation copies.
@Suite struct ReplicatorLayerTests {
    @Test func appleDefaults() {
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1 && !r.preservesDepth && r.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(r.instanceTransform))
        #expect(r.instanceColor == .white)
        #expect(r.instanceRedOffset == 0 && r.instanceGreenOffset == 0)
        #expect(r.instanceBlueOffset == 0 && r.instanceAlphaOffset == 0)
        #expect((CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? NSNumber)?.intValue == 1)
        #expect((CAReplicatorLayer.defaultValue(forKey: "instanceColor") as? CGColor) == .white)
        #expect(CALayer.defaultValue(forKey: "instanceCount") == nil)
    }

    @Test func keyValueCodingUsesCoreAnimationsKeys() throws {
        let r = CAReplicatorLayer()
        r.setValue(12, forKey: "instanceCount")
        r.setValue(0.08, forKey: "instanceDelay")
        r.setValue(true, forKey: "preservesDepth")
        r.setValue(NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 6, 0, 0, 1)), forKey: "instanceTransform")
        r.setValue(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), forKey: "instanceColor")
        r.setValue(-0.1, forKey: "instanceAlphaOffset")
        #expect(r.instanceCount == 12 && r.instanceDelay == 0.08 && r.preservesDepth)
        #expect(near(r.instanceTransform, CATransform3DMakeRotation(.pi / 6, 0, 0, 1)))
        #expect(r.instanceColor?.components == [1, 0.5, 0, 1])
        #expect(near(Double(r.instanceAlphaOffset), -0.1, 1e-7))
        #expect((r.value(forKey: "instanceCount") as? NSNumber)?.intValue == 12)
        #expect((r.value(forKey: "preservesDepth") as? NSNumber)?.boolValue == true)
        let angle = try #require(r.value(forKeyPath: "instanceTransform.rotation.z") as? NSNumber)
        #expect(near(angle.doubleValue, .pi / 6, 1e-9))
        r.setValue(CGFloat.pi / 4, forKeyPath: "instanceTransform.rotation.z")
        #expect(near(r.instanceTransform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
        // A value of the wrong type is ignored, as other keys' are.
        r.setValue("many", forKey: "instanceCount")
        #expect(r.instanceCount == 12)
    }

    @Test func animatablePropertiesAnimateImplicitly() {
        let stage = Stage()
        let r = stage.show(CAReplicatorLayer())
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.instanceDelay = 0.5
        r.instanceColor = .black
        r.instanceRedOffset = -0.1
        r.instanceGreenOffset = -0.1
        r.instanceBlueOffset = -0.1
        r.instanceAlphaOffset = -0.1
        r.instanceCount = 5
        r.preservesDepth = true
        let keys = Set(r.animationKeys() ?? [])
        #expect(
            keys == [
                "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
                "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
            ])
        // Half-way through the default 0.25 s (the default curve is at 0.8024 there).
        let shown = stage.sample(r, at: 0.125)
        let p = 0.8024033877399572
        #expect(near(Double(shown.instanceTransform.m41), 20 * p, 1e-3))
        #expect(near(shown.instanceDelay, 0.5 * p, 1e-3))
        #expect(shown.instanceCount == 5 && shown.preservesDepth)
        #expect(near(Double(shown.instanceColor?.components?[0] ?? 0), 1 - p, 1e-3))
    }

    @Test func explicitAnimationsOfInstanceProperties() {
        let stage = Stage()
        let r = stage.show(CAReplicatorLayer())
        let spin = CABasicAnimation(keyPath: "instanceTransform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 2
        spin.duration = 1
        r.add(spin, forKey: "spin")
        let grow = CABasicAnimation(keyPath: "instanceCount")
        grow.fromValue = 1
        grow.toValue = 10
        grow.duration = 1
        r.add(grow, forKey: "grow")
        stage.tick(0)
        let shown = stage.sample(r, at: 0.5)
        #expect(near(shown.instanceTransform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
        // 5.5 instances: counts are whole, cut toward zero.
        #expect(shown.instanceCount == 5)
    }

    @Test func instanceTransformIsAppliedAboutTheCentreOnceMorePerInstance() {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 10, y: 20, width: 100, height: 60)
        let step = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.3, 0.2, 1, 0.5)
        r.instanceTransform = step
        #expect(CATransform3DIsIdentity(r.transform(ofInstance: 0)))
        let c = CATransform3DMakeTranslation(60, 50, 0), back = CATransform3DMakeTranslation(-60, -50, 0)
        var power = CATransform3DIdentity
        for k in 1...9 {
            power = power.concatenating(step)
            #expect(near(r.transform(ofInstance: k), back.concatenating(power).concatenating(c), 1e-9))
        }
        // Instance k is instance k - 1 moved by the step about the centre.
        func apply(_ m: CATransform3D, _ p: (x: CGFloat, y: CGFloat, z: CGFloat)) -> (
            x: CGFloat, y: CGFloat, z: CGFloat
        ) {
            let h = m.apply(x: p.x, y: p.y, z: p.z)
            return (h.x / h.w, h.y / h.w, h.z / h.w)
        }
        let p: (x: CGFloat, y: CGFloat, z: CGFloat) = (70, 20, 0)
        let moved = apply(r.transform(ofInstance: 3), p)
        let stepped = apply(back.concatenating(step).concatenating(c), apply(r.transform(ofInstance: 2), p))
        #expect(near(moved.x, stepped.x, 1e-9) && near(moved.y, stepped.y, 1e-9) && near(moved.z, stepped.z, 1e-9))
    }

    @Test func instanceColoursAddTheOffsetsAndClamp() {
        let r = CAReplicatorLayer()
        r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        r.instanceRedOffset = -0.25
        r.instanceGreenOffset = 0.25
        r.instanceBlueOffset = 0
        r.instanceAlphaOffset = -0.3
        #expect(r.color(ofInstance: 0).components == [1, 0.5, 0.25, 1])
        let c2 = r.color(ofInstance: 2).components ?? []
        #expect(near(c2[0], 0.5, 1e-6) && near(c2[1], 1, 1e-6) && near(c2[2], 0.25, 1e-6) && near(c2[3], 0.4, 1e-6))
        let c5 = r.color(ofInstance: 5).components ?? []
        #expect(c5 == [0, 1, 0.25, 0])
        r.instanceColor = nil
        #expect(r.color(ofInstance: 0) == .white)
    }

    /// A replicator of `count` instances `delay` apart, over a dot whose
    /// opacity runs 0 → 1 in one second from time 0, and a still sibling.
    func fadingDots(_ stage: Stage, count: Int, delay: CFTimeInterval) -> (CAReplicatorLayer, CALayer, CALayer) {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.instanceCount = count
        r.instanceDelay = delay
        r.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let dot = CALayer(), still = CALayer()
        r.addSublayer(dot)
        r.addSublayer(still)
        stage.show(r)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.fillMode = .both
        fade.beginTime = 1e-9  // begins at time ~0 whatever the commit time
        dot.add(fade, forKey: "fade")
        return (r, dot, still)
    }

    @Test func eachInstanceShowsItsOwnMoment() throws {
        let stage = Stage()
        let (r, _, still) = fadingDots(stage, count: 4, delay: 0.2)
        let tree = stage.tick(0.5)
        let shown = try #require(tree.sublayers?.first as? CAReplicatorLayer)
        for k in 0..<4 {
            let subs = shown.sublayers(ofInstance: k)
            #expect(subs.count == 2)
            #expect(near(Double(subs[0].opacity), max(0, 0.5 - 0.2 * Double(k)), 1e-6), "instance \(k)")
            // The sibling without animations is one copy shared by every instance.
            #expect(subs[1] === shown.sublayers?[1])
        }
        #expect(shown.sublayers(ofInstance: 0).first === shown.sublayers?.first)
        // presentation() shows the sublayers themselves: instance 0.
        #expect(near(Double(r.sublayers?[0].presentation()?.opacity ?? -1), 0.5, 1e-6))
        #expect(still.presentation() != nil)
    }

    @Test func instancesWithoutDelayShareTheSublayers() throws {
        let stage = Stage()
        _ = fadingDots(stage, count: 4, delay: 0)
        let shown = try #require(stage.tick(0.5).sublayers?.first as? CAReplicatorLayer)
        for k in 0..<4 { #expect(shown.sublayers(ofInstance: k).first === shown.sublayers?.first) }
    }

    @Test func nestedReplicatorsAddTheirDelays() throws {
        let stage = Stage()
        let outer = CAReplicatorLayer()
        outer.instanceCount = 3
        outer.instanceDelay = 0.1
        let inner = CAReplicatorLayer()
        inner.instanceCount = 4
        inner.instanceDelay = 0.01
        let dot = CALayer()
        inner.addSublayer(dot)
        outer.addSublayer(inner)
        stage.show(outer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.beginTime = 1e-9
        fade.fillMode = .both
        dot.add(fade, forKey: "fade")
        for t in [0.3, 0.6] {
            let shown = try #require(stage.tick(t).sublayers?.first as? CAReplicatorLayer)
            for j in 0..<3 {
                let innerCopy = try #require(shown.sublayers(ofInstance: j).first as? CAReplicatorLayer)
                for k in 0..<4 {
                    let opacity = Double(innerCopy.sublayers(ofInstance: k).first?.opacity ?? -1)
                    #expect(near(opacity, t - 0.1 * Double(j) - 0.01 * Double(k), 1e-6), "t \(t) instance \(j).\(k)")
                }
            }
        }
    }

    @Test func aStillReplicatorWithADelayIsReusedBetweenFrames() throws {
        let stage = Stage()
        let r = CAReplicatorLayer()
        r.instanceCount = 10
        r.instanceDelay = 0.1
        r.addSublayer(CALayer())
        stage.show(r)
        let a = try #require(stage.tick(1).sublayers?.first)
        let b = try #require(stage.tick(2).sublayers?.first)
        #expect(a === b)
    }

    @Test func delayedCopiesStopAtTheirBudget() throws {
        let stage = Stage()
        let r = CAReplicatorLayer()
        r.instanceCount = CAReplicatorLayer.maximumDelayedInstanceCopies + 10
        r.instanceDelay = 1e-6
        let dot = CALayer()
        r.addSublayer(dot)
        stage.show(r)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        dot.add(fade, forKey: "fade")
        let shown = try #require(stage.tick(0.5).sublayers?.first as? CAReplicatorLayer)
        // Instances past the budget show instance 0's moment.
        let last = shown.sublayers(ofInstance: r.instanceCount - 1).first
        #expect(last === shown.sublayers?.first)
        #expect(shown.sublayers(ofInstance: 5).first !== shown.sublayers?.first)
    }

    @Test func presentationCopiesCarryEveryProperty() {
        let r = CAReplicatorLayer()
        r.instanceCount = 7
        r.preservesDepth = true
        r.instanceDelay = 0.3
        r.instanceTransform = CATransform3DMakeScale(0.9, 0.9, 1)
        r.instanceColor = .black
        r.instanceRedOffset = 0.1
        r.instanceGreenOffset = 0.2
        r.instanceBlueOffset = 0.3
        r.instanceAlphaOffset = 0.4
        let copy = CAReplicatorLayer(layer: r)
        #expect(copy.instanceCount == 7 && copy.preservesDepth && copy.instanceDelay == 0.3)
        #expect(copy.instanceTransform == r.instanceTransform && copy.instanceColor == .black)
        #expect(copy.instanceRedOffset == 0.1 && copy.instanceGreenOffset == 0.2)
        #expect(copy.instanceBlueOffset == 0.3 && copy.instanceAlphaOffset == 0.4)
    }
}
