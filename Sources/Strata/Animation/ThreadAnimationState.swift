import Foundation

/// The per-thread Core Animation state: the stack of open transactions, the
/// animations waiting for the outermost commit, and the thread's current clock.
///
/// Core Animation's transactions are per thread; keeping this state in
/// thread-local storage is both what CA does and what lets tests (each a
/// synchronous function on one thread) run in parallel without sharing it.
/// Only the owning thread touches an instance, so it needs no lock of its
/// own; what a commit does to layers and animations it does under the
/// transaction lock (``TransactionLock``).
final class ThreadAnimationState {
    /// Open transactions, outermost first. The implicit transaction, when
    /// open, is always at index 0.
    var frames: [TransactionFrame] = []
    /// Animations added since the outermost transaction opened, with their
    /// layers (held until then); their begin times are fixed when it commits.
    var pendingEntries: [(entry: AnimationEntry, layer: CALayer)] = []
    /// Animations removed since the last outermost commit, whose delegates
    /// and completion groups hear about it at that commit.
    var removedEntries: [AnimationEntry] = []
    /// The clock `CACurrentMediaTime()` reads on this thread (nil: real time).
    var currentClock: CAMediaClock?
    /// The tree the last `presentation()` on this thread sampled, kept alive
    /// until the next call so presentation layers' superlayers stay valid
    /// (the copies' links upwards are weak, as all superlayer links are).
    var lastPresentationTree: CALayer?
    /// Above 0 while a subclass's `init(layer:)` makes a presentation copy:
    /// what it sets on the copy runs no action and queues no display.
    var makingPresentationCopies = 0
    /// Names the outermost transaction now open (or the next to open):
    /// changed at each outermost commit, and unique across threads, so a
    /// layer can tell whether the copy it keeps in `_shownBeforeChange` is
    /// from before this transaction's changes.
    private(set) var transactionEpoch = ThreadAnimationState.newEpoch()
    /// For layers changed without an animation since the outermost
    /// transaction opened that had no drawn copy to keep: what each changed
    /// property showed before the first such change (the layers are held
    /// until the commit, so the identifiers stay theirs).
    private var valuesShownBeforeChange: [ObjectIdentifier: (layer: CALayer, values: [String: AnimValue])] = [:]
    /// The sizes of the layers whose `bounds` is being changed on this thread,
    /// from before the change (innermost last): `CALayer.changeValue` looks
    /// the action up before the change and runs it after, and the
    /// autoresizing after it needs the old size (see `CALayer+Actions.swift`).
    var boundsBeforeChange: [(layer: ObjectIdentifier, size: CGSize)] = []
    /// The display links this thread's frame loop fires (made on first use).
    lazy var displayLinks = DisplayLinkScheduler()

    /// The calling thread's state, created on first use.
    static var current: ThreadAnimationState {
        if let raw = pthread_getspecific(threadStateKey) {
            return Unmanaged<ThreadAnimationState>.fromOpaque(raw).takeUnretainedValue()
        }
        let state = ThreadAnimationState()
        pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// The innermost transaction, opening the implicit one when none is open
    /// (as any change to a layer does in Core Animation).
    @inline(__always)
    var innermostFrame: TransactionFrame {
        if let frame = frames.last { return frame }
        let implicit = TransactionFrame(isImplicit: true)
        frames.append(implicit)
        return implicit
    }

    /// Whether a transaction (explicit or implicit) is open.
    var hasOpenTransaction: Bool { !frames.isEmpty }

    /// The innermost value of `get` among the open transactions (innermost wins).
    @inline(__always)
    func innermost<T>(_ get: (TransactionFrame) -> T?) -> T? {
        var i = frames.count - 1
        while i >= 0 {
            if let value = get(frames[i]) { return value }
            i -= 1
        }
        return nil
    }

    /// Whether actions are disabled in the current transaction stack.
    @inline(__always)
    var actionsDisabled: Bool {
        if frames.isEmpty { return false }
        return innermost { $0.disableActions } ?? false
    }

    // MARK: Begin and commit

    /// Opens an explicit transaction.
    func begin() {
        frames.append(TransactionFrame(isImplicit: false))
    }

    /// Commits the innermost transaction; at the outermost commit fixes the
    /// begin times of the animations added and delivers removals.
    func commitInnermost() {
        guard let frame = frames.popLast() else { return }
        if frames.isEmpty { finishOutermostCommit() }
        // The completion group is sealed last: its block may change layers
        // and so open a new implicit transaction, which must not be this one.
        frame.completionGroup?.seal()
    }

    /// Commits the implicit transaction if it is the only one open (what a
    /// frame tick and `CATransaction.flush()` do). Explicit transactions left
    /// open are not committed, as in Core Animation.
    func commitImplicitIfOpen() {
        if frames.count == 1, frames[0].isImplicit {
            commitInnermost()
        } else if frames.isEmpty {
            finishOutermostCommit()
        }
    }

    /// Registers an animation just added to a layer: it joins the completion
    /// group of every open transaction that has one and waits for the commit.
    func animationAdded(_ entry: AnimationEntry, to layer: CALayer) {
        _ = innermostFrame
        pendingEntries.append((entry, layer))
        // Innermost first, so that when the animation ends the innermost
        // transaction's completion block runs before the outer ones.
        for frame in frames.reversed() {
            if let group = frame.completionGroup { group.add(entry) }
        }
    }

    /// Registers an animation removed from a layer before it finished.
    func animationRemoved(_ entry: AnimationEntry) {
        _ = innermostFrame
        removedEntries.append(entry)
    }

    /// Keeps `shown()`, the value `property` of `layer` shows before a change,
    /// unless a value is already kept for it in this transaction.
    func keepValueShownBeforeChange(of property: LayerProperty, on layer: CALayer, _ shown: () -> AnimValue) {
        let id = ObjectIdentifier(layer)
        if valuesShownBeforeChange[id]?.values[property.key] != nil { return }
        valuesShownBeforeChange[id, default: (layer, [:])].values[property.key] = shown()
    }

    /// The value kept by `keepValueShownBeforeChange` for `property` of `layer`, if any.
    func valueShownBeforeChange(of property: LayerProperty, on layer: CALayer) -> AnimValue? {
        valuesShownBeforeChange[ObjectIdentifier(layer)]?.values[property.key]
    }

    /// Commits every transaction the exiting thread left open, so the
    /// animations added in them start and their completion blocks can run
    /// (Core Animation warns about such a thread and commits them too).
    func commitAtThreadExit() {
        TransactionLock.shared.withLock {
            // A completion block may change layers and so open another
            // implicit transaction: commit that too, a bounded number of times.
            var rounds = 0
            while !frames.isEmpty, rounds < 64 {
                commitInnermost()
                rounds += 1
            }
        }
    }

    private func finishOutermostCommit() {
        // The changes are committed: what is on screen from now on is the new model.
        if !valuesShownBeforeChange.isEmpty { valuesShownBeforeChange = [:] }
        transactionEpoch = Self.newEpoch()
        let added = pendingEntries
        pendingEntries = []
        var clockTimes: (clock: CAMediaClock, time: CFTimeInterval)?
        for (entry, layer) in added where !entry.isRemoved { entry.commit(on: layer, clockTimes: &clockTimes) }
        let removed = removedEntries
        removedEntries = []
        for entry in removed { entry.deliverRemoval() }
    }
}

extension ThreadAnimationState {
    private static let epochLock = NSLock()
    nonisolated(unsafe) private static var lastEpoch: UInt64 = 0

    /// A transaction epoch no thread has had (once per outermost commit).
    static func newEpoch() -> UInt64 {
        epochLock.withLock {
            lastEpoch += 1
            return lastEpoch
        }
    }
}

/// The thread-local slot holding each thread's ``ThreadAnimationState``
/// (committed and released when the thread exits).
private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        guard let raw else { return }
        threadStateDidExit(raw)
    }
    precondition(status == 0, "Strata: pthread_key_create failed (\(status))")
    return key
}()

/// Commits and releases an exiting thread's state.
private func threadStateDidExit(_ raw: UnsafeMutableRawPointer) {
    // The slot reads nil in a destructor: put the state back while it
    // commits, so code run by the commit finds this thread's state.
    pthread_setspecific(threadStateKey, raw)
    Unmanaged<ThreadAnimationState>.fromOpaque(raw).takeUnretainedValue().commitAtThreadExit()
    pthread_setspecific(threadStateKey, nil)
    Unmanaged<ThreadAnimationState>.fromOpaque(raw).release()
}

/// One open transaction: the values set in it and its completion group.
final class TransactionFrame {
    /// Whether this is the implicit transaction (opened by a change, committed by the next tick).
    let isImplicit: Bool
    /// `kCATransactionDisableActions`, when set in this transaction.
    var disableActions: Bool?
    /// `kCATransactionAnimationDuration`, when set in this transaction.
    var animationDuration: CFTimeInterval?
    /// `kCATransactionAnimationTimingFunction`, when set (nil inside: set to nil).
    var animationTimingFunction: CAMediaTimingFunction??
    /// The group the completion block set in this transaction waits on.
    var completionGroup: CompletionGroup?
    /// Other keys set with `CATransaction.setValue(_:forKey:)`.
    var otherValues: [String: Any?] = [:]

    init(isImplicit: Bool) { self.isImplicit = isImplicit }

    /// Replaces the completion block: the previous group is sealed (it runs
    /// once its animations are done, or now if it has none), as CA documents.
    func setCompletionBlock(_ block: (() -> Void)?) {
        if let old = completionGroup {
            completionGroup = nil
            old.seal()
        }
        if let block { completionGroup = CompletionGroup(block: block) }
    }
}

/// A transaction's completion block and the animations it waits for.
///
/// The block runs once, when the group is sealed (its transaction committed
/// or its block replaced) and every animation in it has finished or been removed.
final class CompletionGroup {
    let block: () -> Void
    private var pending = 0
    private var sealed = false
    private var fired = false

    init(block: @escaping () -> Void) { self.block = block }

    /// Adds an animation the block waits for.
    func add(_ entry: AnimationEntry) {
        precondition(!sealed, "CATransaction: animation added to a sealed completion group")
        pending += 1
        entry.completionGroups.append(self)
    }

    /// Stops accepting animations; runs the block now if none is pending.
    func seal() {
        sealed = true
        fireIfDone()
    }

    /// One animation finished or was removed.
    func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending == 0, !fired else { return }
        fired = true
        block()
    }
}
