import Foundation

/// Two fingers moving apart or together, as UIKit's `UIPinchGestureRecognizer`:
/// a scale factor (1 when the gesture begins) and its velocity (scale factor
/// per second).
///
/// Three sources pinch:
/// - a trackpad, where the X server recognizes pinches (XInput 2.4 gesture
///   events, which `WindowHost` reads beside GLFW): the scale follows the
///   fingers' spread, and the pinch ends when they come up;
/// - Control with scrolling, as browsers treat a trackpad pinch where they
///   get no gesture: each scroll unit up multiplies the scale by the router's
///   `pinchFactorPerScrollUnit`, down divides by it; the pinch ends when
///   Control comes up or scrolling stops for `scrollEndDelay` seconds;
/// - a gamepad's triggers: the right trigger grows the scale, the left one
///   shrinks it, by up to `triggerRate` (natural log per second) at full
///   pull; the pinch ends when both are released.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the gesture began (settable, as in UIKit, to read changes as deltas).
    public var scale = 1.0
    /// How fast the scale changes, in scale factor per second.
    public private(set) var velocity = 0.0
    /// Seconds without Control-scrolling after which the pinch ends.
    public var scrollEndDelay = 0.15
    /// ln(scale) per second at full trigger pull (ln 2: doubles or halves in a second).
    public var triggerRate = log(2.0)

    private var tracker = VelocityTracker()
    private var kind = InputSequenceKind.pinchScroll
    private var lastStepTime = 0.0
    private var trigger = 0.0
    private var triggerTime = 0.0
    /// The last spread a trackpad pinch reported (scale changes go by its ratio, so setting `scale` works).
    private var spread = 1.0

    /// A pinch recognizer that runs `action` at each step.
    public init(action: ((PinchGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { action(unsafeDowncast($0, to: PinchGestureRecognizer.self)) } }
    }

    override func accepts(_ kind: InputSequenceKind) -> Bool {
        kind == .pinchScroll || kind == .trackpadPinch || kind == .triggers
    }

    override func resetGesture() {
        scale = 1
        velocity = 0
        trigger = 0
        spread = 1
        tracker.reset()
    }

    override func handle(_ input: GestureInput, at time: Double) {
        switch input {
        case .pinchStep(let factor):
            if state == .possible { kind = .pinchScroll }
            lastStepTime = time
            setScale(scale * factor, at: time)
            transition(to: state == .possible ? .began : .changed)
        case .pinchTo(let newSpread):
            guard newSpread > 0, newSpread.isFinite else { return }
            if state == .possible {
                kind = .trackpadPinch
                spread = newSpread
                setScale(scale, at: time)
                transition(to: .began)
            } else if newSpread != spread {
                let factor = newSpread / spread
                spread = newSpread
                setScale(scale * factor, at: time)
                transition(to: .changed)
            }
        case .pinchRelease:
            if state.isActive && (kind == .pinchScroll || kind == .trackpadPinch) {
                // Fingers held still before they came up: no velocity left.
                if kind == .trackpadPinch { velocity = tracker.velocity(at: time).x }
                transition(to: .ended)
            }
        case .triggers(let value):
            if state == .possible {
                guard value != 0 else { return }
                kind = .triggers
                triggerTime = time
                tracker.add(x: scale, y: 0, at: time)
            }
            advanceTriggers(to: time)
            trigger = value
            velocity = scale * trigger * triggerRate
            if value == 0 {
                velocity = 0
                transition(to: .ended)
            } else {
                transition(to: state == .possible ? .began : .changed)
            }
        case .frame:
            guard state.isActive else { return }
            if kind == .pinchScroll, time - lastStepTime >= scrollEndDelay {
                velocity = 0
                transition(to: .ended)
            } else if kind == .triggers, trigger != 0 {
                advanceTriggers(to: time)
                transition(to: .changed)
            }
        case .cancel:
            transition(to: state.isActive ? .cancelled : .failed)
        case .touchDown, .touchMoved, .touchUp, .scroll, .stick:
            break
        }
    }

    private func advanceTriggers(to time: Double) {
        let dt = max(0, time - triggerTime)
        triggerTime = time
        scale *= exp(trigger * triggerRate * dt)
        velocity = scale * trigger * triggerRate
        timestamp = time
    }

    private func setScale(_ newScale: Double, at time: Double) {
        scale = newScale
        timestamp = time
        tracker.add(x: scale, y: 0, at: time)
        velocity = tracker.velocity(at: time).x
    }
}
