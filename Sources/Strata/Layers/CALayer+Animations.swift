import Foundation

/// A layer's animation bookkeeping, allocated only for layers that have
/// animations, a clock or extra KVC values (most layers have none, and pay
/// one nil check).
final class LayerAnimationState {
    /// Attached animations, in the order they were added (and are applied).
    var entries: [AnimationEntry] = [] {
        didSet {
            generation &+= 1
            entriesObserver?(oldValue, entries)
        }
    }
    /// Told of every change of `entries`, old and new (an emitter layer keeps
    /// the history of the animations of its emission, removed ones included).
    var entriesObserver: (([AnimationEntry], [AnimationEntry]) -> Void)?
    /// Changes with every change of `entries` (a reused presentation copy
    /// knows from it whether last frame's animations are this frame's).
    private(set) var generation: UInt64 = 0
    /// A local time before which no attached animation starts or ends, as
    /// of `quietGeneration` (see `advanceAnimations`).
    var quietUntil = -Double.infinity
    var quietGeneration: UInt64 = 0
    /// The clock of the tree this layer is the root of.
    var clock: CAMediaClock?
    /// Values set with `setValue(_:forKey:)` for keys that are not properties.
    var extraValues: [String: Any] = [:]
    /// The `generation` the two below were worked out for (nil: never).
    var animatedDisplayGeneration: UInt64?
    /// Whether `entries` animate a key the layer's class redisplays for.
    var animatedDisplayRedraws = false
    /// The properties `entries` animate (nil when one cannot be read: every frame draws).
    var animatedDisplayProperties: [LayerProperty]?
    /// The animations as plain values, when they are all numbers written into
    /// plain state bytes (see `NumberAnimationPlan`), and the generation it was
    /// looked for (a plan nil for the current generation: they are not).
    var numberPlan: (generation: UInt64, plan: NumberAnimationPlan?)?
    /// The last drawing of a presentation copy and the animated values it was
    /// drawn with: a copy showing the same values (a filled animation that
    /// has ended) shows it again. Any change of the model drops it.
    var presentationDrawing: (values: [AnimValue], contents: Any?)?
}

/// One animation attached to a layer: the private copy, its compiled form
/// and where it is in its life (added, committed, started, finished, removed).
final class AnimationEntry {
    let key: String?
    /// The copy `add(_:forKey:)` made; what `animation(forKey:)` returns.
    let animation: CAAnimation
    /// Compiled on first use; the copy does not change after it is attached.
    private var compiled: AnimationEvaluator?
    /// Whether the transaction that added it has committed (its begin time is fixed).
    private(set) var isCommitted = false
    /// The animation's begin time once committed (read every frame: kept
    /// here, not asked of the animation through its overridable property).
    private(set) var committedBegin: CFTimeInterval = 0
    var didStart = false
    var isFinished = false
    private(set) var isRemoved = false
    /// Completion groups of the transactions open when it was added, innermost first.
    var completionGroups: [CompletionGroup] = []

    init(key: String?, animation: CAAnimation) {
        self.key = key
        self.animation = animation
    }

    /// The compiled animation for `layer` (the model layer or a presentation copy of it).
    func evaluator(for layer: CALayer) -> AnimationEvaluator {
        if let compiled { return compiled }
        let made = animation.makeEvaluator(for: layer)
        compiled = made
        return made
    }

    /// The begin time to sample with: the committed one, or `now` (the
    /// layer's local time) while the transaction that added it is open, so
    /// the animation shows its start rather than the new model value.
    @inline(__always)
    func begin(orNow now: CFTimeInterval) -> CFTimeInterval { isCommitted ? committedBegin : now }

    /// The outermost transaction committed: a begin time of 0 becomes the
    /// layer's current local time, as in Core Animation.
    func commit(on layer: CALayer, clockTimes: inout (clock: CAMediaClock, time: CFTimeInterval)?) {
        guard !isCommitted else { return }
        isCommitted = true
        if animation.beginTime == 0 {
            // Most animations in a commit share one clock: read it once.
            let clock = layer.mediaClock
            let now: CFTimeInterval
            if let memo = clockTimes, memo.clock === clock {
                now = memo.time
            } else {
                now = clock.currentTime
                clockTimes = (clock, now)
            }
            animation.beginTime = layer.localTime(atGlobal: now)
        }
        committedBegin = animation.beginTime
    }

    /// Marks the entry removed (before it finished); it is reported at the next commit.
    func markRemoved() {
        guard !isRemoved else { return }
        isRemoved = true
        if !isFinished { ThreadAnimationState.current.animationRemoved(self) }
    }

    /// Tells the delegate and the completion groups that the animation was removed early.
    func deliverRemoval() {
        if isCommitted { animation.delegate?.animationDidStop(animation, finished: false) }
        endGroups()
    }

    /// Tells the completion groups this animation is over.
    func endGroups() {
        let groups = completionGroups
        completionGroups = []
        for group in groups { group.animationEnded() }
    }
}

extension CALayer {
    /// The layer's animation state, created on first need.
    var animationState: LayerAnimationState {
        if let state = _animationState { return state }
        let state = LayerAnimationState()
        _animationState = state
        return state
    }

    /// The clock this layer's tree runs on: the root layer's, else the
    /// calling thread's current clock, else real time. Setting it on a
    /// layer sets it for the tree that layer is the root of.
    public var mediaClock: CAMediaClock {
        get {
            withTreeLock {
                var node: CALayer? = self
                while let n = node {
                    if let clock = n._animationState?.clock { return clock }
                    node = n.timingParent
                }
                return ThreadAnimationState.current.currentClock ?? .realTime
            }
        }
        set { withTreeLock { animationState.clock = newValue } }
    }

    /// Whether the layer has any attached animation.
    var hasAnimations: Bool { !(_animationState?.entries.isEmpty ?? true) }

    /// Whether this layer is a presentation copy (made by `presentation()` or `presentationTree(at:)`).
    var isPresentationCopy: Bool { _isPresentationCopy }
}
