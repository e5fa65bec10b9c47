import Foundation
import Strata
import StrataHost
import Testing

/// Recognizers fed by the router from scripted input: no window, no GL.
@Suite struct GestureRecognizerTests {
    @Test func mouseDragPansAfterTheHysteresisWithVelocityInPointsPerSecond() {
        let f = GestureFixture()
        let log = ActionLog<(CGPoint, CGPoint)>()
        let pan = PanGestureRecognizer { pan in
            log.entries.append((pan.state, (pan.translation(in: nil), pan.velocity(in: nil))))
        }
        f.router.addGestureRecognizer(pan, to: f.card)
        var script = InputScript()
        // 120 points right in 0.5 s: 240 points per second.
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 270, y: 150), at: 0.1, duration: 0.5)
        f.play(script, until: 0.7)
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        // Began at the first step past 10 points (4 points a step).
        #expect(log.entries.first.map { $0.value.0.x } == 12)
        let (translation, velocity) = try! #require(log.last)
        #expect(translation == CGPoint(x: 120, y: 0))
        #expect(abs(velocity.x - 240) < 1 && velocity.y == 0)
        #expect(pan.location(in: nil) == CGPoint(x: 270, y: 150))
        // The card's own coordinates: its origin is at (100, 100).
        #expect(pan.location(in: f.card) == CGPoint(x: 170, y: 50))
    }

    @Test func aDragThatStopsBeforeReleaseEndsWithNoVelocity() {
        let f = GestureFixture()
        let pan = PanGestureRecognizer()
        f.router.addGestureRecognizer(pan, to: f.card)
        var script = InputScript()
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), at: 0, duration: 0.2)
        // Held still for 0.4 s before the button comes up.
        let release = script.events.removeLast()
        script.add(release.event, at: 0.6)
        f.play(script, until: 0.7)
        #expect(pan.state == .ended)
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func clickTapsAndADragDoesNot() {
        let f = GestureFixture()
        var taps: [CGPoint] = []
        var pans = 0
        let tap = TapGestureRecognizer { taps.append($0.location(in: $0.layer)) }
        let pan = PanGestureRecognizer { if $0.state == .began { pans += 1 } }
        f.router.addGestureRecognizer(tap, to: f.card)
        f.router.addGestureRecognizer(pan, to: f.root)
        var script = InputScript()
        script.click(at: CGPoint(x: 120, y: 130), time: 0.1)
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), at: 0.5, duration: 0.2)
        f.play(script, until: 1)
        #expect(taps == [CGPoint(x: 20, y: 30)])
        #expect(tap.state == .failed)  // the drag: the pan (on the root) took it
        #expect(pans == 1)
        // A click outside the card reaches the root's pan only, which fails without moving.
        script = InputScript()
        script.click(at: CGPoint(x: 500, y: 500), time: 1.1)
        f.play(script, until: 1.2)
        #expect(taps.count == 1 && pans == 1)
    }

    @Test func doubleTapNeedsTwoQuickClicksInOnePlace() {
        let f = GestureFixture()
        var recognized: [Double] = []
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { recognized.append($0.timestamp) }
        f.router.addGestureRecognizer(double, to: f.card)
        var script = InputScript()
        script.click(at: CGPoint(x: 150, y: 150), time: 0.1)
        script.click(at: CGPoint(x: 152, y: 151), time: 0.3)  // 0.15 s after the first release
        script.click(at: CGPoint(x: 150, y: 150), time: 1.0)
        script.click(at: CGPoint(x: 150, y: 150), time: 1.6)  // too late: two single taps
        f.play(script, until: 2.2)
        #expect(recognized == [0.35])
        #expect(double.state == .failed)
    }

    @Test func longPressBeginsAfterItsDurationAndFailsIfMovedFirst() {
        let f = GestureFixture()
        let log = ActionLog<Double>()
        let press = LongPressGestureRecognizer { log.entries.append(($0.state, $0.timestamp)) }
        let tap = TapGestureRecognizer()
        f.router.addGestureRecognizer(press, to: f.card)
        f.router.addGestureRecognizer(tap, to: f.card)
        var script = InputScript()
        script.click(at: CGPoint(x: 150, y: 150), time: 0.1, hold: 0.8)
        f.play(script, until: 1)
        #expect(log.states == [.began, .ended])
        #expect(log.entries[0].value >= 0.6 && log.entries[0].value < 0.6 + 1.0 / 60 + 1e-9)
        #expect(tap.state == .failed)
        // Moved 30 points before half a second: no long press.
        log.entries.removeAll()
        script = InputScript()
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 180, y: 150), at: 1.1, duration: 0.1)
        f.play(script, until: 2)
        #expect(log.entries.isEmpty)
        #expect(press.state == .failed)
    }

    @Test func twoFingerScrollPansThenCoastsWithMomentum() {
        let f = GestureFixture()
        let log = ActionLog<(CGPoint, Bool)>()
        let pan = PanGestureRecognizer { log.entries.append(($0.state, ($0.translation(in: nil), $0.isDecelerating))) }
        f.router.addGestureRecognizer(pan, to: f.card)
        var script = InputScript()
        // 12 units left in 0.2 s: the fingers (and content) move right 120 points, 600 points per second.
        script.scroll(dx: -12, dy: 0, at: CGPoint(x: 150, y: 150), time: 0.1, duration: 0.2)
        f.play(script, until: 3)
        #expect(pan.source == .trackpad)
        #expect(log.states.first == .began && log.states.last == .ended)
        let lifted = log.entries.firstIndex { $0.value.1 } ?? 0
        #expect(lifted > 0)
        #expect(abs(log.entries[lifted - 1].value.0.x - 120) < 1e-9)
        // Coasting adds about v / (1000 ln(1/0.998)) ≈ 0.4995 s × 600 points per second, a little
        // less because it stops below 20 points per second.
        let total = log.last?.0.x ?? 0
        #expect(total > 120 + 250 && total < 120 + 300)
        // It slows down: each frame moves less than the one before.
        let xs = log.entries[lifted...].map(\.value.0.x)
        let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(zip(steps.dropFirst(), steps).allSatisfy { $0 <= $1 + 1e-9 })
    }

    @Test func controlScrollPinchesAndEndsWhenControlComesUp() {
        let f = GestureFixture()
        let log = ActionLog<Double>()
        let pinch = PinchGestureRecognizer { log.entries.append(($0.state, $0.scale)) }
        f.router.addGestureRecognizer(pinch, to: f.card)
        var script = InputScript()
        script.pinch(at: CGPoint(x: 200, y: 150), to: 0.5, time: 0.1, duration: 0.4)
        f.play(script, until: 0.6)
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(abs(pinch.scale - 0.5) < 1e-9)
        #expect(pinch.source == .trackpad)
        #expect(pinch.location(in: f.card) == CGPoint(x: 100, y: 50))
        // Halfway through, about halfway in log scale.
        let mid = log.entries[log.entries.count / 2].value
        #expect(abs(log2(mid) + 0.5) < 0.1)
        // Without Control the same scrolling pans instead.
        #expect(f.router.gestureRecognizers.count == 1)
    }

    @Test func recognizersGoBackToPossibleForTheNextGesture() {
        let f = GestureFixture()
        var began = 0
        let pan = PanGestureRecognizer { if $0.state == .began { began += 1 } }
        f.router.addGestureRecognizer(pan, to: f.card)
        var script = InputScript()
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), at: 0, duration: 0.2)
        script.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 150, y: 190), at: 0.5, duration: 0.2)
        f.play(script, until: 1)
        #expect(began == 2)
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: 40))
    }
}
