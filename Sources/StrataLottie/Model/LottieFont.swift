import Foundation

/// A font of the composition (`fonts.list[i]`), which text documents name by `fName`.
public struct LottieFont: Equatable, Sendable {
    /// `fName`: the name documents use.
    public var name: String
    /// `fFamily`.
    public var family: String
    /// `fStyle`.
    public var style: String
    /// `ascent`: how far the font reaches above the baseline, in hundredths of an em; nil when not given.
    public var ascent: Double?
}
