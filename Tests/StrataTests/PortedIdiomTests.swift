import Foundation
import Testing

@testable import Strata

/// Idioms from iOS code, written as iOS code writes them, that must compile
/// and behave as Core Animation documents once the import is changed.
@Suite struct PortedIdiomTests {
    // MARK: HUGE, CGVector

    @Test(arguments: [HUGE, .infinity, .greatestFiniteMagnitude] as [Float])
    func repeatCountForeverSpellings(_ forever: Float) {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 2
        spin.duration = 1
        spin.repeatCount = forever
        let log = DelegateLog()
        spin.delegate = log
        layer.add(spin, forKey: "spin")
        stage.tick(0)
        // A million cycles on, it is still spinning, half-way through a cycle.
        let angle = stage.sample(layer, at: 1_000_000.5).value(forKeyPath: "transform.rotation.z") as? NSNumber
        #expect(near(angle?.doubleValue ?? 0, .pi / 4, 1e-6))
        #expect(layer.animation(forKey: "spin") != nil)
        #expect(log.events == ["start a"])
    }

    @Test func hugeIsDarwinsMaxFloat() {
        // Darwin's HUGE is MAXFLOAT, a float: it fits CAMediaTiming's Float repeatCount.
        let huge: Float = HUGE
        #expect(huge == .greatestFiniteMagnitude)
        #expect(MAXFLOAT == huge)
        let layer = CALayer()
        layer.repeatCount = HUGE
        #expect(layer.repeatCount == .greatestFiniteMagnitude)
    }

    @Test func cgVectorAsCoreGraphicsHasIt() throws {
        var velocity = CGVector(dx: 3, dy: 4)
        velocity.dy = -4
        #expect(velocity.dx == 3 && velocity.dy == -4)
        #expect(CGVector.zero == CGVector())
        #expect(CGVector(dx: 1.5, dy: 2.0) == CGVector(dx: CGFloat(1.5), dy: CGFloat(2)))
        #expect(CGVector(dx: 1, dy: 2) != CGVector(dx: 2, dy: 1))
        #expect(Set([velocity, velocity, .zero]).count == 2)
        #expect(String(reflecting: CGVector(dx: 1.5, dy: -2)) == "(1.5, -2.0)")
        // Core Graphics' overlay archives it as an unkeyed [dx, dy].
        let json = try JSONEncoder().encode(velocity)
        #expect(String(decoding: json, as: UTF8.self) == "[3,-4]")
        #expect(try JSONDecoder().decode(CGVector.self, from: Data("[0.5,7]".utf8)) == CGVector(dx: 0.5, dy: 7))
    }

    // MARK: Key-value coding on CATransaction and layers

    @Test func transactionKeysSetWhatTheSettersSet() {
        let stage = Stage()
        let layer = stage.show(CALayer())

        CATransaction.begin()
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        #expect((CATransaction.value(forKey: kCATransactionDisableActions) as? NSNumber)?.boolValue == true)
        layer.opacity = 0.5
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        #expect(stage.sample(layer, at: 0).opacity == 0.5)

        let linear = CAMediaTimingFunction(name: .linear)
        var completed = false
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(linear, forKey: kCATransactionAnimationTimingFunction)
        CATransaction.setCompletionBlock { completed = true }
        #expect(CATransaction.animationDuration() == 2)
        #expect((CATransaction.value(forKey: kCATransactionAnimationDuration) as? NSNumber)?.doubleValue == 2)
        #expect(CATransaction.animationTimingFunction() == linear)
        #expect(CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction == linear)
        #expect(CATransaction.value(forKey: kCATransactionCompletionBlock) != nil)
        layer.opacity = 1
        CATransaction.commit()
        let fade = layer.animation(forKey: "opacity")
        #expect(fade?.duration == 2)
        #expect(fade?.timingFunction == linear)
        #expect(near(Double(stage.sample(layer, at: 1).opacity), 0.75, 1e-6))
        #expect(!completed)
        stage.tick(2)
        #expect(completed)
    }

    @Test func layerKeyPathsSetTheProperty() throws {
        let layer = CALayer()
        layer.setValue(0.5, forKeyPath: "transform.scale")
        #expect(near(layer.transform, CATransform3DMakeScale(0.5, 0.5, 0.5)))
        #expect((layer.value(forKeyPath: "transform.scale") as? NSNumber)?.doubleValue == 0.5)

        let turned = CALayer()
        turned.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(near(turned.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-12))
        let angle = try #require(turned.value(forKeyPath: "transform.rotation.z") as? NSNumber)
        #expect(near(angle.doubleValue, .pi / 2, 1e-12))

        layer.setValue(10, forKeyPath: "position.x")
        layer.setValue(NSNumber(value: 20), forKeyPath: "position.y")
        #expect(layer.position == CGPoint(x: 10, y: 20))
        #expect((layer.value(forKeyPath: "position.x") as? NSNumber)?.doubleValue == 10)
        layer.setValue(0.25, forKeyPath: "opacity")
        #expect(layer.opacity == 0.25)
    }

    @Test func layerKeyPathChangesAnimateAsSettersDo() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        layer.setValue(0.5, forKeyPath: "opacity")
        layer.setValue(100, forKeyPath: "position.x")
        #expect(layer.animation(forKey: "transform") is CABasicAnimation)
        #expect(layer.animation(forKey: "opacity") is CABasicAnimation)
        #expect(layer.animation(forKey: "position") is CABasicAnimation)
        stage.tick(0)
        // Half-way through the implicit 0.25 s on the default curve.
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        let mid = stage.sample(layer, at: 0.125)
        let angle = (mid.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0
        #expect(near(angle, .pi / 2 * f, 1e-6))
        #expect(near(Double(mid.opacity), 1 - 0.5 * f, 1e-6))
        #expect(near(Double(mid.position.x), 100 * f, 1e-6))
        let end = stage.sample(layer, at: 0.25)
        #expect(near(end.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9))
        #expect(end.opacity == 0.5 && end.position.x == 100)
    }

    // MARK: Explicit animations without values

    /// The spring's progress for CA's default mass 1, stiffness 100, damping
    /// 10 (ω = 10, ζ = 0.5, at rest at the start), by the closed form.
    private func defaultSpringProgress(at t: Double) -> Double {
        let omega = 10.0, zeta = 0.5, damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    @Test func springWithoutValuesAnimatesAChangeMadeWithActionsDisabled() {
        let stage = Stage()
        let layer = CALayer()
        layer.position = CGPoint(x: 50, y: 50)
        stage.show(layer)

        CATransaction.setDisableActions(true)
        layer.position.y += 100
        layer.add(CASpringAnimation(keyPath: "position"), forKey: nil)
        #expect(layer.position.y == 150)

        #expect(stage.sample(layer, at: 0).position == CGPoint(x: 50, y: 50))
        let y = Double(stage.sample(layer, at: 0.1).position.y)
        #expect(near(y, 50 + 100 * defaultSpringProgress(at: 0.1), 1e-6))
        #expect(y > 50 && y < 150)
        #expect(stage.sample(layer, at: 0.3).position == CGPoint(x: 50, y: 150))
    }

    @Test func basicWithoutValuesRunsFromThePreviousPresentationValue() {
        let stage = Stage()
        let layer = CALayer()
        layer.position = CGPoint(x: 50, y: 50)
        stage.show(layer)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.2
        layer.position.y = 150
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        let drop = CABasicAnimation(keyPath: "position.y")
        drop.duration = 1
        layer.add(drop, forKey: "drop")
        CATransaction.commit()

        // Linear (no timing function): half-way at 0.5 s.
        let mid = stage.sample(layer, at: 0.5)
        #expect(near(Double(mid.opacity), 0.6, 1e-6))
        #expect(near(mid.position, CGPoint(x: 50, y: 100)))
        let end = stage.sample(layer, at: 1)
        #expect(end.opacity == 0.2 && end.position.y == 150)
    }

    @Test func animationWithoutValuesOnAnAnimatedLayerStartsFromWhatIsShown() {
        let stage = Stage()
        let layer = CALayer()
        layer.position = CGPoint(x: 50, y: 50)
        stage.show(layer)
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0
        pulse.toValue = 1
        pulse.duration = 10
        layer.add(pulse, forKey: "pulse")
        stage.tick(0)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position.y = 150
        layer.position.x = 90  // the value before the first change is the one kept
        let move = CABasicAnimation(keyPath: "position")
        move.duration = 1
        layer.add(move, forKey: "move")
        CATransaction.commit()

        let mid = stage.sample(layer, at: 0.5)
        #expect(near(mid.position, CGPoint(x: 70, y: 100)))
        #expect(near(Double(mid.opacity), 0.05, 1e-6))
    }

    @Test func animationWithoutValuesAfterTheChangeWasShownDoesNotMove() {
        let stage = Stage()
        let layer = CALayer()
        layer.position = CGPoint(x: 50, y: 50)
        stage.show(layer)
        CATransaction.setDisableActions(true)
        layer.position.y = 150
        stage.tick(0)  // committed: the new position is on screen
        let move = CABasicAnimation(keyPath: "position")
        move.duration = 1
        layer.add(move, forKey: nil)
        #expect(stage.sample(layer, at: 0.5).position == CGPoint(x: 50, y: 150))
    }

    // MARK: CADisplayLink

    /// What a display link's target saw.
    final class FrameLog {
        var timestamps: [CFTimeInterval] = []
        var targets: [CFTimeInterval] = []
        var mediaTimes: [CFTimeInterval] = []
        func step(_ link: CADisplayLink) {
            timestamps.append(link.timestamp)
            targets.append(link.targetTimestamp)
            mediaTimes.append(CACurrentMediaTime())
        }
    }

    /// Fires the thread's links for `count` 60 Hz frames from `start`.
    private func fireFrames(_ count: Int, from start: CFTimeInterval = 100) {
        for i in 0..<count {
            let t = start + Double(i) / 60
            DisplayLinkScheduler.current.fire(timestamp: t, targetTimestamp: t + 1.0 / 60)
        }
    }

    @Test func displayLinkFiresOncePerFrameWithIncreasingTimestamps() {
        let log = FrameLog()
        let link = CADisplayLink(target: log, selector: FrameLog.step)
        defer { link.invalidate() }
        #expect(link.timestamp == 0 && link.duration == 0)
        fireFrames(1)
        #expect(log.timestamps.isEmpty)  // not added yet
        link.add(to: .main, forMode: .common)
        fireFrames(4)
        #expect(log.timestamps == (0..<4).map { 100 + Double($0) / 60 })
        #expect(zip(log.timestamps, log.timestamps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(log.targets == log.timestamps.map { $0 + 1.0 / 60 })
        #expect(near(link.duration, 1.0 / 60, 1e-12))
    }

    @Test func pausedDisplayLinkDoesNotFire() {
        var fired = 0
        let link = CADisplayLink { _ in fired += 1 }
        defer { link.invalidate() }
        link.add(to: .main, forMode: .common)
        link.isPaused = true
        fireFrames(3)
        #expect(fired == 0)
        link.isPaused = false
        fireFrames(2, from: 200)
        #expect(fired == 2)
        #expect(link.timestamp == 200 + 1.0 / 60)
    }

    @Test func invalidatedDisplayLinkIsReleasedAndNeverFiresAgain() {
        var fired = 0
        weak var weakLink: CADisplayLink?
        weak var weakTarget: FrameLog?
        do {
            let target = FrameLog()
            let link = CADisplayLink(target: target, selector: FrameLog.step)
            link.add(to: .main, forMode: .common)
            weakLink = link
            weakTarget = target
        }
        // Attached, the link is held (as a run loop holds it), and holds its target.
        #expect(weakLink != nil && weakTarget != nil)
        fireFrames(1)
        #expect(weakTarget?.timestamps.count == 1)
        weakLink?.invalidate()
        #expect(weakLink == nil)
        #expect(weakTarget == nil)

        let counted = CADisplayLink { _ in fired += 1 }
        counted.add(to: .main, forMode: .common)
        fireFrames(1)
        counted.invalidate()
        counted.add(to: .main, forMode: .common)  // an invalidated link cannot come back
        fireFrames(3, from: 300)
        #expect(fired == 1)
    }

    @Test func removedDisplayLinkStopsUntilAddedAgain() {
        var fired = 0
        let link = CADisplayLink { _ in fired += 1 }
        defer { link.invalidate() }
        link.add(to: .main, forMode: .common)
        link.add(to: .main, forMode: .default)  // one link fires once a frame, whatever its modes
        fireFrames(2)
        link.remove(from: .main, forMode: .common)
        fireFrames(2, from: 200)
        #expect(fired == 2)
        link.add(to: .main, forMode: .common)
        fireFrames(1, from: 300)
        #expect(fired == 3)
    }

    @Test func preferredFrameRatesFireOnEveryNthRefresh() {
        let half = FrameLog(), third = FrameLog()
        let thirty = CADisplayLink(target: half, selector: FrameLog.step)
        thirty.preferredFramesPerSecond = 30
        let twenty = CADisplayLink(target: third, selector: FrameLog.step)
        twenty.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
        defer { thirty.invalidate(); twenty.invalidate() }
        thirty.add(to: .main, forMode: .common)
        twenty.add(to: .main, forMode: .common)
        fireFrames(6)
        #expect(half.timestamps.count == 3)
        #expect(third.timestamps.count == 2)
        // Apple's way to read the rate a link actually runs at.
        #expect(near(1 / (thirty.targetTimestamp - thirty.timestamp), 30, 1e-6))
        #expect(near(1 / (twenty.targetTimestamp - twenty.timestamp), 20, 1e-6))
        #expect(near(thirty.duration, 1.0 / 60, 1e-12))
    }

    @Test func frameRateRangeAsQuartzCoreHasIt() {
        #expect(CAFrameRateRange.default == CAFrameRateRange())
        #expect(CAFrameRateRange.default.preferred == nil)
        var range = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        #expect(range.minimum == 80 && range.maximum == 120 && range.preferred == 120)
        range.preferred = nil
        #expect(range.isEqual(to: CAFrameRateRange(minimum: 80, maximum: 120)))
    }

    @Test func displayLinkDrivesALayerTreeHeadless() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let frames = DisplayLinkScheduler.current
        var start: CFTimeInterval?
        let link = CADisplayLink { link in
            let first = start ?? link.timestamp
            start = first
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position.x = CGFloat((link.timestamp - first) * 60)  // a point a frame
            CATransaction.commit()
            if link.timestamp >= 3.0 / 60 { layer.opacity = 0 }  // implicit: begins at this frame
        }
        let log = FrameLog()
        let logger = CADisplayLink(target: log, selector: FrameLog.step)
        defer { link.invalidate(); logger.invalidate() }
        link.add(to: .main, forMode: .common)
        logger.add(to: .main, forMode: .common)
        for frame in 1...3 {
            let tree = frames.runFrame(of: stage.ticker, at: Double(frame) / 60)
            #expect(near(tree.sublayers?.first?.position.x ?? -1, CGFloat(frame - 1), 1e-9))
        }
        // Inside a link, CACurrentMediaTime() reads the frame's time, as on iOS.
        #expect(log.mediaTimes == log.timestamps)
        #expect(log.timestamps == (1...3).map { Double($0) / 60 })
        // Actions were disabled for the moves only; the fade started at the third frame.
        #expect(layer.animation(forKey: "position") == nil)
        #expect(layer.animation(forKey: "opacity")?.beginTime == 3.0 / 60)
    }
}
