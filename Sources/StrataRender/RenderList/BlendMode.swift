import Foundation
import Strata

/// How an item combines with what is beneath it (premultiplied colours):
/// a layer's `compositingFilter`. Only operators that leave the destination
/// alone where the source is transparent are here (an item draws only its own quad).
///
/// The first few are blend functions. The W3C blend modes from ``overlay`` on
/// read the backdrop's colour (``readsBackdrop``): the renderer copies what
/// is under the item to a texture first and the layer program mixes the two.
package enum BlendMode: UInt8, Hashable, Sendable, CaseIterable {
    /// Source over (every layer without a compositing filter).
    case normal = 0
    /// Porter–Duff xor: source outside the destination, destination outside the source.
    case xor
    /// The destination outside the source (the source erases).
    case destinationOut
    /// The source inside the destination, over it.
    case sourceAtop
    /// Source plus destination (`plusL`).
    case plusLighter
    /// Multiply (exact over an opaque destination).
    case multiply
    /// Screen.
    case screen
    /// Hard light with source and backdrop swapped.
    case overlay
    /// The darker of source and backdrop, per channel.
    case darken
    /// The lighter of source and backdrop, per channel.
    case lighten
    /// The backdrop brightened to reflect the source.
    case colorDodge
    /// The backdrop darkened to reflect the source.
    case colorBurn
    /// Multiply or screen, by the source.
    case hardLight
    /// A softer hard light (the W3C formula).
    case softLight
    /// The absolute difference, per channel.
    case difference
    /// Like difference, lower in contrast.
    case exclusion
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity

    /// The mode for a layer's `compositingFilter`: Core Animation's filter
    /// names; nil (source over) for none or a name Strata does not know.
    package init?(compositingFilter: Any?) {
        guard let name = compositingFilter as? String else { return nil }
        switch name {
        case "xor": self = .xor
        case "destOut", "destinationOut": self = .destinationOut
        case "sourceAtop": self = .sourceAtop
        case "plusL", "plusLighter", "additionCompositing": self = .plusLighter
        case "multiplyBlendMode", "multiply": self = .multiply
        case "screenBlendMode", "screen": self = .screen
        case "overlayBlendMode", "overlay": self = .overlay
        case "darkenBlendMode", "darken": self = .darken
        case "lightenBlendMode", "lighten": self = .lighten
        case "colorDodgeBlendMode", "colorDodge": self = .colorDodge
        case "colorBurnBlendMode", "colorBurn": self = .colorBurn
        case "hardLightBlendMode", "hardLight": self = .hardLight
        case "softLightBlendMode", "softLight": self = .softLight
        case "differenceBlendMode", "difference": self = .difference
        case "exclusionBlendMode", "exclusion": self = .exclusion
        case "hueBlendMode", "hue": self = .hue
        case "saturationBlendMode", "saturation": self = .saturation
        case "colorBlendMode", "color": self = .color
        case "luminosityBlendMode", "luminosity": self = .luminosity
        default: return nil
        }
    }

    /// The name in render list dumps.
    package var name: String {
        switch self {
        case .normal: return "normal"
        case .xor: return "xor"
        case .destinationOut: return "destOut"
        case .sourceAtop: return "sourceAtop"
        case .plusLighter: return "plusL"
        case .multiply: return "multiply"
        case .screen: return "screen"
        case .overlay: return "overlay"
        case .darken: return "darken"
        case .lighten: return "lighten"
        case .colorDodge: return "colorDodge"
        case .colorBurn: return "colorBurn"
        case .hardLight: return "hardLight"
        case .softLight: return "softLight"
        case .difference: return "difference"
        case .exclusion: return "exclusion"
        case .hue: return "hue"
        case .saturation: return "saturation"
        case .color: return "color"
        case .luminosity: return "luminosity"
        }
    }

    /// Whether the mode needs the colour beneath it in the shader (no blend
    /// function can do it): its draws are planned with a backdrop copy.
    package var readsBackdrop: Bool { rawValue >= BlendMode.overlay.rawValue }

    /// The mode's number in `Shaders/blend.glsl` (`u_blendMode`); 0 for the
    /// modes drawn with blend functions.
    package var shaderCode: Int32 {
        readsBackdrop ? Int32(rawValue - BlendMode.overlay.rawValue + 1) : 0
    }
}
