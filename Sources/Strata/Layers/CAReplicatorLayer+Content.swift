import Foundation

extension CAReplicatorLayer {
    /// The instances as values (see ``CALayer/drawnContent``); which
    /// sublayers each instance draws is `sublayers(ofInstance:)`.
    package var replicatorContent: ReplicatorContent {
        withStateLock {
            let r = _replicator
            return ReplicatorContent(
                instanceCount: r.instanceCount, instanceTransform: r.instanceTransform,
                instanceColor: r.instanceColor, instanceRedOffset: r.instanceRedOffset,
                instanceGreenOffset: r.instanceGreenOffset, instanceBlueOffset: r.instanceBlueOffset,
                instanceAlphaOffset: r.instanceAlphaOffset, preservesDepth: r.preservesDepth)
        }
    }
}
