import Foundation
import Strata

/// A drag, as UIKit's `UIPanGestureRecognizer`: translation and velocity in
/// points.
///
/// Three devices pan:
/// - a mouse drag with the left button (it begins once the pointer has moved
///   `minimumDistance` points from where the button went down);
/// - two-finger scrolling on a trackpad (the content follows the fingers, as
///   with natural scrolling); when the fingers lift (no scrolling for
///   `scrollEndDelay` seconds) the pan goes on with momentum, slowing as
///   `UIScrollView` does at `decelerationRate` per millisecond, and ends when
///   it has all but stopped;
/// - a gamepad's left stick: the translation moves at `stickSpeed` points per
///   second at full tilt, for as long as the stick is held out of its dead
///   zone; it ends when the stick comes back (with velocity 0).
public final class PanGestureRecognizer: GestureRecognizer {
    /// Points a mouse drag moves before the pan begins (UIKit's hysteresis).
    public var minimumDistance = 10.0
    /// Points per second at full stick tilt.
    public var stickSpeed = 600.0
    /// The factor the momentum velocity keeps per millisecond (`UIScrollView.DecelerationRate.normal`).
    public var decelerationRate = 0.998
    /// Seconds without scrolling after which the fingers count as lifted.
    public var scrollEndDelay = 0.1
    /// Momentum below this speed (points per second) ends the pan.
    public var minimumMomentumSpeed = 20.0
    /// Whether the pan is coasting on momentum after the fingers lifted.
    public private(set) var isDecelerating = false

    /// Where the gesture started, in window points.
    private var start = CGPoint.zero
    /// The translation in window points.
    private var translation = (x: 0.0, y: 0.0)
    private var tracker = VelocityTracker()
    private var velocity = (x: 0.0, y: 0.0)
    private var kind = InputSequenceKind.touch
    /// Stick: the commanded velocity and when the translation was last moved by it.
    private var stickVelocity = (x: 0.0, y: 0.0)
    private var stickTime = 0.0
    /// Scrolling: the last scroll, and the momentum's start.
    private var lastScrollTime = 0.0
    private var momentum = (time: 0.0, x: 0.0, y: 0.0, vx: 0.0, vy: 0.0)

    /// A pan recognizer that runs `action` at each step.
    public init(action: ((PanGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { action(unsafeDowncast($0, to: PanGestureRecognizer.self)) } }
    }

    /// The distance moved since the gesture began, in `layer`'s coordinates (nil: window points).
    public func translation(in layer: CALayer?) -> CGPoint {
        let end = CGPoint(x: start.x + translation.x, y: start.y + translation.y)
        guard let layer else { return CGPoint(x: translation.x, y: translation.y) }
        let a = layer.convert(start, from: nil), b = layer.convert(end, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Sets the translation (usually to zero, to read the next change as a
    /// delta); `layer` is the space `translation` is in (nil: window points).
    public func setTranslation(_ translation: CGPoint, in layer: CALayer?) {
        let end = CGPoint(x: start.x + self.translation.x, y: start.y + self.translation.y)
        var newStart = CGPoint(x: end.x - translation.x, y: end.y - translation.y)
        if let layer {
            let endInLayer = layer.convert(end, from: nil)
            newStart = layer.convert(CGPoint(x: endInLayer.x - translation.x, y: endInLayer.y - translation.y), to: nil)
        }
        self.translation = (end.x - newStart.x, end.y - newStart.y)
        start = newStart
        if isDecelerating {
            let carried = momentumOffset(at: timestamp)
            momentum.x = self.translation.x - carried.x
            momentum.y = self.translation.y - carried.y
        }
    }

    /// How fast the gesture moves, in points per second of `layer`'s coordinates (nil: window points).
    public func velocity(in layer: CALayer?) -> CGPoint {
        guard let layer else { return CGPoint(x: velocity.x, y: velocity.y) }
        // A small step along the velocity, mapped into the layer and scaled back.
        let end = CGPoint(x: start.x + translation.x, y: start.y + translation.y)
        let step = 0.01
        let a = layer.convert(end, from: nil)
        let b = layer.convert(CGPoint(x: end.x + velocity.x * step, y: end.y + velocity.y * step), from: nil)
        return CGPoint(x: (b.x - a.x) / step, y: (b.y - a.y) / step)
    }

    override func accepts(_ kind: InputSequenceKind) -> Bool {
        kind == .touch || kind == .scroll || kind == .stick
    }

    override func resetGesture() {
        translation = (0, 0)
        velocity = (0, 0)
        tracker.reset()
        stickVelocity = (0, 0)
        isDecelerating = false
    }

    override func handle(_ input: GestureInput, at time: Double) {
        switch input {
        case .touchDown(let p):
            kind = .touch
            start = p
            windowLocation = p
            track(at: time)
        case .touchMoved(let p):
            windowLocation = p
            move(to: (p.x - start.x, p.y - start.y), at: time)
            if state == .possible, hypot(translation.x, translation.y) >= minimumDistance {
                transition(to: .began)
            } else if state.isActive {
                transition(to: .changed)
            }
        case .touchUp(let p):
            windowLocation = p
            move(to: (p.x - start.x, p.y - start.y), at: time)
            transition(to: state.isActive ? .ended : .failed)
        case .scroll(let dx, let dy):
            if state == .possible {
                kind = .scroll
                start = windowLocation
            }
            isDecelerating = false
            lastScrollTime = time
            move(to: (translation.x + dx, translation.y + dy), at: time)
            transition(to: state == .possible ? .began : .changed)
        case .stick(let dx, let dy):
            if state == .possible {
                guard dx != 0 || dy != 0 else { return }
                kind = .stick
                start = windowLocation
                stickTime = time
                track(at: time)
            }
            advanceStick(to: time)
            stickVelocity = (dx * stickSpeed, dy * stickSpeed)
            velocity = stickVelocity
            if dx == 0 && dy == 0 {
                transition(to: .ended)
            } else {
                transition(to: state == .possible ? .began : .changed)
            }
        case .frame:
            frame(at: time)
        case .cancel:
            transition(to: state.isActive ? .cancelled : .failed)
        case .pinchStep, .pinchTo, .pinchRelease, .triggers:
            break
        }
    }

    private func frame(at time: Double) {
        guard state.isActive else { return }
        switch kind {
        case .stick:
            if stickVelocity.x != 0 || stickVelocity.y != 0 {
                advanceStick(to: time)
                transition(to: .changed)
            }
        case .scroll where !isDecelerating:
            guard time - lastScrollTime >= scrollEndDelay else { return }
            let v = tracker.velocity(at: lastScrollTime)
            guard hypot(v.x, v.y) >= minimumMomentumSpeed else {
                velocity = (0, 0)
                transition(to: .ended)
                return
            }
            // Momentum runs from the last scroll, so where the content is
            // depends only on time, not on when the lift was noticed.
            isDecelerating = true
            momentum = (lastScrollTime, translation.x, translation.y, v.x, v.y)
            coast(to: time)
        case .scroll:
            coast(to: time)
        default:
            break
        }
    }

    /// The distance momentum has carried the content `time` seconds after it began.
    private func momentumOffset(at time: Double) -> (x: Double, y: Double, keep: Double) {
        let ms = max(0, time - momentum.time) * 1000
        let keep = pow(decelerationRate, ms)
        // ∫ v·r^(1000 t) dt = v·(r^(1000 t) − 1) / (1000 ln r)
        let distance = (keep - 1) / (1000 * log(decelerationRate))
        return (momentum.vx * distance, momentum.vy * distance, keep)
    }

    private func coast(to time: Double) {
        let offset = momentumOffset(at: time)
        translation = (momentum.x + offset.x, momentum.y + offset.y)
        velocity = (momentum.vx * offset.keep, momentum.vy * offset.keep)
        timestamp = time
        if hypot(velocity.x, velocity.y) < minimumMomentumSpeed {
            isDecelerating = false
            velocity = (0, 0)
            transition(to: .ended)
        } else {
            transition(to: .changed)
        }
    }

    private func advanceStick(to time: Double) {
        let dt = max(0, time - stickTime)
        stickTime = time
        move(to: (translation.x + stickVelocity.x * dt, translation.y + stickVelocity.y * dt), at: time)
        velocity = stickVelocity
    }

    private func move(to t: (x: Double, y: Double), at time: Double) {
        translation = t
        track(at: time)
    }

    private func track(at time: Double) {
        timestamp = time
        tracker.add(x: translation.x, y: translation.y, at: time)
        if kind != .stick { velocity = tracker.velocity(at: time) }
    }
}
