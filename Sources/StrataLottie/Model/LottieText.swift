import Foundation

/// A text layer's text (`t`): its documents over time and the animators
/// that move, fade and recolour ranges of its characters.
package struct LottieText: Equatable, Sendable {
    /// A text document (`t.d.k[i].s`): what is written and how.
    package struct Document: Equatable, Sendable {
        /// `s`: the font size in points.
        package var size: Double = 10
        /// `f`: the font's `fName` in the composition's `fonts` list (or a font name).
        package var font: String = ""
        /// `t`: the text; `\r`, `\n` and `\u{3}` break lines.
        package var text: String = ""
        /// `j`: 0 left, 1 right, 2 centre (the justified modes, 3 to 6, are drawn left).
        package var justification: Int = 0
        /// `tr`: extra space after each character, in thousandths of an em.
        package var tracking: Double = 0
        /// `lh`: the distance between baselines in points; nil: 1.2 × size.
        package var lineHeight: Double?
        /// `ls`: the baseline shift in points (positive is up).
        package var baselineShift: Double = 0
        /// `fc`: the fill colour (RGB 0...1); nil: not filled.
        package var fillColor: LottieVector?
        /// `sc`: the stroke colour (RGB 0...1); nil: not stroked.
        package var strokeColor: LottieVector?
        /// `sw`: the stroke width in points.
        package var strokeWidth: Double = 0
        /// `of`: the stroke is drawn over the fill (else under it).
        package var strokeOverFill: Bool = true
        /// `ps`: a text box's top-left corner; nil for point text.
        package var boxPosition: LottieVector?
        /// `sz`: a text box's size (lines wrap at its width); nil for point text.
        package var boxSize: LottieVector?

        /// A document with the defaults above.
        package init() {}
    }

    /// A document and the frame it shows from (`t.d.k[i]`): each holds until the next.
    package struct Keyframe: Equatable, Sendable {
        /// `t`: the first frame showing the document.
        package var time: Double
        /// `s`.
        package var document: Document
    }

    /// A range selector (`t.a[i].s`): how much of an animator's style each character gets.
    package struct Selector: Equatable, Sendable {
        /// `sh`: how the amount falls off across the range.
        package enum Shape: Int, Equatable, Sendable {
            case square = 1, rampUp, rampDown, triangle, round, smooth
        }
        /// `b`: what the range counts.
        package enum Basis: Int, Equatable, Sendable {
            case characters = 1, charactersExcludingSpaces, words, lines
        }
        /// `s`, `e`, `o`: start, end and offset, in percent (or in units of ``basis`` when `r` is 2).
        package var start = LottieProperty(0.0)
        /// See ``start``.
        package var end = LottieProperty(100.0)
        /// See ``start``.
        package var offset = LottieProperty(0.0)
        /// `r`: true when start, end and offset count characters (or words, lines) rather than percent.
        package var inUnits = false
        /// `b`.
        package var basis = Basis.characters
        /// `sh`.
        package var shape = Shape.square
        /// `a`: percent of the style applied at full selection.
        package var amount = LottieProperty(100.0)
        /// `sm`: the square shape's soft edge, percent.
        package var smoothness = LottieProperty(100.0)
        /// `xe`, `ne`: ease high and low, percent.
        package var easeHigh = LottieProperty(0.0)
        /// See ``easeHigh``.
        package var easeLow = LottieProperty(0.0)

        /// A selector over the whole text.
        package init() {}
    }

    /// What an animator changes (`t.a[i].a`), at full selection; nil: not changed.
    package struct Style: Equatable, Sendable {
        /// `o`: opacity, percent.
        package var opacity: LottieProperty<Double>?
        /// `p`: offset in points.
        package var position: LottieProperty<LottieVector>?
        /// `s`: scale, percent, about the character's origin.
        package var scale: LottieProperty<LottieVector>?
        /// `r`: rotation, degrees, about the character's origin.
        package var rotation: LottieProperty<Double>?
        /// `fc`: fill colour.
        package var fillColor: LottieProperty<LottieVector>?
        /// `fo`: fill opacity, percent.
        package var fillOpacity: LottieProperty<Double>?
        /// `sc`: stroke colour.
        package var strokeColor: LottieProperty<LottieVector>?
        /// `so`: stroke opacity, percent.
        package var strokeOpacity: LottieProperty<Double>?
        /// `sw`: stroke width in points.
        package var strokeWidth: LottieProperty<Double>?
        /// `t`: extra tracking (hundredths of an em) after each selected character.
        package var tracking: LottieProperty<Double>?

        /// No change.
        package init() {}
    }

    /// A text animator (`t.a[i]`): a style applied to the characters its selector picks.
    package struct Animator: Equatable, Sendable {
        /// Where the item is in the file, and its name.
        package var source: LottieSource
        /// `s`.
        package var selector: Selector
        /// `a`.
        package var style: Style
    }

    /// `d.k`: the documents, by time (at least one).
    package var documents: [Keyframe]
    /// `a`: the animators, applied in order.
    package var animators: [Animator]
    /// `m.a`: the point, relative to each character's origin, animators scale and rotate about.
    package var anchor: LottieVector

    /// The document showing at `frame` (the layer's own frames).
    package func document(at frame: Double) -> Document {
        var chosen = documents.first?.document ?? Document()
        for keyframe in documents.dropFirst() where keyframe.time <= frame { chosen = keyframe.document }
        return chosen
    }
}
