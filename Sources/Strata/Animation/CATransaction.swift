import Foundation

/// `CATransaction` key for the animation duration (an `NSNumber` of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// `CATransaction` key for whether implicit actions are disabled (an `NSNumber` Bool).
public let kCATransactionDisableActions = "disableActions"
/// `CATransaction` key for the timing function of the transaction's animations.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// `CATransaction` key for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer-tree changes into atomic updates and sets how they animate.
///
/// As in Core Animation: transactions are per thread and nest; a value read
/// comes from the innermost transaction that set it; the first change to a
/// layer outside any transaction opens an implicit transaction, committed at
/// the next frame tick (``FrameTicker/tick(at:)``) on the thread that ticks,
/// or by ``flush()``.
///
/// Any thread may change layers. Each change is made under one process-wide
/// lock (``lock()``), so it is never lost or torn, and the next tick draws
/// it. A transaction groups how changes animate and when its completion
/// block runs; it does not hide them from a tick on another thread until it
/// commits. To make several changes appear together, make them holding
/// ``lock()``, which the tick takes too. A thread that exits with a
/// transaction still open has it committed then (Core Animation warns and
/// does the same); a thread that ticks no tree should commit or `flush()` its
/// implicit transaction, or the animations it added wait for its exit.
/// Completion blocks and animation delegates run with the lock held: on the
/// ticking thread, or on the committing one for what a commit settles.
open class CATransaction: NSObject {
    /// Opens a transaction on the calling thread.
    open class func begin() { ThreadAnimationState.current.begin() }

    /// Commits the innermost transaction opened with `begin()`.
    ///
    /// Animations added in it start (their `beginTime` 0 becomes the current
    /// time) when the outermost transaction commits. A commit with no explicit
    /// transaction open commits the implicit one, if any.
    open class func commit() {
        TransactionLock.shared.withLock { ThreadAnimationState.current.commitInnermost() }
    }

    /// Commits the implicit transaction now, if it is the only one open.
    open class func flush() {
        TransactionLock.shared.withLock { ThreadAnimationState.current.commitImplicitIfOpen() }
    }

    /// Takes the global transaction lock (recursive): every layer change and
    /// every frame tick takes it too, so changes made holding it are seen by
    /// a tick on another thread all together or not at all.
    open class func lock() { TransactionLock.shared.lock() }

    /// Releases the lock taken by `lock()`.
    open class func unlock() { TransactionLock.shared.unlock() }

    /// The duration of animations in this transaction (default 0.25 s).
    open class func animationDuration() -> CFTimeInterval {
        ThreadAnimationState.current.innermost { $0.animationDuration } ?? 0.25
    }

    /// Sets the duration of animations in this transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        ThreadAnimationState.current.innermostFrame.animationDuration = dur
    }

    /// The timing function of animations in this transaction (nil: implicit
    /// animations use the `default` curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        ThreadAnimationState.current.innermost { $0.animationTimingFunction } ?? nil
    }

    /// Sets the timing function of animations in this transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        ThreadAnimationState.current.innermostFrame.animationTimingFunction = .some(function)
    }

    /// Whether implicit actions are suppressed in this transaction.
    open class func disableActions() -> Bool {
        ThreadAnimationState.current.actionsDisabled
    }

    /// Suppresses (or allows) implicit actions for changes in this transaction.
    open class func setDisableActions(_ flag: Bool) {
        ThreadAnimationState.current.innermostFrame.disableActions = flag
    }

    /// The completion block set in the innermost transaction that set one.
    open class func completionBlock() -> (() -> Void)? {
        ThreadAnimationState.current.innermost { $0.completionGroup?.block }
    }

    /// Sets a block that runs once every animation added to the transaction
    /// after this call (nested transactions' included) has finished or been
    /// removed; at once, when the transaction commits, if there were none.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        ThreadAnimationState.current.innermostFrame.setCompletionBlock(block)
    }

    /// The value for `key` in the innermost transaction that set it.
    open class func value(forKey key: String) -> Any? {
        let state = ThreadAnimationState.current
        switch key {
        case kCATransactionAnimationDuration:
            return state.innermost { $0.animationDuration }.map { NSNumber(value: $0) }
        case kCATransactionDisableActions:
            return state.innermost { $0.disableActions }.map { NSNumber(value: $0) }
        case kCATransactionAnimationTimingFunction:
            return state.innermost { $0.animationTimingFunction } ?? nil
        case kCATransactionCompletionBlock:
            return state.innermost { $0.completionGroup?.block }
        default:
            return state.innermost { $0.otherValues[key] } ?? nil
        }
    }

    /// Sets `key` in the innermost transaction (the kCATransaction keys set
    /// the same state as their setters).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let frame = ThreadAnimationState.current.innermostFrame
        switch key {
        case kCATransactionAnimationDuration:
            frame.animationDuration = AnimValue.double(from: anObject)
        case kCATransactionDisableActions:
            frame.disableActions = AnimValue.bool(from: anObject)
        case kCATransactionAnimationTimingFunction:
            frame.animationTimingFunction = .some(anObject as? CAMediaTimingFunction)
        case kCATransactionCompletionBlock:
            frame.setCompletionBlock(anObject as? () -> Void)
        default:
            frame.otherValues[key] = .some(anObject)
        }
    }
}
