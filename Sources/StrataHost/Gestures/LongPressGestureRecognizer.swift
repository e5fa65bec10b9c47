import Foundation

/// A press held still, as UIKit's `UILongPressGestureRecognizer`: it begins
/// once the button (or a gamepad's A) has been down `minimumPressDuration`
/// seconds without moving more than `allowableMovement` points, changes as
/// the pointer then moves, and ends when the button comes up.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the press must last.
    public var minimumPressDuration = 0.5
    /// Points the pointer may move before the press begins.
    public var allowableMovement = 10.0

    private var isDown = false
    private var downTime = 0.0
    private var downPoint = CGPoint.zero

    /// A long-press recognizer that runs `action` at each step.
    public init(action: ((LongPressGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { action(unsafeDowncast($0, to: LongPressGestureRecognizer.self)) } }
    }

    override func accepts(_ kind: InputSequenceKind) -> Bool { kind == .touch }

    override func resetGesture() { isDown = false }

    override func handle(_ input: GestureInput, at time: Double) {
        switch input {
        case .touchDown(let p):
            isDown = true
            downTime = time
            downPoint = p
            windowLocation = p
        case .touchMoved(let p):
            windowLocation = p
            timestamp = time
            if state == .possible, distance(p, downPoint) > allowableMovement {
                transition(to: .failed)
            } else if state.isActive {
                transition(to: .changed)
            }
        case .touchUp(let p):
            isDown = false
            windowLocation = p
            timestamp = time
            transition(to: state.isActive ? .ended : .failed)
        case .frame:
            if state == .possible, isDown, time - downTime >= minimumPressDuration {
                timestamp = time
                transition(to: .began)
            }
        case .cancel:
            transition(to: state.isActive ? .cancelled : .failed)
        case .scroll, .pinchStep, .pinchTo, .pinchRelease, .stick, .triggers:
            break
        }
    }
}
