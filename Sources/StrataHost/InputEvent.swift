/// Input from a `WindowHost`'s window, delivered in order between frames.
///
/// Positions are in window coordinates (points), origin at the top-left, y down.
public enum InputEvent: Equatable, Sendable {
    /// A key went down, came up or repeated.
    case key(Key, action: KeyAction, modifiers: KeyModifiers)
    /// Text typed (after keyboard layout and dead keys).
    case character(Unicode.Scalar)
    /// The pointer moved to (`x`, `y`).
    case mouseMoved(x: Double, y: Double)
    /// A mouse button went down or came up with the pointer at (`x`, `y`).
    case mouseButton(MouseButton, action: KeyAction, modifiers: KeyModifiers, x: Double, y: Double)
    /// Scrolling: `dy` > 0 scrolls up (wheel away from the user), `dx` > 0 right.
    case scroll(dx: Double, dy: Double)
    /// A trackpad pinch the X server recognized (XInput 2.4 gesture events):
    /// `scale` is the fingers' spread since the pinch began (1 at `began`),
    /// the pointer at (`x`, `y`).
    case trackpadPinch(phase: TrackpadGesturePhase, scale: Double, x: Double, y: Double)
    /// Gamepad `gamepad` (0…15) button `button` (`GLFW_GAMEPAD_BUTTON_*`, 0…14) changed.
    case gamepadButton(gamepad: Int, button: Int, pressed: Bool)
    /// Gamepad `gamepad` axis `axis` (`GLFW_GAMEPAD_AXIS_*`, 0…5) moved to `value` (-1…1).
    case gamepadAxis(gamepad: Int, axis: Int, value: Float)
    /// Gamepad `gamepad` (0…15) was plugged in (`connected`) or unplugged.
    case gamepadConnection(gamepad: Int, connected: Bool)
    /// The framebuffer now has this size in pixels.
    case framebufferResized(width: Int, height: Int)
    /// The window moved to a monitor with another content scale.
    case contentScaleChanged(x: Float, y: Float)
    /// The user asked to close the window (close button, or Escape).
    case closeRequested
}
