import Foundation

/// A `CAShapeLayer`'s own properties as one value (see `LayerState`), with Core Animation's defaults.
package struct ShapeLayerState {
    package var path: CGPath? = nil
    package var fillColor: CGColor? = .black
    package var fillRule = CAShapeLayerFillRule.nonZero
    package var strokeColor: CGColor? = nil
    package var lineWidth: CGFloat = 1
    package var lineCap = CAShapeLayerLineCap.butt
    package var lineJoin = CAShapeLayerLineJoin.miter
    package var miterLimit: CGFloat = 10
    package var lineDashPattern: [NSNumber]? = nil
    package var lineDashPhase: CGFloat = 0
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1

    package init() {}
}

extension ShapeLayerState: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout ShapeLayerState) -> R) -> R {
        let layer = unsafeDowncast(layer, to: CAShapeLayer.self)
        return body(&layer._shape)
    }
}
