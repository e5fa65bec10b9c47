import Foundation
import Strata

/// The layer-tree snapshot a flattener updates frame after frame: its nodes
/// and their storage are reused, and most of a tree is the same from one
/// frame to the next.
final class SnapshotStore: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshot = LayerTreeSnapshot()

    /// Runs `body` with the snapshot updated to `roots`. While another thread
    /// uses the kept one (copies of a flattener share it), with a fresh one.
    func withSnapshot<R>(of roots: [CALayer], _ body: (LayerTreeSnapshot) -> R) -> R {
        guard lock.try() else { return body(LayerTreeSnapshot(roots)) }
        defer { lock.unlock() }
        snapshot.update(from: roots)
        return body(snapshot)
    }
}
