import Foundation
import Strata

/// What a gradient ramp is made of: equal keys make equal ramps.
struct GradientKey: Hashable {
    var colors: [CGColor]
    var locations: [Double]?
}
