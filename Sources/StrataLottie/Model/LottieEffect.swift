import Foundation

/// A layer effect Strata draws (`ef[i]`, enabled). Its values are the
/// effect's `ef[j].v` by position, as After Effects lists the controls.
package struct LottieEffect: Equatable, Sendable {
    /// Which effect, with the values Strata uses.
    package enum Kind: Equatable, Sendable {
        /// `ty` 25: a shadow of the layer's pixels. Opacity 0...255; direction in
        /// degrees clockwise from up; distance and softness in the layer's units.
        case dropShadow(
            color: LottieProperty<LottieVector>, opacity: LottieProperty<Double>,
            direction: LottieProperty<Double>, distance: LottieProperty<Double>,
            softness: LottieProperty<Double>)
        /// `ty` 29: blurriness (the layer's units); dimensions 1 both, 2 across, 3 down.
        case gaussianBlur(blurriness: LottieProperty<Double>, dimensions: LottieProperty<Double>)
        /// `ty` 21: every pixel the colour, alpha times opacity (0...1).
        case fill(color: LottieProperty<LottieVector>, opacity: LottieProperty<Double>)
        /// `ty` 20: black maps to `black`, white to `white`, by luminance; amount in percent.
        case tint(
            black: LottieProperty<LottieVector>, white: LottieProperty<LottieVector>,
            amount: LottieProperty<Double>)
        /// `ty` 23: highlights, midtones and shadows by luminance; `blend` percent of the original kept.
        case tritone(
            highlights: LottieProperty<LottieVector>, midtones: LottieProperty<LottieVector>,
            shadows: LottieProperty<LottieVector>, blend: LottieProperty<Double>)
        /// `ty` 22: a brush along the layer's masks.
        case stroke(LottieStrokeEffect)
    }

    /// Where the effect is in the file, and its name.
    package var source: LottieSource
    /// What it does.
    package var kind: Kind

    /// Whether any of its values has keyframes.
    package var isAnimated: Bool {
        switch kind {
        case .dropShadow(let c, let o, let a, let d, let s):
            return c.isAnimated || o.isAnimated || a.isAnimated || d.isAnimated || s.isAnimated
        case .gaussianBlur(let b, let d): return b.isAnimated || d.isAnimated
        case .fill(let c, let o): return c.isAnimated || o.isAnimated
        case .tint(let b, let w, let a): return b.isAnimated || w.isAnimated || a.isAnimated
        case .tritone(let h, let m, let s, let b): return h.isAnimated || m.isAnimated || s.isAnimated || b.isAnimated
        case .stroke(let stroke): return stroke.isAnimated
        }
    }
}
