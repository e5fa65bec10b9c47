import Foundation
import Strata

/// How an item combines with what is beneath it (premultiplied colours):
/// a layer's `compositingFilter`, as fixed-function blending can do it.
/// Only operators that leave the destination alone where the source is
/// transparent are here (an item draws only its own quad).
public enum BlendMode: UInt8, Hashable, Sendable {
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

    /// The mode for a layer's `compositingFilter`: Core Animation's filter
    /// names; nil (source over) for none or a name Strata does not know.
    public init?(compositingFilter: Any?) {
        guard let name = compositingFilter as? String else { return nil }
        switch name {
        case "xor": self = .xor
        case "destOut", "destinationOut": self = .destinationOut
        case "sourceAtop": self = .sourceAtop
        case "plusL", "plusLighter", "additionCompositing": self = .plusLighter
        case "multiplyBlendMode", "multiply": self = .multiply
        case "screenBlendMode", "screen": self = .screen
        default: return nil
        }
    }

    /// The name in render list dumps.
    public var name: String {
        switch self {
        case .normal: return "normal"
        case .xor: return "xor"
        case .destinationOut: return "destOut"
        case .sourceAtop: return "sourceAtop"
        case .plusLighter: return "plusL"
        case .multiply: return "multiply"
        case .screen: return "screen"
        }
    }
}
