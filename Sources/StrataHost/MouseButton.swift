/// A mouse button, by GLFW button number.
public struct MouseButton: RawRepresentable, Hashable, Sendable {
    /// The GLFW button number (`GLFW_MOUSE_BUTTON_*`, 0…7).
    public var rawValue: Int32

    /// A button from its GLFW number.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary button.
    public static let left = MouseButton(rawValue: 0)
    /// The secondary button.
    public static let right = MouseButton(rawValue: 1)
    /// The middle button (wheel click).
    public static let middle = MouseButton(rawValue: 2)
}
