import Foundation
import Strata

/// A colour step applied to an offscreen pass's pixels after they are drawn
/// (a layer's `CALayerFilter.luminanceMap` or `.colorFill`): each pixel's
/// colour is replaced by the colour its luminance picks from three, mixed
/// with its own by `amount`; alpha is kept.
package struct LuminanceMap: Hashable, Sendable {
    /// Straight sRGB colours at luminance 0, 0.5 and 1 (mixed linearly between).
    package var shadows: SIMD3<Float>
    package var midtones: SIMD3<Float>
    package var highlights: SIMD3<Float>
    /// 0: the pixel's own colour; 1: the mapped one.
    package var amount: Float

    package init(shadows: SIMD3<Float>, midtones: SIMD3<Float>, highlights: SIMD3<Float>, amount: Float) {
        self.shadows = shadows; self.midtones = midtones; self.highlights = highlights
        self.amount = min(max(amount, 0), 1)
    }

    /// Every colour `color` (a fill).
    package init(fill color: SIMD3<Float>) {
        self.init(shadows: color, midtones: color, highlights: color, amount: 1)
    }

    /// Rec. 709 luminance weights, as ThorVG's and Core Image's luma use.
    package static let lumaWeights = SIMD3<Float>(0.2126, 0.7152, 0.0722)

    /// What the step makes of one straight-alpha colour (the shader's arithmetic, for tests).
    package func apply(to rgb: SIMD3<Float>) -> SIMD3<Float> {
        let l = min(max((rgb * Self.lumaWeights).sum(), 0), 1)
        let mapped =
            l < 0.5 ? shadows + (midtones - shadows) * (l * 2) : midtones + (highlights - midtones) * (l * 2 - 1)
        return rgb + (mapped - rgb) * amount
    }
}
