/// Modifier keys held during a key or mouse event (GLFW's `GLFW_MOD_*` bits).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The GLFW modifier bits.
    public var rawValue: Int32

    /// Modifiers from GLFW bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// A Shift key.
    public static let shift = KeyModifiers(rawValue: 0x0001)
    /// A Control key.
    public static let control = KeyModifiers(rawValue: 0x0002)
    /// An Alt (Option) key.
    public static let alt = KeyModifiers(rawValue: 0x0004)
    /// A Super (Windows, Command) key.
    public static let `super` = KeyModifiers(rawValue: 0x0008)
}
