import Foundation

/// What a `CAGradientLayer` draws: the values its gradient is made of.
package struct GradientContent: Hashable, Sendable {
    /// The colours (entries of `colors` that are not `CGColor`s are skipped).
    package var colors: [CGColor]
    /// Where each colour sits (0...1); nil spaces them evenly.
    package var locations: [Double]?
    /// The start and end, in unit coordinates of the bounds.
    package var startPoint: CGPoint
    package var endPoint: CGPoint
    package var type: CAGradientLayerType
    /// A radial gradient's focal point (see `CAGradientLayer.radialFocus`).
    package var radialFocus: CGPoint

    package init(
        colors: [CGColor], locations: [Double]?, startPoint: CGPoint, endPoint: CGPoint,
        type: CAGradientLayerType, radialFocus: CGPoint = .zero
    ) {
        self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint; self.type = type
        self.radialFocus = radialFocus
    }
}
