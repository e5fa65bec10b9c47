import Foundation
import Strata
import StrataHost
import Testing

/// A simulated gamepad (InputScript) through the router: dead zones, stick
/// pans, trigger pinches, A taps at the focus, d-pad focus, hot-plug.
@Suite struct GamepadGestureTests {
    @Test func deadZonesRescaleTheStickAndTriggers() {
        let s = GestureSettings()
        #expect(s.stick(x: 0.15, y: -0.1) == (0, 0))
        let half = s.stick(x: 0.6, y: 0)
        #expect(abs(half.x - 0.5) < 1e-12 && half.y == 0)
        let full = s.stick(x: 0.8, y: 0.8)  // past full tilt diagonally: clamped to 1
        #expect(abs(hypot(full.x, full.y) - 1) < 1e-12)
        #expect(s.trigger(-1) == 0 && s.trigger(-0.85) == 0 && s.trigger(1) == 1)
        #expect(abs(s.trigger(0) - 0.4 / 0.9) < 1e-12)
    }

    @Test func stickPansAtItsSpeedWhileHeld() {
        let f = GestureFixture()
        var velocities: [CGPoint] = []
        let pan = PanGestureRecognizer { velocities.append($0.velocity(in: nil)) }
        f.router.addGestureRecognizer(pan, to: f.root)
        var script = InputScript()
        script.connectGamepad(at: 0)
        script.tiltStick(x: 0.1, y: 0.1, at: 0.1, for: 0.2)  // inside the dead zone: nothing
        script.tiltStick(x: 1, y: 0, at: 0.5, for: 0.5)
        f.play(script, until: 1.5)
        #expect(pan.source == .gamepad)
        #expect(pan.state == .ended)
        // 600 points per second for 0.5 s.
        #expect(abs(pan.translation(in: nil).x - 300) < 1e-6)
        #expect(velocities.first == CGPoint(x: 600, y: 0))
        #expect(velocities.last == .zero)
        // It pans from the focus: the root's centre when nothing is focused.
        #expect(pan.location(in: nil) == CGPoint(x: 400, y: 300))
    }

    @Test func triggersPinchTheFocusedLayer() {
        let f = GestureFixture()
        let pinch = PinchGestureRecognizer()
        f.router.addGestureRecognizer(pinch, to: f.card)
        f.router.focusableLayers = [f.card]
        var script = InputScript()
        script.connectGamepad(at: 0)
        script.pressButton(12, at: 0.05)  // d-pad right: focus the first focusable layer
        script.pullTrigger(right: true, to: 1, at: 0.1, for: 1)
        f.play(script, until: 1.5)
        #expect(f.router.focusedLayer === f.card)
        #expect(pinch.state == .ended)
        #expect(abs(pinch.scale - 2) < 1e-9)  // ln 2 per second at full pull
        var shrink = InputScript()
        shrink.pullTrigger(right: false, to: 1, at: 2, for: 1)
        f.play(shrink, until: 3.5)
        #expect(abs(pinch.scale - 0.5) < 1e-9)
    }

    @Test func aTapsTheFocusedLayerAndTheDPadMovesTheFocus() {
        let f = GestureFixture()
        let right = CALayer()
        right.frame = CGRect(x: 500, y: 100, width: 200, height: 100)
        let below = CALayer()
        below.frame = CGRect(x: 100, y: 400, width: 200, height: 100)
        f.root.addSublayer(right)
        f.root.addSublayer(below)
        var tapped: [CALayer?] = []
        for layer in [f.card, right, below] {
            f.router.addGestureRecognizer(TapGestureRecognizer { tapped.append($0.layer) }, to: layer)
        }
        f.router.focusableLayers = [f.card, right, below]
        var focusChanges = 0
        f.router.focusDidChange = { _ in focusChanges += 1 }
        var script = InputScript()
        script.pressButton(12, at: 0.1)  // nothing focused: the first
        script.pressButton(0, at: 0.2)  // A
        script.pressButton(12, at: 0.3)  // right
        script.pressButton(0, at: 0.4)
        script.pressButton(14, at: 0.5)  // left: back to the card
        script.pressButton(13, at: 0.6)  // down
        script.pressButton(0, at: 0.7)
        script.pressButton(13, at: 0.8)  // nothing further down: stays
        f.play(script, until: 1)
        #expect(tapped.map { $0.map(ObjectIdentifier.init) } == [f.card, right, below].map { ObjectIdentifier($0) })
        #expect(focusChanges == 4)
        #expect(f.router.focusedLayer === below)
        #expect(f.router.focusPoint == CGPoint(x: 200, y: 450))
    }

    @Test func unpluggingCancelsTheGestureAndReplugStartsAfresh() {
        let f = GestureFixture()
        var states: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        f.router.addGestureRecognizer(pan, to: f.root)
        var script = InputScript()
        script.connectGamepad(at: 0)
        script.tiltStick(x: 0, y: 1, at: 0.1)  // held …
        script.disconnectGamepad(at: 0.5)  // … when the cable comes out
        script.connectGamepad(at: 1)
        script.tiltStick(x: 0, y: -1, at: 1.1, for: 0.1)
        f.play(script, until: 1.5)
        #expect(states.first == .began)
        #expect(states.contains(.cancelled))
        #expect(states.last == .ended)
        #expect(abs(pan.translation(in: nil).y + 60) < 1e-6)  // the new gesture only: up 600 × 0.1
    }
}
