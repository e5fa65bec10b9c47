import Foundation

/// A layer of a composition (`layers[i]`).
public struct LottieLayer: Equatable, Sendable {
    /// What a layer draws.
    public enum Content: Equatable, Sendable {
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
    public enum BlendMode: Int, Equatable, Sendable {
        case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
        case hardLight, softLight, difference, exclusion, hue, saturation, color, luminosity
        case add, hardMix

        /// The `CALayer.compositingFilter` Strata draws the mode with; nil
        /// for normal and for the modes Strata cannot draw.
        public var compositingFilter: String? {
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
    public enum MatteMode: Int, Equatable, Sendable {
        case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4
    }

    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// What the layer draws.
    public var content: Content
    /// `ind`: the index other layers name as `parent`.
    public var index: Int?
    /// `parent`: the `ind` of the layer whose transform this one inherits.
    public var parent: Int?
    /// `ip`, `op`: the frames the layer shows between (both included, as rlottie and lottie-ios draw).
    public var inPoint: Double
    /// See ``inPoint``.
    public var outPoint: Double
    /// `st`: the frame a precomposition's time starts at.
    public var startTime: Double
    /// `sr`: how many frames of the parent's time each frame of a precomposition takes.
    public var timeStretch: Double
    /// `tm`: a precomposition's time in seconds at each frame, replacing `st` and `sr`.
    public var timeRemap: LottieProperty<Double>?
    /// `tr`: the group's transform and opacity.
    public var transform: LottieTransform
    /// `ao`: turns the layer along its motion path.
    public var autoOrient: Bool
    /// `hd`: not drawn (it still parents).
    public var isHidden: Bool
    /// `ddd`: a 3D layer.
    public var is3D: Bool
    /// `td`: this layer is some layer's track matte.
    public var isMatteSource: Bool
    /// `tt`: the layer is matted by the layer before it (or by `tp`).
    public var matteMode: MatteMode?
    /// `tp`: the `ind` of the matte layer (newer files); nil: the layer just before.
    public var matteParent: Int?
    /// `masksProperties`.
    public var masks: [LottieMask]
    /// `bm`: how the layer combines with what is beneath it.
    public var blendMode: BlendMode = .normal
    /// `ef`: the enabled effects Strata draws, in order.
    public var effects: [LottieEffect] = []
}

/// A layer mask (`masksProperties[i]`).
public struct LottieMask: Equatable, Sendable {
    /// `mode`: how the mask combines with the ones before it.
    public enum Mode: String, Equatable, Sendable {
        case none = "n", add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f"
    }
    /// Where the item is in the file, and its name.
    public var source: LottieSource
    /// `mode`.
    public var mode: Mode
    /// `inv`: the mask covers what is outside its path.
    public var inverted: Bool
    /// `ks`: the outline.
    public var shape: LottieProperty<LottieBezier>
    /// `o`: percent.
    public var opacity: LottieProperty<Double>
    /// `x`: how far the outline is moved out (in, where negative), with round corners.
    public var expansion: LottieProperty<Double> = LottieProperty(0)
}

/// An asset: a precomposition's layers, or an image.
public enum LottieAsset: Equatable, Sendable {
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
