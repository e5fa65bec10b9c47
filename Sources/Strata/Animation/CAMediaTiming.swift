import Foundation

/// What an animation shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Holds the first value before the start.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Holds the last value after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// Neither (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// A hierarchical timing space, shared by layers and animations.
///
/// A child's local time is `(parent time − beginTime) × speed + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}
