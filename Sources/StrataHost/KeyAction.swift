/// What happened to a key or mouse button.
public enum KeyAction: Equatable, Sendable {
    /// Went down.
    case press
    /// Came up.
    case release
    /// Held down long enough to repeat (keys only).
    case `repeat`

    /// The action for a GLFW action code (`GLFW_PRESS` 1, `GLFW_RELEASE` 0, `GLFW_REPEAT` 2).
    init(glfw action: Int32) {
        switch action {
        case 0: self = .release
        case 2: self = .repeat
        default: self = .press
        }
    }
}
