import Foundation

/// What the router feeds a recognizer: input already reduced from raw events
/// (positions in window points, scrolling in points, sticks past their dead
/// zones), each with the time it happened.
enum GestureInput: Equatable {
    /// A touch went down at a window point (a mouse button, or a gamepad's A at the focused layer).
    case touchDown(CGPoint)
    /// The touch moved.
    case touchMoved(CGPoint)
    /// The touch came up.
    case touchUp(CGPoint)
    /// Two-finger scrolling moved the content by this many points (already in pan direction).
    case scroll(dx: Double, dy: Double)
    /// Control with scrolling: the pinch scale changed by this factor.
    case pinchStep(factor: Double)
    /// A trackpad pinch (XInput 2.4) spread to `scale` since it began.
    case pinchTo(scale: Double)
    /// The Control key came up, or the fingers of a trackpad pinch: the pinch is over.
    case pinchRelease
    /// The gamepad's left stick, past its dead zone, as a fraction of full tilt (0 when centred).
    case stick(dx: Double, dy: Double)
    /// The gamepad's triggers, past their dead zones: right minus left, -1…1.
    case triggers(Double)
    /// The device went away in the middle of the gesture.
    case cancel
    /// Time passed (a frame): timers and momentum advance.
    case frame
}

/// The kinds of input sequence, each started by its own device action.
enum InputSequenceKind: Equatable {
    /// Mouse button or gamepad A: down, moves, up.
    case touch
    /// Two-finger scrolling, then momentum.
    case scroll
    /// Control with scrolling.
    case pinchScroll
    /// A pinch the X server recognized on a trackpad (XInput 2.4): began, changes, ended.
    case trackpadPinch
    /// The left stick out of its dead zone.
    case stick
    /// A trigger pressed past its dead zone.
    case triggers
}
