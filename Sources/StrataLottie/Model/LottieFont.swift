import Foundation

/// A font of the composition (`fonts.list[i]`), which text documents name by `fName`.
package struct LottieFont: Equatable, Sendable {
    /// `fName`: the name documents use.
    package var name: String
    /// `fFamily`.
    package var family: String
    /// `fStyle`.
    package var style: String
    /// `ascent`: how far the font reaches above the baseline, in hundredths of an em; nil when not given.
    package var ascent: Double?
}
