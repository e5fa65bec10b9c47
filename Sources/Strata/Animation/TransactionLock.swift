import CStrataRuntime
import Foundation

/// The one lock that guards every model layer's state, the animations
/// attached to layers and the commit of transactions: what
/// `CATransaction.lock()` takes.
///
/// Core Animation lets any thread change layers, each thread in its own
/// transaction. Strata makes that safe with a single recursive lock for the
/// process, as Core Animation has one transaction lock:
///
/// - Every public read and write of a model layer takes it for the length of
///   that call (a setter holds it through its action search and the action,
///   so an implicit animation sees the value it replaces).
/// - `CATransaction.commit()` and `flush()` hold it while they start the
///   transaction's animations and deliver removals.
/// - `FrameTicker.tick(at:)` holds it for the whole tick: the commit, the
///   animations' lives and callbacks, and the sampling of the presentation
///   tree. The tree it returns is a snapshot that later changes do not touch,
///   so the renderer flattens and draws it without the lock.
/// - A model tree handed to the renderer is flattened with it held
///   (`CALayer.readingTrees`): the flattener reads layer state in place.
/// - Presentation copies are not changed once a tick or `presentation()` has
///   handed them out (bar the links between copies, which are read under the
///   lock), so reading their own properties takes no lock: the renderer's
///   per-layer reads cost one branch.
///
/// Why one lock and not one per tree: a layer moves between trees, and a
/// setter would have to find its root (walking links another thread may be
/// changing) and take two locks to move it, in some order. One lock has no
/// order to get wrong; uncontended it costs a few nanoseconds per setter, and
/// the render loop takes it once per frame.
///
/// Recursive, because actions, delegates and completion blocks run with it
/// held and may change layers themselves.
///
/// Lock order: a window host ticks inside its `withCurrent`, so its lock
/// comes before this one. Do not draw (take a host's lock) while holding
/// `CATransaction.lock()`.
final class TransactionLock: @unchecked Sendable {
    /// The process's lock.
    static let shared = TransactionLock()

    // @unchecked Sendable: the mutex is the synchronization; it is allocated
    // once and never moved (a pthread mutex must not be).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "Strata: pthread_mutex_init failed (\(status))")
    }

    /// Takes the lock (again, if this thread holds it).
    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    /// Releases one hold of the lock.
    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Whether this thread works for one that holds the lock and waits for
    /// it to finish (see `lending(_:)`): it reads layers without the lock.
    @inline(__always)
    static var isLentToThisThread: Bool { strata_is_transaction_lock_lent() != 0 }

    /// Runs `body`, a part of the work of a thread that holds the lock and
    /// waits for every part (a worker thread sampling some sublayers), as
    /// if this thread held the lock: reads of model layers take none (taking
    /// it would wait for the holder, which waits for this). Only for reading,
    /// and writing what no other part touches.
    static func lending<T>(_ body: () throws -> T) rethrows -> T {
        let was = strata_is_transaction_lock_lent()
        strata_set_transaction_lock_lent(1)
        defer { strata_set_transaction_lock_lent(was) }
        return try body()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
