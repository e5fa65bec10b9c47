import Foundation

/// `ty` 22 (After Effects' Stroke, `ADBE Stroke`): a round brush drawn along
/// the layer's masks, values by position in the effect's `ef` as After
/// Effects lists them.
package struct LottieStrokeEffect: Equatable, Sendable {
    /// What the brush paints on (Paint Style, `ef[10]`).
    package enum PaintStyle: Int, Equatable, Sendable {
        /// 1: the stroke over the layer.
        case onOriginal = 1
        /// 2: the stroke alone, the layer left out.
        case onTransparent = 2
        /// 3: the layer shown only where the stroke is.
        case revealOriginal = 3
    }

    /// Path (`ef[0]`): the mask stroked, counted from 1; nil for every mask (All Masks, `ef[1]`).
    package var mask: Int?
    /// Color (`ef[3]`): RGB in 0...1.
    package var color: LottieProperty<LottieVector>
    /// Brush Size (`ef[4]`): half the line's width, as lottie-web and ThorVG draw it.
    package var brushSize: LottieProperty<Double>
    /// Opacity (`ef[6]`): 0...1.
    package var opacity: LottieProperty<Double>
    /// Start (`ef[7]`): percent of each mask's length.
    package var start: LottieProperty<Double>
    /// End (`ef[8]`): percent of each mask's length.
    package var end: LottieProperty<Double>
    /// Paint Style (`ef[10]`).
    package var paintStyle: PaintStyle

    /// Whether any of its values has keyframes.
    package var isAnimated: Bool {
        color.isAnimated || brushSize.isAnimated || opacity.isAnimated || start.isAnimated || end.isAnimated
    }
}
