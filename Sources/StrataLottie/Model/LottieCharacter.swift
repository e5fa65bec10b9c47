import Foundation

/// A glyph drawn into the file (`chars[i]`): shapes in a 100-unit em,
/// origin on the baseline at the left, y down.
package struct LottieCharacter: Equatable, Sendable {
    /// `ch`: the character it draws.
    package var character: String
    /// `fFamily`, `style`: the font it belongs to.
    package var family: String
    /// See ``family``.
    package var style: String
    /// `w`: the advance, in hundredths of an em.
    package var width: Double
    /// `data.shapes`: its outline, as shape items (their paths are filled).
    package var shapes: [LottieShapeItem]
}
