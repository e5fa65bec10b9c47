import Foundation

/// Every value property of a `CAEmitterCell` (not its sub-cells), with Core
/// Animation's defaults: what a cell stores, and what the simulation reads
/// from a snapshot.
struct EmitterCellValues {
    var name: String? = nil
    var isEnabled = true
    var birthRate: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var emissionLatitude: CGFloat = 0
    var emissionLongitude: CGFloat = 0
    var emissionRange: CGFloat = 0
    var velocity: CGFloat = 0
    var velocityRange: CGFloat = 0
    var xAcceleration: CGFloat = 0
    var yAcceleration: CGFloat = 0
    var zAcceleration: CGFloat = 0
    var scale: CGFloat = 1
    var scaleRange: CGFloat = 0
    var scaleSpeed: CGFloat = 0
    var spin: CGFloat = 0
    var spinRange: CGFloat = 0
    var color: CGColor? = .white
    var redRange: Float = 0
    var greenRange: Float = 0
    var blueRange: Float = 0
    var alphaRange: Float = 0
    var redSpeed: Float = 0
    var greenSpeed: Float = 0
    var blueSpeed: Float = 0
    var alphaSpeed: Float = 0
    var contents: Any? = nil
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilter = CALayerContentsFilter.linear.rawValue
    var magnificationFilter = CALayerContentsFilter.linear.rawValue
    var minificationFilterBias: Float = 0
    // CAMediaTiming: when the cell emits, relative to its emitter (the layer,
    // or for a sub-cell the particle that emits it).
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}

/// A cell frozen at one moment: its values and its sub-cells'.
struct EmitterCellSnapshot {
    var values: EmitterCellValues
    var subcells: [EmitterCellSnapshot]
}
