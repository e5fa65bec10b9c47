import Foundation

/// Layers waiting for the next frame tick of their tree (to lay out, to
/// display), held weakly, in the order they were added.
///
/// A layer is added when its flag (`_needsLayout`, `_needsDisplay`) turns
/// on, so the list needs no set of identities to stay short: such a set
/// outlives the layers it names, and a new layer at a freed one's address
/// would be taken for it and never queued. Entries of layers that went are
/// dropped at each take, and whenever the list has doubled since it was
/// last pruned (a process may mark layers of trees it never ticks); the
/// same live layer twice (its flag turned on, off by a direct
/// `layoutIfNeeded()` or `display()`, and on again) is kept once.
struct LayerWaitList {
    private struct Entry {
        weak var layer: CALayer?
    }

    private var entries: [Entry] = []
    private var pruneAt = 1024

    var isEmpty: Bool { entries.isEmpty }

    /// Adds `layer` at the end.
    mutating func add(_ layer: CALayer) {
        entries.append(Entry(layer: layer))
        if entries.count >= pruneAt {
            prune()
            pruneAt = max(1024, entries.count * 2)
        }
    }

    /// Removes and returns, in order, the live layers of the tree rooted at
    /// `root` that `include` accepts (each once); the others stay.
    mutating func take(inTreeOf root: CALayer, where include: (CALayer) -> Bool = { _ in true }) -> [CALayer] {
        var taken: [CALayer] = []
        var seen = Set<ObjectIdentifier>()
        entries.removeAll { entry in
            guard let layer = entry.layer else { return true }
            // Live layers have distinct identities: a repeat is a duplicate.
            guard seen.insert(ObjectIdentifier(layer)).inserted else { return true }
            guard include(layer), layer.rootLayer === root else { return false }
            taken.append(layer)
            return true
        }
        return taken
    }

    /// Drops the entries of layers that went, and repeats.
    private mutating func prune() {
        var seen = Set<ObjectIdentifier>()
        entries.removeAll { entry in
            guard let layer = entry.layer else { return true }
            return !seen.insert(ObjectIdentifier(layer)).inserted
        }
    }
}
