/// The device a gesture came from.
public enum GestureSource: Equatable, Sendable {
    /// A mouse button held down and dragged (a touch, in UIKit's terms).
    case mouse
    /// A trackpad: two-finger scrolling, or Control with scrolling (a pinch, as browsers treat it).
    case trackpad
    /// A gamepad: sticks, triggers and buttons.
    case gamepad
}
