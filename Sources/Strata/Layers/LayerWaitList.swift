import Foundation

/// Layers waiting for the next frame tick of their tree (to lay out, to
/// display), held weakly, in the order they were added.
///
/// A layer is added when its flag (`_needsLayout`, `_needsDisplay`) turns
/// on, so the list needs no set of identities to stay short: such a set
/// outlives the layers it names, and a new layer at a freed one's address
/// would be taken for it and never queued. Entries of layers that went are
/// dropped when a take looks at them, and whenever the list has doubled
/// since it was last pruned; the same live layer twice (its flag turned on,
/// off by a direct `layoutIfNeeded()` or `display()`, and on again) is kept
/// once.
///
/// A process may hold marked layers of trees it never ticks (a `Scene`'s
/// template tree, which it copies for each player). Entries found outside
/// the tree being ticked are set aside, and that tree's ticks do not look at
/// them again until a layer is linked into some tree (``linkGeneration``):
/// finding each of them outside walks it up to its root.
struct LayerWaitList {
    private struct Entry {
        weak var layer: CALayer?
    }

    /// Bumped, under the transaction lock, whenever a layer gets a superlayer
    /// or becomes a mask: the only way a layer outside a tree can come into it.
    nonisolated(unsafe) static var linkGeneration: UInt64 = 0

    private var entries: [Entry] = []
    /// Entries of layers outside the tree of `setAsideFor.root` when the link
    /// generation was `setAsideFor.generation`, in the order they were added.
    private var setAside: [Entry] = []
    private var setAsideFor: (root: ObjectIdentifier, generation: UInt64)?
    private var pruneAt = 1024

    var isEmpty: Bool { entries.isEmpty && setAside.isEmpty }

    /// Adds `layer` at the end.
    mutating func add(_ layer: CALayer) {
        entries.append(Entry(layer: layer))
        if entries.count + setAside.count >= pruneAt {
            prune()
            pruneAt = max(1024, (entries.count + setAside.count) * 2)
        }
    }

    /// Removes and returns, in order, the live layers of the tree rooted at
    /// `root` that `include` accepts (each once); the others stay.
    mutating func take(inTreeOf root: CALayer, where include: (CALayer) -> Bool = { _ in true }) -> [CALayer] {
        let key = (root: ObjectIdentifier(root), generation: Self.linkGeneration)
        if let aside = setAsideFor, aside.root != key.root || aside.generation != key.generation {
            // Another tree, or layers linked since: look at every entry again.
            entries = setAside + entries
            setAside = []
        }
        setAsideFor = key
        var taken: [CALayer] = []
        // A new entry repeating one set aside is set aside again: repeats
        // there go at the next full look or prune, without a pass over them now.
        var seen = Set<ObjectIdentifier>()
        var outside: [Entry] = []
        entries.removeAll { entry in
            guard let layer = entry.layer else { return true }
            // Live layers have distinct identities: a repeat is a duplicate.
            guard seen.insert(ObjectIdentifier(layer)).inserted else { return true }
            guard layer.rootLayer === root else {
                outside.append(entry)
                return true
            }
            guard include(layer) else { return false }
            taken.append(layer)
            return true
        }
        setAside += outside
        return taken
    }

    /// Drops the entries of layers that went, and repeats.
    private mutating func prune() {
        var seen = Set<ObjectIdentifier>()
        func drop(_ entry: Entry) -> Bool {
            guard let layer = entry.layer else { return true }
            return !seen.insert(ObjectIdentifier(layer)).inserted
        }
        setAside.removeAll(where: drop)
        entries.removeAll(where: drop)
    }
}
