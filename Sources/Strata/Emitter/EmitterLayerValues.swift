import Foundation

/// The emission properties of a `CAEmitterLayer` (not its cells), with Core
/// Animation's defaults.
struct EmitterLayerValues {
    var birthRate: Float = 1
    var lifetime: Float = 1
    var emitterPosition = CGPoint.zero
    var emitterZPosition: CGFloat = 0
    var emitterSize = CGSize.zero
    var emitterDepth: CGFloat = 0
    var emitterShape = CAEmitterLayerEmitterShape.point
    var emitterMode = CAEmitterLayerEmitterMode.volume
    var renderMode = CAEmitterLayerRenderMode.unordered
    var preservesDepth = false
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
}

/// An emitter frozen at one moment: the layer's emission values and its cells.
struct EmitterSnapshot {
    var layer: EmitterLayerValues
    var cells: [EmitterCellSnapshot]
}
