import Foundation

/// A filter Strata draws when it is an element of a layer's `filters`.
///
/// Core Animation's filters are Core Image's `CIFilter`s, which Strata does
/// not have; these are the few that animation players (Lottie's layer
/// effects) need, as values. They apply in array order to the layer as
/// composited (background, contents, sublayers, shadow, after its `mask`)
/// and before its `opacity` and `compositingFilter`. A blur's radius is in
/// the layer's units (it grows with the layer's scale, taken at the layer's
/// middle) but the blur runs along the screen's axes, so a turned or tilted
/// layer's blur is an approximation.
/// Elements of `filters` that are not `CALayerFilter`s draw nothing.
///
/// `filters` changes at once when animated (discretely): an animation of a
/// filter's value is a keyframe animation of the whole array, one value a frame.
public enum CALayerFilter: Hashable, Sendable {
    /// A Gaussian blur whose σ is `radius` (the layer's units), across
    /// (`horizontal`) and down (`vertical`); outside the layer's pixels counts
    /// as transparent.
    case gaussianBlur(radius: CGFloat, horizontal: Bool = true, vertical: Bool = true)
    /// Each pixel's colour replaced by one picked by its luminance (Rec. 709
    /// weights of its sRGB components): `shadows` at black, `midtones` at 50 %,
    /// `highlights` at white, mixed linearly between; the result is mixed with
    /// the pixel's own colour by `amount` (0: unchanged, 1: mapped). Alpha is
    /// unchanged and the colours' own alpha is not used.
    case luminanceMap(shadows: CGColor, midtones: CGColor, highlights: CGColor, amount: CGFloat)
    /// Each pixel's colour replaced by `color`, its alpha multiplied by `color`'s alpha.
    case colorFill(CGColor)
}
