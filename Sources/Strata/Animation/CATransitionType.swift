import Foundation

/// How a `CATransition` shows a layer's change.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new rendering fades in as the old one fades out (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new rendering slides in over the old one.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new rendering slides in and pushes the old one out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old rendering slides out, uncovering the new one.
    public static let reveal = CATransitionType(rawValue: "reveal")
}
