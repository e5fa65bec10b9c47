import Foundation

/// The range of frame rates a display link (or animation) asks for, in frames
/// per second, as in Core Animation.
///
/// `preferred` is the rate to aim for within the range; nil means no
/// preference (stored as 0, as `CAFrameRateRangeMake` spells it). The
/// `default` range, all zeros, means "the display's own rate".
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable rate.
    public var minimum: Float
    /// The highest rate wanted.
    public var maximum: Float
    /// The rate to aim for, as stored: 0 for none.
    private var preferredRate: Float

    /// The all-zero range (the display's own rate).
    public init() {
        minimum = 0
        maximum = 0
        preferredRate = 0
    }

    /// A range from `minimum` to `maximum` that aims for `preferred` (nil: no preference).
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        preferredRate = preferred ?? 0
    }

    /// The rate to aim for within the range, or nil for no preference.
    public var preferred: Float? {
        get { preferredRate == 0 ? nil : preferredRate }
        set { preferredRate = newValue ?? 0 }
    }

    /// The range that leaves the rate to the display.
    public static let `default` = CAFrameRateRange()

    /// Whether the two ranges are the same (`CAFrameRateRangeIsEqualToRange`).
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
