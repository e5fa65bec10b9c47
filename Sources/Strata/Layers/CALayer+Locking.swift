import Foundation

// How layers are made safe to use from several threads: see `TransactionLock`.

extension CALayer {
    /// Runs `body`, which reads this layer's own stored properties, under the
    /// transaction lock; a presentation copy needs none (it is not changed
    /// once handed out), so the renderer's reads of copies cost one branch,
    /// nor does a thread the lock is lent to (`TransactionLock.lending`).
    ///
    /// Not for code that follows `_superlayer` or `_maskedLayer` links: a
    /// later tick or `presentation()` relinks shared copies, so that takes
    /// the lock always (``withTreeLock(_:)``).
    @inline(__always)
    func withStateLock<T>(_ body: () throws -> T) rethrows -> T {
        if _isPresentationCopy || TransactionLock.isLentToThisThread { return try body() }
        return try TransactionLock.shared.withLock(body)
    }

    /// Runs `body` under the transaction lock, copy or not: for reads that
    /// walk the tree's links and for every change.
    @inline(__always)
    func withTreeLock<T>(_ body: () throws -> T) rethrows -> T {
        try TransactionLock.shared.withLock(body)
    }

    /// Runs `body`, which reads the layers of the trees under `roots` as the
    /// renderer does (their `_state`, `_sublayers` and `_mask` directly, no
    /// getter per property): under the transaction lock, unless every root is
    /// a presentation copy (a tree of copies is copies throughout and is not
    /// changed once handed out, so it needs none).
    package static func readingTrees<T>(_ roots: [CALayer], _ body: () throws -> T) rethrows -> T {
        if roots.allSatisfy(\._isPresentationCopy) { return try body() }
        return try TransactionLock.shared.withLock(body)
    }
}
