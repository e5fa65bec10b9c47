import Foundation

/// A `CAGradientLayer`'s own properties as one value (see `LayerState`), with Core Animation's defaults.
package struct GradientLayerState {
    package var colors: [Any]? = nil
    package var locations: [NSNumber]? = nil
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type = CAGradientLayerType.axial
    package var radialFocus = CGPoint.zero

    package init() {}
}

extension GradientLayerState: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout GradientLayerState) -> R) -> R {
        let layer = unsafeDowncast(layer, to: CAGradientLayer.self)
        return body(&layer._gradient)
    }
}
