/// A keyboard key, by GLFW key code (US layout names: `Key.a` is the key where
/// "A" is on a US keyboard).
public struct Key: RawRepresentable, Hashable, Sendable {
    /// The GLFW key code (`GLFW_KEY_*`); -1 for an unknown key.
    public var rawValue: Int32

    /// A key from its GLFW key code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// A key the platform has no code for.
    public static let unknown = Key(rawValue: -1)
    /// Space bar.
    public static let space = Key(rawValue: 32)
    /// Escape: closes the window unless `WindowHost.closesOnEscape` is false.
    public static let escape = Key(rawValue: 256)
    /// Return.
    public static let enter = Key(rawValue: 257)
    /// Tab.
    public static let tab = Key(rawValue: 258)
    /// Backspace.
    public static let backspace = Key(rawValue: 259)
    /// Right arrow.
    public static let right = Key(rawValue: 262)
    /// Left arrow.
    public static let left = Key(rawValue: 263)
    /// Down arrow.
    public static let down = Key(rawValue: 264)
    /// Up arrow.
    public static let up = Key(rawValue: 265)
    /// The left Control key.
    public static let leftControl = Key(rawValue: 341)
    /// The right Control key.
    public static let rightControl = Key(rawValue: 345)

    /// The letter key `letter` ("A"…"Z", either case).
    public static func letter(_ letter: Character) -> Key {
        guard let ascii = letter.uppercased().unicodeScalars.first?.value, (65...90).contains(ascii) else {
            preconditionFailure("Key.letter: \(letter) is not a letter A…Z")
        }
        return Key(rawValue: Int32(ascii))
    }

    /// The digit key `digit` (0…9) on the main row.
    public static func digit(_ digit: Int) -> Key {
        precondition((0...9).contains(digit), "Key.digit: \(digit) is not 0…9")
        return Key(rawValue: 48 + Int32(digit))
    }

    /// Function key F`number` (1…25).
    public static func function(_ number: Int) -> Key {
        precondition((1...25).contains(number), "Key.function: F\(number) does not exist")
        return Key(rawValue: 289 + Int32(number))
    }
}
