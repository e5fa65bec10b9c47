import Foundation

/// A text layer's text (`t`): its documents over time and the animators
/// that move, fade and recolour ranges of its characters.
public struct LottieText: Equatable, Sendable {
    /// A text document (`t.d.k[i].s`): what is written and how.
    public struct Document: Equatable, Sendable {
        /// `s`: the font size in points.
        public var size: Double = 10
        /// `f`: the font's `fName` in the composition's `fonts` list (or a font name).
        public var font: String = ""
        /// `t`: the text; `\r`, `\n` and `\u{3}` break lines.
        public var text: String = ""
        /// `j`: 0 left, 1 right, 2 centre (the justified modes, 3 to 6, are drawn left).
        public var justification: Int = 0
        /// `tr`: extra space after each character, in thousandths of an em.
        public var tracking: Double = 0
        /// `lh`: the distance between baselines in points; nil: 1.2 × size.
        public var lineHeight: Double?
        /// `ls`: the baseline shift in points (positive is up).
        public var baselineShift: Double = 0
        /// `fc`: the fill colour (RGB 0...1); nil: not filled.
        public var fillColor: LottieVector?
        /// `sc`: the stroke colour (RGB 0...1); nil: not stroked.
        public var strokeColor: LottieVector?
        /// `sw`: the stroke width in points.
        public var strokeWidth: Double = 0
        /// `of`: the stroke is drawn over the fill (else under it).
        public var strokeOverFill: Bool = true
        /// `ps`: a text box's top-left corner; nil for point text.
        public var boxPosition: LottieVector?
        /// `sz`: a text box's size (lines wrap at its width); nil for point text.
        public var boxSize: LottieVector?

        /// A document with the defaults above.
        public init() {}
    }

    /// A document and the frame it shows from (`t.d.k[i]`): each holds until the next.
    public struct Keyframe: Equatable, Sendable {
        /// `t`: the first frame showing the document.
        public var time: Double
        /// `s`.
        public var document: Document
    }

    /// A range selector (`t.a[i].s`): how much of an animator's style each character gets.
    public struct Selector: Equatable, Sendable {
        /// `sh`: how the amount falls off across the range.
        public enum Shape: Int, Equatable, Sendable {
            case square = 1, rampUp, rampDown, triangle, round, smooth
        }
        /// `b`: what the range counts.
        public enum Basis: Int, Equatable, Sendable {
            case characters = 1, charactersExcludingSpaces, words, lines
        }
        /// `s`, `e`, `o`: start, end and offset, in percent (or in units of ``basis`` when `r` is 2).
        public var start = LottieProperty(0.0)
        /// See ``start``.
        public var end = LottieProperty(100.0)
        /// See ``start``.
        public var offset = LottieProperty(0.0)
        /// `r`: true when start, end and offset count characters (or words, lines) rather than percent.
        public var inUnits = false
        /// `b`.
        public var basis = Basis.characters
        /// `sh`.
        public var shape = Shape.square
        /// `a`: percent of the style applied at full selection.
        public var amount = LottieProperty(100.0)
        /// `sm`: the square shape's soft edge, percent.
        public var smoothness = LottieProperty(100.0)
        /// `xe`, `ne`: ease high and low, percent.
        public var easeHigh = LottieProperty(0.0)
        /// See ``easeHigh``.
        public var easeLow = LottieProperty(0.0)

        /// A selector over the whole text.
        public init() {}
    }

    /// What an animator changes (`t.a[i].a`), at full selection; nil: not changed.
    public struct Style: Equatable, Sendable {
        /// `o`: opacity, percent.
        public var opacity: LottieProperty<Double>?
        /// `p`: offset in points.
        public var position: LottieProperty<LottieVector>?
        /// `s`: scale, percent, about the character's origin.
        public var scale: LottieProperty<LottieVector>?
        /// `r`: rotation, degrees, about the character's origin.
        public var rotation: LottieProperty<Double>?
        /// `fc`: fill colour.
        public var fillColor: LottieProperty<LottieVector>?
        /// `fo`: fill opacity, percent.
        public var fillOpacity: LottieProperty<Double>?
        /// `sc`: stroke colour.
        public var strokeColor: LottieProperty<LottieVector>?
        /// `so`: stroke opacity, percent.
        public var strokeOpacity: LottieProperty<Double>?
        /// `sw`: stroke width in points.
        public var strokeWidth: LottieProperty<Double>?
        /// `t`: extra tracking (hundredths of an em) after each selected character.
        public var tracking: LottieProperty<Double>?

        /// No change.
        public init() {}
    }

    /// A text animator (`t.a[i]`): a style applied to the characters its selector picks.
    public struct Animator: Equatable, Sendable {
        /// Where the item is in the file, and its name.
        public var source: LottieSource
        /// `s`.
        public var selector: Selector
        /// `a`.
        public var style: Style
    }

    /// `d.k`: the documents, by time (at least one).
    public var documents: [Keyframe]
    /// `a`: the animators, applied in order.
    public var animators: [Animator]
    /// `m.a`: the point, relative to each character's origin, animators scale and rotate about.
    public var anchor: LottieVector

    /// The document showing at `frame` (the layer's own frames).
    public func document(at frame: Double) -> Document {
        var chosen = documents.first?.document ?? Document()
        for keyframe in documents.dropFirst() where keyframe.time <= frame { chosen = keyframe.document }
        return chosen
    }
}
