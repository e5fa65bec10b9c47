import Foundation

/// A glyph drawn into the file (`chars[i]`): shapes in a 100-unit em,
/// origin on the baseline at the left, y down.
public struct LottieCharacter: Equatable, Sendable {
    /// `ch`: the character it draws.
    public var character: String
    /// `fFamily`, `style`: the font it belongs to.
    public var family: String
    /// See ``family``.
    public var style: String
    /// `w`: the advance, in hundredths of an em.
    public var width: Double
    /// `data.shapes`: its outline, as shape items (their paths are filled).
    public var shapes: [LottieShapeItem]
}
