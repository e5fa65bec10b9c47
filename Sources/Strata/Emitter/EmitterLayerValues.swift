import Foundation

/// The emission properties of a `CAEmitterLayer` (not its cells), with Core
/// Animation's defaults.
package struct EmitterLayerValues {
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape = CAEmitterLayerEmitterShape.point
    package var emitterMode = CAEmitterLayerEmitterMode.volume
    package var renderMode = CAEmitterLayerRenderMode.unordered
    package var preservesDepth = false
    package var velocity: Float = 1
    package var scale: Float = 1
    package var spin: Float = 1
    package var seed: UInt32 = 0
}

extension EmitterLayerValues: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout EmitterLayerValues) -> R) -> R {
        let layer = unsafeDowncast(layer, to: CAEmitterLayer.self)
        return body(&layer._emitter)
    }
}

/// An emitter frozen at one moment: the layer's emission values and its cells.
package struct EmitterSnapshot {
    package var layer: EmitterLayerValues
    package var cells: [EmitterCellSnapshot]
}
