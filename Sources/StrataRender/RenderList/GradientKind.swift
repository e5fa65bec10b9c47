import Foundation
import Strata

/// The geometry of a gradient fill (``DrawItem/Content/gradient(ramp:type:start:end:)``).
package enum GradientKind: String, Hashable, Sendable {
    /// Along the line from the start to the end.
    case axial
    /// An ellipse centred on the start reaching the end.
    case radial
    /// Around the start, beginning towards the end.
    case conic

    /// The geometry a gradient layer's content asks for (an unknown type draws axial).
    package init(_ gradient: GradientContent) {
        switch gradient.type {
        case .radial: self = .radial
        case .conic: self = .conic
        default: self = .axial
        }
    }
}
