import Foundation

/// A `CAReplicatorLayer`'s own properties as one value (see `LayerState`), with Core Animation's defaults.
package struct ReplicatorLayerState {
    package var instanceCount = 1
    package var preservesDepth = false
    package var instanceDelay: CFTimeInterval = 0
    package var instanceTransform = CATransform3DIdentity
    package var instanceColor: CGColor? = .white
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0

    package init() {}
}

extension ReplicatorLayerState: LayerStateStorage {
    @inline(__always)
    static func withValue<R>(in layer: CALayer, _ body: (inout ReplicatorLayerState) -> R) -> R {
        let layer = unsafeDowncast(layer, to: CAReplicatorLayer.self)
        return body(&layer._replicator)
    }
}
