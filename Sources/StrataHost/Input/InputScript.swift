import Foundation

/// Builds input as a window would deliver it, for tests and demos without a
/// person: mouse drags and clicks, trackpad scrolling and pinches (the X
/// server's gestures, or Control with scrolling), and a simulated gamepad (sticks, triggers, buttons, plug
/// and unplug). Continuous moves are cut into steps at `frameRate`, one per
/// poll, as GLFW reports them.
///
/// ```swift
/// var script = InputScript()
/// script.pinch(at: CGPoint(x: 400, y: 300), to: 0.5, from: 0.2, duration: 0.5)
/// script.tiltStick(x: 1, y: 0, at: 1, for: 0.5)
/// let source = ScriptedInputSource(script.events)
/// ```
public struct InputScript: Sendable {
    /// The events so far (in the order added; `ScriptedInputSource` sorts them by time).
    public var events: [TimedInputEvent] = []
    /// Polls per second: how finely continuous moves are cut.
    public var frameRate = 60.0
    /// The gamepad the gamepad calls act on (GLFW joystick id).
    public var gamepad = 0

    /// An empty script.
    public init() {}

    /// Adds `event` at `time`.
    public mutating func add(_ event: InputEvent, at time: Double) {
        events.append(TimedInputEvent(time: time, event: event))
    }

    /// The times of the polls in `start…start + duration` (both ends included; at least the two ends).
    func steps(from start: Double, duration: Double) -> [Double] {
        let count = max(1, Int((duration * frameRate).rounded()))
        // The last step exactly at the end, where the release is (rounding must not put it after).
        return (0...count).map { $0 == count ? start + duration : start + duration * Double($0) / Double(count) }
    }

    // MARK: Mouse

    /// Moves the pointer to `point` at `time`.
    public mutating func move(to point: CGPoint, at time: Double) {
        add(.mouseMoved(x: point.x, y: point.y), at: time)
    }

    /// Presses the left button at `from`, moves it to `to` over `duration`
    /// seconds in even steps, and releases it there.
    public mutating func drag(from: CGPoint, to: CGPoint, at time: Double, duration: Double) {
        move(to: from, at: time)
        add(.mouseButton(.left, action: .press, modifiers: [], x: from.x, y: from.y), at: time)
        let times = steps(from: time, duration: duration)
        for (i, t) in times.enumerated().dropFirst() {
            let f = Double(i) / Double(times.count - 1)
            move(to: CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), at: t)
        }
        add(.mouseButton(.left, action: .release, modifiers: [], x: to.x, y: to.y), at: time + duration)
    }

    /// Clicks the left button at `point` (down and up `hold` seconds apart).
    public mutating func click(at point: CGPoint, time: Double, hold: Double = 0.05) {
        move(to: point, at: time)
        add(.mouseButton(.left, action: .press, modifiers: [], x: point.x, y: point.y), at: time)
        add(.mouseButton(.left, action: .release, modifiers: [], x: point.x, y: point.y), at: time + hold)
    }

    // MARK: Trackpad

    /// Two-finger scrolling of `dx`, `dy` scroll units in all (GLFW's signs:
    /// dx > 0 right, dy > 0 up), spread evenly over `duration` seconds, with
    /// the pointer at `point`.
    public mutating func scroll(dx: Double, dy: Double, at point: CGPoint, time: Double, duration: Double) {
        move(to: point, at: time)
        let times = steps(from: time, duration: duration).dropFirst()
        for t in times { add(.scroll(dx: dx / Double(times.count), dy: dy / Double(times.count)), at: t) }
    }

    /// A trackpad pinch as browsers see one: Control held and scrolling, from
    /// scale 1 to `scale` over `duration` seconds with the pointer at
    /// `point`, each step as many scroll units as `factorPerUnit` (the
    /// router's `pinchFactorPerScrollUnit`) needs; Control comes up at the end.
    public mutating func pinch(
        at point: CGPoint, to scale: Double, time: Double, duration: Double,
        factorPerUnit: Double = GestureSettings().pinchFactorPerScrollUnit
    ) {
        move(to: point, at: time)
        add(.key(.leftControl, action: .press, modifiers: .control), at: time)
        let times = steps(from: time, duration: duration).dropFirst()
        let units = log(scale) / log(factorPerUnit)
        for t in times { add(.scroll(dx: 0, dy: units / Double(times.count)), at: t) }
        add(.key(.leftControl, action: .release, modifiers: []), at: time + duration)
    }

    /// A trackpad pinch as the X server reports one (XInput 2.4 gesture
    /// events): it begins at spread 1 with the pointer at `point`, the spread
    /// goes to `scale` over `duration` seconds (evenly in log scale, one step
    /// a poll), and the fingers come up there (or the server cancels it).
    public mutating func trackpadPinch(
        at point: CGPoint, to scale: Double, time: Double, duration: Double, cancelled: Bool = false
    ) {
        move(to: point, at: time)
        add(.trackpadPinch(phase: .began, scale: 1, x: point.x, y: point.y), at: time)
        let times = steps(from: time, duration: duration).dropFirst()
        for (i, t) in times.enumerated() {
            let spread = pow(scale, Double(i + 1) / Double(times.count))
            add(.trackpadPinch(phase: .changed, scale: spread, x: point.x, y: point.y), at: t)
        }
        add(
            .trackpadPinch(phase: cancelled ? .cancelled : .ended, scale: scale, x: point.x, y: point.y),
            at: time + duration)
    }

    // MARK: Gamepad

    /// Plugs the gamepad in at `time`, sticks centred and triggers released.
    public mutating func connectGamepad(at time: Double) {
        add(.gamepadConnection(gamepad: gamepad, connected: true), at: time)
        add(.gamepadAxis(gamepad: gamepad, axis: 4, value: -1), at: time)
        add(.gamepadAxis(gamepad: gamepad, axis: 5, value: -1), at: time)
    }

    /// Unplugs the gamepad at `time`.
    public mutating func disconnectGamepad(at time: Double) {
        add(.gamepadConnection(gamepad: gamepad, connected: false), at: time)
    }

    /// Tilts the left stick to (`x`, `y`) (-1…1, y down) at `time`, and back to
    /// the centre after `duration` seconds if one is given.
    public mutating func tiltStick(x: Double, y: Double, at time: Double, for duration: Double? = nil) {
        add(.gamepadAxis(gamepad: gamepad, axis: 0, value: Float(x)), at: time)
        add(.gamepadAxis(gamepad: gamepad, axis: 1, value: Float(y)), at: time)
        if let duration {
            add(.gamepadAxis(gamepad: gamepad, axis: 0, value: 0), at: time + duration)
            add(.gamepadAxis(gamepad: gamepad, axis: 1, value: 0), at: time + duration)
        }
    }

    /// Pulls the right (or left) trigger to `pull` (0…1) at `time`, released
    /// after `duration` seconds if one is given.
    public mutating func pullTrigger(right: Bool, to pull: Double, at time: Double, for duration: Double? = nil) {
        let axis = right ? 5 : 4
        add(.gamepadAxis(gamepad: gamepad, axis: axis, value: Float(pull * 2 - 1)), at: time)
        if let duration { add(.gamepadAxis(gamepad: gamepad, axis: axis, value: -1), at: time + duration) }
    }

    /// Presses gamepad button `button` (GLFW numbering: A 0, d-pad 11 up,
    /// 12 right, 13 down, 14 left) at `time` and releases it `hold` seconds later.
    public mutating func pressButton(_ button: Int, at time: Double, hold: Double = 0.05) {
        add(.gamepadButton(gamepad: gamepad, button: button, pressed: true), at: time)
        add(.gamepadButton(gamepad: gamepad, button: button, pressed: false), at: time + hold)
    }
}
