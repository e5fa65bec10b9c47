import Foundation
import Testing

@testable import Strata

// Replicator loaders written the way iOS code writes them (UIKit replaced by
// a host layer and CGColors, every QuartzCore call as an app would make it),
// checked against what Core Animation documents: instance k is the sublayers
// through instanceTransform^k about the replicator's centre, k × instanceDelay
// behind, coloured instanceColor + k × offsets.

/// An activity indicator: dots around a circle, each shrinking in turn.
private final class DotActivityIndicator {
    let replicatorLayer = CAReplicatorLayer()
    let dot = CALayer()
    let duration: CFTimeInterval = 1.5
    let count = 15

    init(in view: CALayer) {
        replicatorLayer.frame = view.bounds
        view.addSublayer(replicatorLayer)

        dot.frame = CGRect(x: replicatorLayer.frame.size.width / 2 - 4, y: 6, width: 8, height: 8)
        dot.backgroundColor = CGColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1)
        dot.cornerRadius = dot.frame.width / 2
        replicatorLayer.addSublayer(dot)

        replicatorLayer.instanceCount = count
        let angle = CGFloat(2 * Double.pi) / CGFloat(count)
        replicatorLayer.instanceTransform = CATransform3DMakeRotation(angle, 0.0, 0.0, 1.0)
        replicatorLayer.instanceDelay = duration / Double(count)
    }

    func startAnimating() {
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1.0
        shrink.toValue = 0.1
        shrink.duration = duration
        shrink.repeatCount = Float.infinity
        dot.add(shrink, forKey: "shrink")
    }
}

/// Equalizer bars bouncing from their bottom edge, clipped by the replicator.
private final class EqualizerView {
    let replicator = CAReplicatorLayer()
    let bar = CALayer()

    init(in view: CALayer) {
        replicator.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        replicator.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        replicator.masksToBounds = true
        view.addSublayer(replicator)

        bar.bounds = CGRect(x: 0, y: 0, width: 8, height: 40)
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: 10, y: 40)
        bar.cornerRadius = 2
        bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.addSublayer(bar)

        let move = CABasicAnimation(keyPath: "position.y")
        move.toValue = bar.position.y + 35.0
        move.duration = 0.5
        move.autoreverses = true
        move.repeatCount = .infinity
        bar.add(move, forKey: nil)

        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
        replicator.instanceDelay = 0.33
    }
}

/// Ripples: rings growing and fading out one after another, each a shade bluer.
private func addPulse(to view: CALayer) -> (CAReplicatorLayer, CAShapeLayer) {
    let pulse = CAReplicatorLayer()
    pulse.frame = view.bounds
    pulse.instanceCount = 3
    pulse.instanceDelay = 0.6
    pulse.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    pulse.instanceRedOffset = -0.3
    pulse.instanceGreenOffset = -0.2
    view.addSublayer(pulse)

    let ring = CAShapeLayer()
    ring.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
    ring.position = CGPoint(x: pulse.bounds.midX, y: pulse.bounds.midY)
    ring.path = CGPath(ellipseIn: ring.bounds, transform: nil)
    ring.fillColor = nil
    ring.strokeColor = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
    ring.lineWidth = 3
    ring.opacity = 0
    pulse.addSublayer(ring)

    let scale = CABasicAnimation(keyPath: "transform.scale")
    scale.fromValue = 0.2
    scale.toValue = 1.0
    let fade = CAKeyframeAnimation(keyPath: "opacity")
    fade.values = [1.0, 0.6, 0.0]
    fade.keyTimes = [0, 0.5, 1]
    scale.duration = 1.8
    fade.duration = 1.8
    let group = CAAnimationGroup()
    group.animations = [scale, fade]
    group.duration = 1.8
    group.repeatCount = HUGE
    group.timingFunction = CAMediaTimingFunction(name: .linear)
    ring.add(group, forKey: "pulse")
    return (pulse, ring)
}

@Suite struct ReplicatorIdiomTests {
    /// The dot's centre and scale in instance `k` of the replicator copy `shown`.
    func dotInInstance(_ shown: CAReplicatorLayer, _ k: Int) -> (x: CGFloat, y: CGFloat, scale: CGFloat) {
        let dot = shown.sublayers(ofInstance: k)[0]
        let m = dot.transformToSuperlayer(nil).concatenating(shown.transform(ofInstance: k))
        let c = m.apply(x: dot.bounds.midX, y: dot.bounds.midY, z: 0)
        return (c.x / c.w, c.y / c.w, dot.transform.m11)
    }

    @Test func activityIndicator() throws {
        let stage = Stage()
        let view = stage.show(CALayer())
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let spinner = DotActivityIndicator(in: view)
        stage.tick(0)
        spinner.startAnimating()
        stage.tick(0)
        #expect(spinner.replicatorLayer.instanceCount == 15)
        #expect(abs(spinner.replicatorLayer.instanceDelay - 0.1) < 1e-12)
        let t = 2.05
        let shown = try #require(stage.tick(t).sublayers?.first?.sublayers?.first as? CAReplicatorLayer)
        for k in 0..<15 {
            let (x, y, scale) = dotInInstance(shown, k)
            let angle = Double(k) * 2 * .pi / 15
            // The dot's centre is 40 above the centre (50, 50), turned k × 24°.
            #expect(
                abs(Double(x) - (50 + 40 * sin(angle))) < 1e-9 && abs(Double(y) - (50 - 40 * cos(angle))) < 1e-9,
                "instance \(k)")
            // Each instance is k × 0.1 s behind: its own phase in the 1.5 s cycle.
            let phase = (t - 0.1 * Double(k)).truncatingRemainder(dividingBy: 1.5) / 1.5
            #expect(abs(Double(scale) - (1 - 0.9 * phase)) < 1e-9, "instance \(k)")
        }
    }

    @Test func equalizerBars() throws {
        let stage = Stage()
        let view = stage.show(CALayer())
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        _ = EqualizerView(in: view)
        stage.tick(0)
        let t = 0.9
        let shown = try #require(stage.tick(t).sublayers?.first?.sublayers?.first as? CAReplicatorLayer)
        #expect(shown.masksToBounds && shown.instanceCount == 4)
        for k in 0..<4 {
            let bar = shown.sublayers(ofInstance: k)[0]
            let local = t - 0.33 * Double(k)
            // Up and back in 0.5 s each way, from 40 to 75 (no from value: from the model's 40).
            let cycle = local.truncatingRemainder(dividingBy: 1)
            let expected = local < 0 ? 40 : 40 + 35 * (cycle < 0.5 ? cycle / 0.5 : (1 - cycle) / 0.5)
            #expect(abs(Double(bar.position.y) - expected) < 1e-9, "bar \(k)")
            #expect(shown.transform(ofInstance: k) == CATransform3DMakeTranslation(14 * CGFloat(k), 0, 0))
        }
    }

    @Test func pulseRings() throws {
        let stage = Stage()
        let view = stage.show(CALayer())
        view.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        let (pulse, ring) = addPulse(to: view)
        stage.tick(0)
        #expect(ring.animation(forKey: "pulse") is CAAnimationGroup)
        let t = 1.5
        let shown = try #require(stage.tick(t).sublayers?.first?.sublayers?.first as? CAReplicatorLayer)
        for k in 0..<3 {
            let copy = try #require(shown.sublayers(ofInstance: k).first as? CAShapeLayer)
            let p = (t - 0.6 * Double(k)) / 1.8
            #expect(abs(Double(copy.transform.m11) - (0.2 + 0.8 * p)) < 1e-9, "ring \(k)")
            let opacity = p < 0.5 ? 1 - 0.4 * p / 0.5 : 0.6 - 0.6 * (p - 0.5) / 0.5
            #expect(abs(Double(copy.opacity) - opacity) < 1e-6, "ring \(k)")
            // White, then less red and green each ring: bluer.
            let c = pulse.color(ofInstance: k).components ?? []
            #expect(abs(c[0] - (1 - 0.3 * CGFloat(k))) < 1e-6 && abs(c[1] - (1 - 0.2 * CGFloat(k))) < 1e-6)
            #expect(c[2] == 1 && c[3] == 1)
        }
        // The model is untouched: the ring's own opacity stays 0.
        #expect(ring.opacity == 0 && pulse.sublayers?.count == 1)
    }

    @Test func gridOfNestedReplicatorsWithColourOffsets() throws {
        let stage = Stage()
        let view = stage.show(CALayer())
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let rows = CAReplicatorLayer()
        rows.frame = view.bounds
        rows.instanceCount = 5
        rows.instanceTransform = CATransform3DMakeTranslation(0, 40, 0)
        rows.instanceBlueOffset = -0.2
        let columns = CAReplicatorLayer()
        columns.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        columns.instanceCount = 5
        columns.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        columns.instanceGreenOffset = -0.2
        let cell = CALayer()
        cell.frame = CGRect(x: 4, y: 4, width: 32, height: 32)
        cell.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        columns.addSublayer(cell)
        rows.addSublayer(columns)
        view.addSublayer(rows)
        stage.tick(1)
        let shown = try #require(rows.presentation())
        #expect(shown.instanceCount * (shown.sublayers?.first as? CAReplicatorLayer)!.instanceCount == 25)
        let last = rows.transform(ofInstance: 4).concatenating(CATransform3DIdentity)
        #expect(last.m42 == 160)
        #expect(rows.color(ofInstance: 4).components?.map { ($0 * 10).rounded() / 10 } == [1, 1, 0.2, 1])
        #expect(columns.color(ofInstance: 2).components?.map { ($0 * 10).rounded() / 10 } == [1, 0.6, 1, 1])
    }
}
