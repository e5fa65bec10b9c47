import Foundation
import Testing

@testable import Strata

/// The Bézier y at x, by plain bisection on the parametric curve (written
/// independently of CAMediaTimingFunction's Newton solver).
private func referenceBezier(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, at x: Double) -> Double {
    func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1x + 3 * (1 - s) * s * s * p2x + s * s * s }
    func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1y + 3 * (1 - s) * s * s * p2y + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bx(mid) < x { lo = mid } else { hi = mid }
    }
    return by((lo + hi) / 2)
}

@Suite struct TimingFunctionTests {
    @Test func namedCurvesHaveApplesControlPoints() {
        func points(_ name: CAMediaTimingFunctionName) -> [Float] {
            let f = CAMediaTimingFunction(name: name)
            var out: [Float] = []
            var v: [Float] = [0, 0]
            for i in 0...3 {
                f.getControlPoint(at: i, values: &v)
                out += v
            }
            return out
        }
        #expect(points(.default) == [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
        #expect(points(.easeIn) == [0, 0, 0.42, 0, 1, 1, 1, 1])
        #expect(points(.easeOut) == [0, 0, 0, 0, 0.58, 1, 1, 1])
        #expect(points(.easeInEaseOut) == [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        #expect(points(.linear) == [0, 0, 0, 0, 1, 1, 1, 1])
    }

    @Test func knownValues() {
        #expect(near(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5), 0.5, 1e-7))
        #expect(CAMediaTimingFunction(name: .linear).evaluate(0.3) == 0.3)
        for name in [CAMediaTimingFunctionName.default, .easeIn, .easeOut, .easeInEaseOut] {
            let f = CAMediaTimingFunction(name: name)
            #expect(f.evaluate(0) == 0 && f.evaluate(1) == 1)
            #expect(f.evaluate(-1) == 0 && f.evaluate(2) == 1)
        }
    }

    @Test func evaluationIsWithin1e5OfTheExactBezier() {
        let curves: [(Double, Double, Double, Double)] = [
            (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
            (0.9, 0.1, 0.1, 0.9), (0, 1, 1, 0), (0.68, -0.55, 0.265, 1.55), (1, 0, 0, 1),
        ]
        for (a, b, c, d) in curves {
            let f = CAMediaTimingFunction(controlPoints: Float(a), Float(b), Float(c), Float(d))
            // The curve as stored: Float control points.
            let (fa, fb, fc, fd) = (Double(Float(a)), Double(Float(b)), Double(Float(c)), Double(Float(d)))
            for i in 0...1000 {
                let x = Double(i) / 1000
                let expected = referenceBezier(fa, fb, fc, fd, at: x)
                #expect(abs(f.evaluate(x) - expected) < 1e-5, "curve (\(a), \(b), \(c), \(d)) at \(x)")
            }
        }
        // The default curve at a few points, against the reference.
        let d = CAMediaTimingFunction(name: .default)
        #expect(near(d.evaluate(0.25), referenceBezier(0.25, Double(Float(0.1)), 0.25, 1, at: 0.25), 1e-6))
        #expect(d.evaluate(0.5) > 0.8 && d.evaluate(0.5) < 0.81)  // 0.8024…
    }

    @Test func equality() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
    }
}

@Suite struct TimingModelTests {
    /// An opacity animation 0 → 1 on a fresh layer, configured, sampled at `times`.
    private func opacities(_ configure: (CABasicAnimation) -> Void, at times: [Double]) -> [Double] {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 1
        anim.isRemovedOnCompletion = false  // so forwards fills show after the end
        configure(anim)
        layer.add(anim, forKey: "o")
        return times.map { Double(stage.sample(layer, at: $0).opacity) }
    }

    private func approx(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test func repeatCountAndFractions() {
        let v = opacities({ $0.repeatCount = 2.5 }, at: [0.25, 1.25, 2.25, 2.5, 2.75])
        #expect(approx(v, [0.25, 0.25, 0.25, 1, 1]))  // ends at 2.5 s, then the model (1)
        let held = opacities(
            {
                $0.repeatCount = 2.5; $0.fillMode = .forwards
            }, at: [2.4, 3])
        #expect(approx(held, [0.4, 0.5]))  // holds mid-iteration where it stopped
    }

    @Test func repeatDuration() {
        let v = opacities(
            {
                $0.repeatDuration = 1.5; $0.fillMode = .forwards
            }, at: [0.5, 1.25, 4])
        #expect(approx(v, [0.5, 0.25, 0.5]))
    }

    @Test func autoreverses() {
        let v = opacities(
            {
                $0.autoreverses = true; $0.fillMode = .both
            }, at: [0.25, 1, 1.25, 1.75, 3])
        #expect(approx(v, [0.25, 1, 0.75, 0.25, 0]))
        let twice = opacities(
            {
                $0.autoreverses = true; $0.repeatCount = 2
            }, at: [2.5, 3.5])
        #expect(approx(twice, [0.5, 0.5]))
    }

    @Test func speedAndTimeOffsetOfTheAnimation() {
        #expect(approx(opacities({ $0.speed = 2 }, at: [0.25]), [0.5]))
        #expect(approx(opacities({ $0.speed = 0.5 }, at: [1]), [0.5]))
        // A time offset starts part-way and loops round: C D E A B.
        let v = opacities(
            {
                $0.timeOffset = 0.25; $0.fillMode = .forwards
            }, at: [0, 0.5, 0.8, 1.5])
        #expect(approx(v, [0.25, 0.75, 0.05, 0.25]))
        // Speed 0 with an offset freezes at the offset (scrubbing).
        #expect(
            approx(
                opacities(
                    {
                        $0.speed = 0; $0.timeOffset = 0.3
                    }, at: [0, 5]), [0.3, 0.3]))
        // Negative speed plays backwards from the end.
        #expect(approx(opacities({ $0.speed = -1 }, at: [0.25]), [0.75]))
    }

    @Test func beginTimeInTheFuture() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let log = DelegateLog()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 1
        anim.beginTime = layer.localTime(atGlobal: stage.now) + 2  // convertTime(now, from: nil) + 2
        anim.delegate = log
        layer.add(anim, forKey: "o")
        #expect(stage.sample(layer, at: 1).opacity == 1)
        #expect(log.events.isEmpty)
        #expect(stage.sample(layer, at: 2.5).opacity == 0.5)
        #expect(log.events == ["start a"])
        stage.tick(3)
        #expect(log.events == ["start a", "stop a true"])
    }

    @Test func layerTimingNestsIntoItsAnimationsAndSublayers() {
        let stage = Stage()
        let parent = stage.show(CALayer())
        let child = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 1
        parent.timeOffset = 0.5
        parent.speed = 2
        stage.tick(0)
        // child time = (t − 1) × 2 + 0.5
        #expect(child.localTime(atGlobal: 3) == 4.5)
        #expect(child.globalTime(atLocal: 4.5) == 3)
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 4
        anim.beginTime = 2.5  // child time
        child.add(anim, forKey: "o")
        // At clock 2.5: child time 3.5 → 1 s into a 4 s animation.
        #expect(stage.sample(child, at: 2.5).opacity == 0.25)
    }

    @Test func sampleArithmetic() {
        let anim = CABasicAnimation()
        anim.duration = 2
        anim.repeatCount = 3
        anim.autoreverses = true
        let model = TimingModel(anim)
        #expect(model.activeDuration == 12)
        #expect(model.phase(atParent: -1, begin: 0) == .before)
        #expect(model.phase(atParent: 11.9, begin: 0) == .active)
        #expect(model.phase(atParent: 12, begin: 0) == .after)
        let s = model.sample(atParent: 5, begin: 0)  // third iteration (forwards) of cycle 1
        #expect(s?.time == 1 && s?.cycle == 1)
        let reversed = model.sample(atParent: 3.5, begin: 0)  // second iteration, backwards
        #expect(reversed?.time == 0.5)
        #expect(TimingModel(CABasicAnimation()).duration == 0.25)
    }
}
