import Foundation
import Strata

/// The cached looks of a kept snapshot's layers from earlier frames, by
/// node: a layer whose look has not changed since (its node's `lookVersion`
/// is the one recorded: it only moved) is drawn from its look's key without
/// building its items again (see `FlattenState.visit`). Every card of an
/// animated grid, every frame.
///
/// Valid only with the snapshot it was recorded from, under the same
/// flattening settings (`SnapshotStore` keeps both).
final class AppearanceMemo {
    /// What a layer's look was drawn as.
    struct Entry {
        /// The node's `lookVersion` when it was recorded (another layer in
        /// the node's place has another).
        let lookVersion: UInt64
        let key: AppearanceKey
        /// The part of its plane the look covers.
        let reach: CGRect
    }

    private var entries: [Entry?] = []
    /// How many items the last list flattened with this memo drew on screen:
    /// the next list's array is made that large at once, not grown by
    /// doubling (each growth copied every item made so far, every frame).
    var screenItemCount = 0

    /// The entry of `node` when it still holds the look recorded (see the type's notes).
    func entry(of node: Int, in nodes: UnsafeBufferPointer<LayerSnapshotNode>) -> Entry? {
        guard node < entries.count, let entry = entries[node], entry.lookVersion == nodes[node].lookVersion
        else { return nil }
        return entry
    }

    func record(_ entry: Entry, of node: Int) {
        if node >= entries.count { entries.append(contentsOf: repeatElement(nil, count: node + 1 - entries.count)) }
        entries[node] = entry
    }

    func forget(_ node: Int) {
        if node < entries.count { entries[node] = nil }
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
