import Foundation

/// A layer of a composition (`layers[i]`).
package struct LottieLayer: Equatable, Sendable {
    /// What a layer draws.
    package enum Content: Equatable, Sendable {
        /// `ty` 0: the layers of a precomposition asset, in its own time, clipped to `width` × `height`.
        case precomposition(id: String, width: Double, height: Double)
        /// `ty` 1: a rectangle of `color` (RGB 0...1).
        case solid(color: LottieVector, width: Double, height: Double)
        /// `ty` 2: an image asset.
        case image(id: String)
        /// `ty` 3, and layers Strata draws as nothing (cameras, unknown types).
        case null
        /// `ty` 4: shape items.
        case shapes([LottieShapeItem])
        /// `ty` 5: text, drawn with the glyphs of the file's `chars` or with an installed font.
        case text(LottieText)
    }

    /// Layer blend modes (`bm`): how the layer, matted and masked, combines
    /// with what is drawn beneath it.
    package enum BlendMode: Int, Equatable, Sendable {
        case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
        case hardLight, softLight, difference, exclusion, hue, saturation, color, luminosity
        case add, hardMix

        /// The `CALayer.compositingFilter` Strata draws the mode with; nil
        /// for normal and for the modes Strata cannot draw.
        package var compositingFilter: String? {
            switch self {
            case .normal, .hardMix: return nil
            case .multiply: return "multiplyBlendMode"
            case .screen: return "screenBlendMode"
            case .overlay: return "overlayBlendMode"
            case .darken: return "darkenBlendMode"
            case .lighten: return "lightenBlendMode"
            case .colorDodge: return "colorDodgeBlendMode"
            case .colorBurn: return "colorBurnBlendMode"
            case .hardLight: return "hardLightBlendMode"
            case .softLight: return "softLightBlendMode"
            case .difference: return "differenceBlendMode"
            case .exclusion: return "exclusionBlendMode"
            case .hue: return "hueBlendMode"
            case .saturation: return "saturationBlendMode"
            case .color: return "colorBlendMode"
            case .luminosity: return "luminosityBlendMode"
            // Lottie's add is source plus destination, clamped: Core Animation's plusL.
            case .add: return "plusL"
            }
        }
    }

    /// Track matte modes (`tt`).
    package enum MatteMode: Int, Equatable, Sendable {
        case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4
    }

    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// What the layer draws.
    package var content: Content
    /// `ind`: the index other layers name as `parent`.
    package var index: Int?
    /// `parent`: the `ind` of the layer whose transform this one inherits.
    package var parent: Int?
    /// `ip`, `op`: the frames the layer shows between (both included, as rlottie and lottie-ios draw).
    package var inPoint: Double
    /// See ``inPoint``.
    package var outPoint: Double
    /// `st`: the frame a precomposition's time starts at.
    package var startTime: Double
    /// `sr`: how many frames of the parent's time each frame of a precomposition takes.
    package var timeStretch: Double
    /// `tm`: a precomposition's time in seconds at each frame, replacing `st` and `sr`.
    package var timeRemap: LottieProperty<Double>?
    /// `tr`: the group's transform and opacity.
    package var transform: LottieTransform
    /// `ao`: turns the layer along its motion path.
    package var autoOrient: Bool
    /// `hd`: not drawn (it still parents).
    package var isHidden: Bool
    /// `ddd`: a 3D layer.
    package var is3D: Bool
    /// `td`: this layer is some layer's track matte.
    package var isMatteSource: Bool
    /// `tt`: the layer is matted by the layer before it (or by `tp`).
    package var matteMode: MatteMode?
    /// `tp`: the `ind` of the matte layer (newer files); nil: the layer just before.
    package var matteParent: Int?
    /// `masksProperties`.
    package var masks: [LottieMask]
    /// `bm`: how the layer combines with what is beneath it.
    package var blendMode: BlendMode = .normal
    /// `ef`: the enabled effects Strata draws, in order.
    package var effects: [LottieEffect] = []
}

/// A layer mask (`masksProperties[i]`).
package struct LottieMask: Equatable, Sendable {
    /// `mode`: how the mask combines with the ones before it.
    package enum Mode: String, Equatable, Sendable {
        case none = "n", add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f"
    }
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `mode`.
    package var mode: Mode
    /// `inv`: the mask covers what is outside its path.
    package var inverted: Bool
    /// `ks`: the outline.
    package var shape: LottieProperty<LottieBezier>
    /// `o`: percent.
    package var opacity: LottieProperty<Double>
    /// `x`: how far the outline is moved out (in, where negative), with round corners.
    package var expansion: LottieProperty<Double> = LottieProperty(0)
}

/// An asset: a precomposition's layers, or an image.
package enum LottieAsset: Equatable, Sendable {
    case precomposition(layers: [LottieLayer], frameRate: Double?)
    /// An image: `data` when embedded (`data:` URL, base64), else `file` relative to the animation.
    case image(width: Double, height: Double, file: String?, data: Data?)
}

/// A composition marker (`markers[i]`).
public struct LottieMarker: Equatable, Sendable {
    /// `nm`.
    public var name: String
    /// `tm`: its first frame.
    public var time: Double
    /// `dr`: frames.
    public var duration: Double
}
