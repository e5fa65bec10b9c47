import Foundation

/// One layer in a ``LayerTreeSnapshot``: its state and what its class draws,
/// as values, linked to other nodes by index.
package struct LayerSnapshotNode {
    /// The layer's Core Animation properties.
    package var state: LayerState
    /// What its class draws beyond `state`.
    package var content: LayerContent
    package var kind: LayerContent.Kind
    /// Whether the layer keeps its sublayers in one 3D space with it (a
    /// transform layer, or a replicator that preserves depth): `content.preservesDepth`,
    /// stored (read for every node every frame).
    package var preservesDepth: Bool
    package var name: String?
    /// Which layer the node was copied from: compared between snapshots to
    /// keep a node in its place, never turned back into the layer.
    package var layerID: ObjectIdentifier
    /// The node whose `sublayerTransform` applies to this one (its
    /// superlayer's; −1 for roots and masks). The old tree of a transition
    /// has the superlayer of the layer it stands in for.
    package var parent: Int32 = -1
    /// The layer's bounds space → its parent's, with the parent's
    /// `sublayerTransform` (see `CALayer.transformToSuperlayer(_:)`): remade
    /// only when the node or its parent changed.
    package var toParent = CATransform3DIdentity
    /// Its sublayers in drawing order (stable by `zPosition`): a range of
    /// `LayerTreeSnapshot.links`.
    package var sublayers: Range<Int32> = 0..<0
    /// Its mask's node, or −1.
    package var mask: Int32 = -1
    /// While a `CATransition` runs on the layer: how far, and the node of the
    /// rendering from before the change.
    package var transition: Transition?
    /// For a replicator whose instances show different moments: the
    /// sublayers of instances 1, 2, … (a range of
    /// `LayerTreeSnapshot.instanceLinks`, each a range of `links`); empty
    /// when every instance draws `sublayers`.
    package var delayedInstances: Range<Int32> = 0..<0
    /// What changed since the snapshot this one was updated from.
    package var changes: LayerChanges = .own
    /// Changes whenever the node's look may have changed (a `look` or
    /// `content` change, or another layer in its place): it becomes the
    /// update's version, one per update of the snapshot and larger each
    /// time. A renderer that kept something drawn from the node's look knows
    /// from it whether that still holds, however many updates later.
    package var lookVersion: UInt64 = 0
    /// The presentation copy's state version `state` holds (0: not known;
    /// see `CALayer._stateVersion`).
    var stateVersion: UInt64 = 0
    /// Which writing of its layer's number plan `state` holds (see
    /// `NumberAnimationPlan.rewrite`; 0: none).
    var planStamp: UInt64 = 0

    package init(state: LayerState, kind: LayerContent.Kind, name: String?, layerID: ObjectIdentifier) {
        self.state = state
        self.kind = kind
        content = kind == .transformLayer ? .transformLayer : .plain
        preservesDepth = kind == .transformLayer
        self.name = name
        self.layerID = layerID
    }

    /// A transition in progress on a node.
    package struct Transition: Equatable {
        /// Type, subtype and progress (`old` is nil: see `oldNode`).
        package var frame: TransitionFrame
        /// The node of the layer's rendering from before the change, or −1.
        package var oldNode: Int32

        package static func == (a: Transition, b: Transition) -> Bool {
            a.oldNode == b.oldNode && a.frame.type == b.frame.type && a.frame.subtype == b.frame.subtype
                && a.frame.progress == b.frame.progress
        }
    }

}
