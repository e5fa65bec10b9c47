import Foundation

/// Which side a motion-based `CATransition` comes from.
///
/// In screen terms, on iOS's y-down layers: `fromRight` brings the new
/// rendering in from the right edge (moving left), `fromTop` from the top edge
/// (moving down).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
