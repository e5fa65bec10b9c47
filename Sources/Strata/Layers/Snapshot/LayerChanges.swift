import Foundation

/// What differs in a ``LayerSnapshotNode`` from the node in its place in the
/// snapshot it was updated from (everything, for a node that is new).
package struct LayerChanges: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A property in `LayerState`, or the name.
    package static let state = LayerChanges(rawValue: 1 << 0)
    /// A property that may change how the layer looks in its own plane: any
    /// but those that only place it (`LayerState.placementSpans`: position,
    /// zPosition, anchorPoint, anchorPointZ, transform) and the name. Comes
    /// with `state`; a renderer may keep a layer's look while it is not set.
    package static let look = LayerChanges(rawValue: 1 << 4)
    /// What the layer's class draws (`LayerContent`).
    package static let content = LayerChanges(rawValue: 1 << 1)
    /// Another layer in this place, or another superlayer, sublayer order,
    /// mask, transition or set of instance sublayers.
    package static let structure = LayerChanges(rawValue: 1 << 2)
    /// The node or a node it draws changed (sublayers, mask, a transition's
    /// old tree, the sublayers of delayed replicator instances).
    package static let subtree = LayerChanges(rawValue: 1 << 3)

    /// Changes of the node itself.
    package static let own: LayerChanges = [.state, .look, .content, .structure]
}
