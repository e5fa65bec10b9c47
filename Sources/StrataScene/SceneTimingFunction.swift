import Foundation
import Strata

/// A timing function as a scene file gives it: a name, or four control points.
///
/// The names are Core Animation's `CAMediaTimingFunctionName`s; their curves are
/// Apple's cubic Béziers (see ``controlPoints``).
public enum SceneTimingFunction: Equatable, Sendable {
    /// (0, 0, 1, 1).
    case linear
    /// (0.42, 0, 1, 1).
    case easeIn
    /// (0, 0, 0.58, 1).
    case easeOut
    /// (0.42, 0, 0.58, 1).
    case easeInEaseOut
    /// (0.25, 0.1, 0.25, 1): what implicit animations use.
    case `default`
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    case controlPoints(Double, Double, Double, Double)

    /// The Bézier's control points `(x1, y1, x2, y2)`.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        case let .controlPoints(x1, y1, x2, y2): return (x1, y1, x2, y2)
        }
    }

    /// The names a scene file may use.
    static let names: KeyValuePairs<String, SceneTimingFunction> = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// The timing function as scene JSON: its name, or its four numbers.
    public var json: JSONValue {
        if case let .controlPoints(x1, y1, x2, y2) = self {
            return .array([.number(x1), .number(y1), .number(x2), .number(y2)])
        }
        return .string(SceneTimingFunction.names.first { $0.value == self }?.key ?? "default")
    }
}
