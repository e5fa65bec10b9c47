import Foundation

/// Layer trees as a renderer reads them: a flat array of nodes linked by
/// index (superlayer, sublayers, mask, a transition's old tree, replicator
/// instances), each holding its layer's state and what its class draws as
/// values, and what changed since the last update.
///
/// A renderer reads only this: no layer objects, no downcasts, no locks.
/// Updating a snapshot from the next frame's trees reuses its nodes in place
/// (nodes are laid out in tree order, each layer's subtree after it), so
/// where the trees keep their shape every node keeps its index, and an
/// unchanged node is compared, not copied: `changes` says which differ.
package struct LayerTreeSnapshot {
    /// Every node, each tree in order: a layer, its mask's subtree, its
    /// transition's old tree, its sublayers' subtrees, its delayed instances'.
    package internal(set) var nodes: [LayerSnapshotNode] = []
    /// Sublayer lists (`LayerSnapshotNode.sublayers` are ranges of it), in drawing order.
    package internal(set) var links: [Int32] = []
    /// Sublayer lists of delayed replicator instances, as ranges of `links`.
    package internal(set) var instanceLinks: [Range<Int32>] = []
    /// The trees' root nodes, back to front.
    package internal(set) var roots: [Int32] = []
    /// Nodes with changes of their own in the last update.
    package internal(set) var changedNodeCount = 0
    /// Long sublayer lists the last update sampled on several threads.
    package internal(set) var parallelLists = 0
    /// Whether the last update changed anything: a node, the number of
    /// nodes or the roots.
    package internal(set) var hasChanges = true
    /// The last update's version (`LayerSnapshotNode.lookVersion` of the nodes whose look it changed).
    var lastLookVersion: UInt64 = 0

    package init() {}

    /// A snapshot of `roots` as they are now (pass presentation trees).
    package init(_ roots: [CALayer]) { update(from: roots) }

    /// The sublayers of `node` in drawing order.
    package func sublayers(of node: Int) -> ArraySlice<Int32> { sublayers(of: node, instance: 0) }

    /// The sublayers instance `instance` of replicator `node` draws, in
    /// drawing order (instance 0, and every instance without delays: its sublayers).
    package func sublayers(of node: Int, instance: Int) -> ArraySlice<Int32> {
        let r = instanceLinks.withUnsafeBufferPointer {
            Self.links(
                sublayers: nodes[node].sublayers, delayedInstances: nodes[node].delayedInstances,
                instance: instance, instanceLinks: $0)
        }
        return links[r]
    }

    /// Where in `links` the sublayers of instance `instance` lie, for a node
    /// with these `sublayers` and `delayedInstances` (ranges of `links` and
    /// `instanceLinks`): for readers that hold the arrays some other way.
    /// (Not generic: the flattener calls it for every layer, from another module.)
    package static func links(
        sublayers: Range<Int32>, delayedInstances: Range<Int32>, instance: Int,
        instanceLinks: UnsafeBufferPointer<Range<Int32>>
    ) -> Range<Int> {
        var r = sublayers
        if instance > 0, instance <= delayedInstances.count {
            r = instanceLinks[Int(delayedInstances.lowerBound) + instance - 1]
        }
        return Int(r.lowerBound)..<Int(r.upperBound)
    }
}
