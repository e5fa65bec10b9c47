import Foundation

extension CAReplicatorLayer {
    /// The instances as values (see ``CALayer/drawnContent``): on a
    /// presentation copy with an `instanceDelay`, with the sublayers of each
    /// delayed instance.
    package var replicatorContent: ReplicatorContent {
        withStateLock {
            let r = _replicator
            return ReplicatorContent(instanceCount: r.instanceCount, instanceTransform: r.instanceTransform,
                                     instanceColor: r.instanceColor, instanceRedOffset: r.instanceRedOffset,
                                     instanceGreenOffset: r.instanceGreenOffset, instanceBlueOffset: r.instanceBlueOffset,
                                     instanceAlphaOffset: r.instanceAlphaOffset, preservesDepth: r.preservesDepth,
                                     sublayers: _sublayers, delayedInstances: _delayedInstances)
        }
    }
}
