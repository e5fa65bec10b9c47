import Foundation

/// Every value property of a `CAEmitterCell` (not its sub-cells), with Core
/// Animation's defaults: what a cell stores, and what the simulation reads
/// from a snapshot.
package struct EmitterCellValues {
    package var name: String? = nil
    package var isEnabled = true
    package var birthRate: Float = 0
    package var lifetime: Float = 0
    package var lifetimeRange: Float = 0
    package var emissionLatitude: CGFloat = 0
    package var emissionLongitude: CGFloat = 0
    package var emissionRange: CGFloat = 0
    package var velocity: CGFloat = 0
    package var velocityRange: CGFloat = 0
    package var xAcceleration: CGFloat = 0
    package var yAcceleration: CGFloat = 0
    package var zAcceleration: CGFloat = 0
    package var scale: CGFloat = 1
    package var scaleRange: CGFloat = 0
    package var scaleSpeed: CGFloat = 0
    package var spin: CGFloat = 0
    package var spinRange: CGFloat = 0
    package var color: CGColor? = .white
    package var redRange: Float = 0
    package var greenRange: Float = 0
    package var blueRange: Float = 0
    package var alphaRange: Float = 0
    package var redSpeed: Float = 0
    package var greenSpeed: Float = 0
    package var blueSpeed: Float = 0
    package var alphaSpeed: Float = 0
    package var contents: Any? = nil
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilter = CALayerContentsFilter.linear.rawValue
    package var magnificationFilter = CALayerContentsFilter.linear.rawValue
    package var minificationFilterBias: Float = 0

    /// Whether the cell's image is read from mip levels where a particle is
    /// drawn smaller than its pixels: its minification filter is trilinear.
    package var readsMipLevels: Bool { minificationFilter == CALayerContentsFilter.trilinear.rawValue }
    // CAMediaTiming: when the cell emits, relative to its emitter (the layer,
    // or for a sub-cell the particle that emits it).
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode = CAMediaTimingFillMode.removed

    package init() {}
}

/// A cell frozen at one moment: its values and its sub-cells'.
package struct EmitterCellSnapshot {
    package var values: EmitterCellValues
    package var subcells: [EmitterCellSnapshot]
}
