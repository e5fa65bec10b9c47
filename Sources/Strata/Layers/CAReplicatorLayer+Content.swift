import Foundation

extension CAReplicatorLayer {
    /// The instances as values (see ``CALayer/drawnContent``): on a
    /// presentation copy with an `instanceDelay`, with the sublayers of each
    /// delayed instance.
    package var replicatorContent: ReplicatorContent {
        withStateLock {
            ReplicatorContent(instanceCount: instanceCount, instanceTransform: instanceTransform,
                              instanceColor: instanceColor, instanceRedOffset: instanceRedOffset,
                              instanceGreenOffset: instanceGreenOffset, instanceBlueOffset: instanceBlueOffset,
                              instanceAlphaOffset: instanceAlphaOffset, preservesDepth: preservesDepth,
                              sublayers: sublayers ?? [], delayedInstances: _delayedInstances)
        }
    }
}
