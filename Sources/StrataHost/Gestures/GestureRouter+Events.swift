import Foundation
import Strata

// Raw window input → input sequences. A window polls once a frame, so the
// caller stamps each event with the time it was polled (or recorded).

extension GestureRouter {
    /// Feeds one input event that happened at `time` (seconds, non-decreasing).
    ///
    /// - mouse: the left button starts a touch at the layer under the pointer;
    ///   moves and the release follow it;
    /// - scrolling: a pan under the pointer; with Control held, a pinch;
    /// - a trackpad pinch (XInput 2.4): a pinch under the pointer where it began;
    /// - gamepad: the left stick pans and the triggers pinch the focused
    ///   layer, A taps it, the d-pad moves the focus; unplugging a gamepad
    ///   cancels its gestures.
    public func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .mouseMoved(let x, let y):
            pointerLocation = CGPoint(x: x, y: y)
            if let touch = sequence(.touch, source: .mouse) {
                deliver(.touchMoved(pointerLocation), to: touch, at: time)
            }
        case .mouseButton(.left, .press, _, let x, let y):
            pointerLocation = CGPoint(x: x, y: y)
            if let stale = sequence(.touch, source: .mouse) { end(stale) }
            let touch = start(.touch, at: pointerLocation, on: hitTest(pointerLocation), source: .mouse)
            deliver(.touchDown(pointerLocation), to: touch, at: time)
        case .mouseButton(.left, .release, _, let x, let y):
            pointerLocation = CGPoint(x: x, y: y)
            guard let touch = sequence(.touch, source: .mouse) else { return }
            deliver(.touchUp(pointerLocation), to: touch, at: time)
            end(touch)
        case .scroll(let dx, let dy):
            scroll(dx: dx, dy: dy, at: time)
        case .trackpadPinch(let phase, let scale, let x, let y):
            pointerLocation = CGPoint(x: x, y: y)
            trackpadPinch(phase, scale: scale, at: time)
        case .key(let key, let action, _) where key == .leftControl || key == .rightControl:
            if action == .press {
                controlKeys.insert(key.rawValue)
            } else if action == .release {
                controlKeys.remove(key.rawValue)
                if controlKeys.isEmpty, let pinch = sequence(.pinchScroll, source: .trackpad) {
                    deliver(.pinchRelease, to: pinch, at: time)
                }
            }
        case .gamepadAxis(let gamepad, let axis, let value):
            guard (0..<6).contains(axis) else { return }
            var axes = gamepadAxes[gamepad] ?? GestureRouter.restingAxes
            axes[axis] = Double(value)
            gamepadAxes[gamepad] = axes
            if axis < 2 { stickMoved(gamepad: gamepad, at: time) }
            if axis >= 4 { triggersMoved(gamepad: gamepad, at: time) }
        case .gamepadButton(let gamepad, let button, let pressed):
            gamepadButton(button, pressed: pressed, gamepad: gamepad, at: time)
        case .gamepadConnection(let gamepad, let connected):
            guard !connected else { return }
            gamepadAxes[gamepad] = nil
            for sequence in sequences where sequence.gamepad == gamepad {
                deliver(.cancel, to: sequence, at: time)
                end(sequence)
            }
        default:
            break
        }
    }

    /// Sticks centred, triggers released.
    static let restingAxes: [Double] = [0, 0, 0, 0, -1, -1]

    private func scroll(dx: Double, dy: Double, at time: Double) {
        if !controlKeys.isEmpty {
            let pinch =
                sequence(.pinchScroll, source: .trackpad)
                ?? start(.pinchScroll, at: pointerLocation, on: hitTest(pointerLocation), source: .trackpad)
            deliver(.pinchStep(factor: pow(settings.pinchFactorPerScrollUnit, dy)), to: pinch, at: time)
        } else {
            let pan =
                sequence(.scroll, source: .trackpad)
                ?? start(.scroll, at: pointerLocation, on: hitTest(pointerLocation), source: .trackpad)
            // GLFW: dx > 0 scrolls right, dy > 0 up. Under natural scrolling the
            // fingers (and the content) then move left and down.
            let k = settings.pointsPerScrollUnit
            deliver(.scroll(dx: -dx * k, dy: dy * k), to: pan, at: time)
        }
    }

    private func trackpadPinch(_ phase: TrackpadGesturePhase, scale: Double, at time: Double) {
        var pinch = sequence(.trackpadPinch, source: .trackpad)
        if phase == .began {
            // A pinch that began while another was under way: the server lost an end; the old one is over.
            if let stale = pinch {
                deliver(.pinchRelease, to: stale, at: time)
                end(stale)
            }
            pinch = start(.trackpadPinch, at: pointerLocation, on: hitTest(pointerLocation), source: .trackpad)
        }
        // Changes and ends of a pinch that began before this router listened are dropped.
        guard let pinch else { return }
        switch phase {
        case .began, .changed:
            deliver(.pinchTo(scale: scale), to: pinch, at: time)
        case .ended:
            deliver(.pinchTo(scale: scale), to: pinch, at: time)
            deliver(.pinchRelease, to: pinch, at: time)
            end(pinch)
        case .cancelled:
            deliver(.cancel, to: pinch, at: time)
            end(pinch)
        }
    }

    private func stickMoved(gamepad: Int, at time: Double) {
        guard let axes = gamepadAxes[gamepad] else { return }
        let tilt = settings.stick(x: axes[0], y: axes[1])
        let held = tilt.x != 0 || tilt.y != 0
        var stick = sequence(.stick, source: .gamepad, gamepad: gamepad)
        if stick == nil, held {
            stick = start(.stick, at: focusPoint, on: focusedLayer ?? rootLayer, source: .gamepad, gamepad: gamepad)
        }
        guard let stick else { return }
        deliver(.stick(dx: tilt.x, dy: tilt.y), to: stick, at: time)
        if !held { end(stick) }
    }

    private func triggersMoved(gamepad: Int, at time: Double) {
        guard let axes = gamepadAxes[gamepad] else { return }
        let pull = settings.trigger(axes[5]) - settings.trigger(axes[4])
        let held = settings.trigger(axes[5]) != 0 || settings.trigger(axes[4]) != 0
        var triggers = sequence(.triggers, source: .gamepad, gamepad: gamepad)
        if triggers == nil, held {
            triggers = start(
                .triggers, at: focusPoint, on: focusedLayer ?? rootLayer, source: .gamepad,
                gamepad: gamepad)
        }
        guard let triggers else { return }
        deliver(.triggers(held ? (pull == 0 ? 1e-9 : pull) : 0), to: triggers, at: time)
        if !held { end(triggers) }
    }

    /// GLFW's gamepad buttons: A is 0; the d-pad is 11 (up), 12 (right), 13 (down), 14 (left).
    private func gamepadButton(_ button: Int, pressed: Bool, gamepad: Int, at time: Double) {
        switch (button, pressed) {
        case (0, true):
            if let stale = sequence(.touch, source: .gamepad, gamepad: gamepad) { end(stale) }
            let point = focusPoint
            let touch = start(.touch, at: point, on: focusedLayer ?? rootLayer, source: .gamepad, gamepad: gamepad)
            deliver(.touchDown(point), to: touch, at: time)
        case (0, false):
            guard let touch = sequence(.touch, source: .gamepad, gamepad: gamepad) else { return }
            deliver(.touchUp(focusPoint), to: touch, at: time)
            end(touch)
        case (11, true): moveFocus(dx: 0, dy: -1)
        case (12, true): moveFocus(dx: 1, dy: 0)
        case (13, true): moveFocus(dx: 0, dy: 1)
        case (14, true): moveFocus(dx: -1, dy: 0)
        default: break
        }
    }
}
