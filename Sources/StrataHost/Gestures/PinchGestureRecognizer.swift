import Foundation

/// Two fingers moving apart or together, as UIKit's `UIPinchGestureRecognizer`:
/// a scale factor (1 when the gesture begins) and its velocity (scale factor
/// per second).
///
/// Linux desktops have no pinch event GLFW reports, so two stand-ins pinch:
/// - Control with scrolling, as browsers treat a trackpad pinch: each scroll
///   unit up multiplies the scale by the router's `pinchFactorPerScrollUnit`,
///   down divides by it; the pinch ends when Control comes up or scrolling
///   stops for `scrollEndDelay` seconds;
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

    /// A pinch recognizer that runs `action` at each step.
    public init(action: ((PinchGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { action(unsafeDowncast($0, to: PinchGestureRecognizer.self)) } }
    }

    override func accepts(_ kind: InputSequenceKind) -> Bool {
        kind == .pinchScroll || kind == .triggers
    }

    override func resetGesture() {
        scale = 1
        velocity = 0
        trigger = 0
        tracker.reset()
    }

    override func handle(_ input: GestureInput, at time: Double) {
        switch input {
        case .pinchStep(let factor):
            if state == .possible { kind = .pinchScroll }
            lastStepTime = time
            setScale(scale * factor, at: time)
            transition(to: state == .possible ? .began : .changed)
        case .pinchRelease:
            if state.isActive && kind == .pinchScroll { transition(to: .ended) }
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
