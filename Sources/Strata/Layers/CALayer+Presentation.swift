import CStrataRuntime
import Foundation
import Synchronization

extension CALayer {
    /// A copy of the layer as it currently appears: model values with its
    /// animations applied at its tree clock's current time. Its sublayers,
    /// superlayer and mask are presentation layers too (the whole tree is
    /// sampled, and kept until the next `presentation()` call on this
    /// thread). Nil when no frame tick has drawn the layer yet, as in CA; a
    /// presentation layer returns itself.
    ///
    /// The copies are of the layers' own classes: a subclass of yours is
    /// copied with its `init(layer:)` (which must copy its own properties, as
    /// on iOS), so `presentation()` returns your class; nil for a class that
    /// declares initializers and no `init(layer:)` (iOS crashes). The renderer's trees
    /// copy a subclass of yours the same way while it has animations (so an
    /// animated property of yours reaches its presentation copy), and
    /// otherwise as its nearest Strata class, which is everything drawn.
    public func presentation() -> Self? {
        if _isPresentationCopy { return self }
        return withTreeLock {
            guard _isCommitted else { return nil }
            let root = rootLayer
            let time = root.mediaClock.currentTime
            var found: CALayer?
            var events: [AnimationEvent] = []
            let tree = root.makePresentationCopy(
                parentTime: time, looking: self, found: &found,
                advancing: false, events: &events)
            ThreadAnimationState.current.lastPresentationTree = tree
            return found as? Self
        }
    }

    /// The model layer a presentation layer shows (a model layer returns itself).
    public func model() -> Self {
        (_modelLayer as? Self) ?? self
    }

    /// The layer tree rooted here as it appears when the tree's clock reads
    /// `time`: copies (`init(layer:)`) of every layer, sublayers and masks
    /// included, with animations applied. The renderer draws this tree.
    ///
    /// Copies are reused between calls while nothing in their subtree
    /// changed: a layer with no animations whose properties were not set
    /// since its last copy, and whose sublayers and mask are all reused, is
    /// the same object as in the previous tree. So an unchanged subtree costs
    /// a few comparisons per layer, and the renderer can tell unchanged
    /// subtrees by identity. An animated layer's copy is made anew each
    /// time, as `presentation()`'s: a tree stays as it was returned. Treat
    /// the copies as read-only; their `superlayer` links point into the newest tree.
    public func presentationTree(at time: CFTimeInterval) -> CALayer {
        var events: [AnimationEvent] = []
        return presentationTree(at: time, advancing: false, events: &events)
    }

    /// `presentationTree(at:)`; with `advancing`, each layer is first marked
    /// drawn and its animations moved through their lives
    /// (`advanceOwnAnimations`), the notifications due collected in
    /// `events`: a frame tick's one walk of the tree.
    func presentationTree(at time: CFTimeInterval, advancing: Bool, events: inout [AnimationEvent]) -> CALayer {
        withTreeLock {
            var found: CALayer?
            return makePresentationCopy(
                parentTime: timingParent.map { $0.localTime(atGlobal: time) } ?? time,
                looking: nil, found: &found, advancing: advancing, events: &events)
        }
    }

    /// The presentation copy of this layer's subtree at parent time
    /// `parentTime`, as `presentationTree(at:)` makes them; with
    /// `advancing`, the animations moved through their lives first.
    func presentationSubtree(
        parentTime: CFTimeInterval, advancing: Bool, events: inout [AnimationEvent]
    ) -> CALayer {
        var found: CALayer?
        return makePresentationCopy(
            parentTime: parentTime, looking: nil, found: &found, advancing: advancing, events: &events)
    }

    /// Applies the layer's animations, in the order they were added, to `copy` at local time `t`.
    func applyAnimations(to copy: CALayer, localTime t: CFTimeInterval) {
        guard let state = _animationState else { return }
        applyAnimations(of: state, to: copy, localTime: t)
    }

    /// `applyAnimations(to:localTime:)` with the layer's animation state in hand.
    @inline(__always)
    private func applyAnimations(of state: LayerAnimationState, to copy: CALayer, localTime t: CFTimeInterval) {
        for entry in state.entries {
            // A finished animation still attached (not removed on completion) keeps its fill.
            entry.evaluator(for: self).apply(to: copy, parentTime: t, begin: entry.begin(orNow: t))
        }
    }

    /// The presentation copy of this layer and its subtree at parent time
    /// `parentTime` (reusing unchanged copies); the copy of `target`, when
    /// met, is stored in `found`. With `advancing`, each layer's animations
    /// move through their lives first (`advanceOwnAnimations`).
    private func makePresentationCopy(
        parentTime: CFTimeInterval, looking target: CALayer?, found: inout CALayer?,
        advancing: Bool, events: inout [AnimationEvent]
    ) -> CALayer {
        if advancing { advanceOwnAnimations(localTime: localTime(fromParent: parentTime), events: &events) }
        let animated = hasAnimations || _changesWithTime
        let local = animated || !_sublayers.isEmpty || _mask != nil ? localTime(fromParent: parentTime) : parentTime
        // A subclass of yours is copied as itself (its `init(layer:)` copies
        // its own properties) where Core Animation copies it: when animated,
        // and for `presentation()`; always anew, as only its initializer
        // knows its properties.
        let ownClass = (animated || target != nil) && CALayer.copiesAsOwnClass(type(of: self))
        // A replicator whose instances show different moments samples them every time.
        let delaysInstances = !_sublayers.isEmpty && (self as? CAReplicatorLayer)?.delaysInstances == true
        let cached = animated || ownClass || delaysInstances ? nil : _presentationCache
        // Sublayers and mask first: this layer's copy can be reused only if
        // theirs are. While they are the cached copy's, no array is built
        // (a static root over thousands of reused copies costs no retains).
        let cachedSubs = cached.flatMap { $0._sublayers.count == _sublayers.count ? $0._sublayers : nil }
        var subs: [CALayer]? = cachedSubs == nil ? [] : nil  // nil: so far the cached copy's
        if cachedSubs == nil { subs!.reserveCapacity(_sublayers.count) }
        let count = _sublayers.count
        for (i, sub) in _sublayers.enumerated() {
            // A long list of sublayers (a grid's cards): the layers a few ahead, then
            // their copies and animations, on their way into the caches.
            if i + 8 < count { _sublayers[i + 8].prefetchObject() }
            if i + 4 < count { _sublayers[i + 4].prefetchCopyAndAnimations() }
            let s = sub.makePresentationCopy(
                parentTime: local, looking: target, found: &found, advancing: advancing, events: &events)
            if subs == nil, let cachedSubs {
                if cachedSubs[i] === s { continue }
                var differing = Array(cachedSubs[..<i])
                differing.reserveCapacity(_sublayers.count)
                subs = differing
            }
            subs!.append(s)
        }
        let sameChildren = subs == nil
        let children = subs ?? cachedSubs ?? []
        let maskCopy = _mask?.makePresentationCopy(
            parentTime: local, looking: target, found: &found, advancing: advancing, events: &events)
        if let cached, sameChildren, cached._mask === maskCopy {
            if target === self { found = cached }
            return cached
        }
        let copy = writePresentationCopy(ownClass: ownClass, animated: animated, localTime: local)
        if target === self { found = copy }
        for s in children where s._superlayer !== copy { s._superlayer = copy }
        copy._sublayers = children
        if let maskCopy {
            maskCopy._maskedLayer = copy
            copy._mask = maskCopy
        }
        if !_sublayers.isEmpty, let replicator = copy as? CAReplicatorLayer {
            var budget = CAReplicatorLayer.maximumDelayedInstanceCopies
            replicator._delayedInstances =
                delaysInstances
                ? (self as? CAReplicatorLayer)?.delayedInstances(for: replicator, localTime: local, budget: &budget)
                : nil
        }
        keep(copy, animated: animated)
        return copy
    }

    /// The copy of this layer alone (its sublayers, mask and superlayer
    /// links not set) that a snapshot sampling the model tree reads its
    /// state and content from, at local time `local`: the cached copy of an
    /// unanimated layer, else an animated layer's copy made anew, as
    /// `presentationTree(at:)` makes them.
    func sampledCopy(localTime local: CFTimeInterval) -> CALayer {
        let animated = hasAnimations || _changesWithTime
        if !animated, let cached = _presentationCache {
            if _shownBeforeChange != nil { _shownBeforeChange = nil }
            return cached
        }
        let ownClass = animated && CALayer.copiesAsOwnClass(type(of: self))
        let copy = writePresentationCopy(ownClass: ownClass, animated: animated, localTime: local)
        keep(copy, animated: animated)
        return copy
    }

    /// A new copy of this layer's properties with its animations applied at
    /// local time `local`, its state version stamped.
    private func writePresentationCopy(ownClass: Bool, animated: Bool, localTime local: CFTimeInterval) -> CALayer {
        let copy = makePresentationCopyObject(ownClass: ownClass)
        copy._isCommitted = _isCommitted
        if animated {
            applyAnimations(to: copy, localTime: local)
            redisplayIfAnimatingDisplayKeys(copy)
        }
        if _changesWithTime { (self as? CAEmitterLayer)?.sampleEmission(into: copy, localTime: local) }
        copy._stateVersion = CALayer.nextStateVersion()
        return copy
    }

    /// Remembers `copy` as this layer's last: as the copy to reuse while
    /// nothing changes (unanimated), or not at all (an animated copy is made
    /// anew each frame).
    @inline(__always)
    private func keep(_ copy: CALayer, animated: Bool) {
        // A setter clears it.
        _presentationCache = animated ? nil : copy
        // What was shown before a change is needed only until the change's
        // commit, which came before this tick: let it (and its subtree) go.
        _shownBeforeChange = nil
    }

    /// The number plan a snapshot node of this layer is sampled with, when
    /// the node can be written from the layer itself, no copy made: its state
    /// (and what its class draws) as it is, with the plan's numbers written
    /// in. `inPlace` when the node holds `version`, that writing from an
    /// earlier frame: the plan's numbers are then all that can differ. Nil
    /// when a copy is needed: the animations are not such a plan, or they
    /// redraw the layer (a key its class redisplays for), or the layer's look
    /// changes with time. A class of yours is sampled so too: its node holds
    /// what the layer draws, not what its `init(layer:)` copies, and
    /// `presentation()` still makes such a copy when asked. Gives the layer a
    /// `_sampledVersion` for these animations, which the node then holds.
    func numberPlanToSample(nodeVersion version: UInt64) -> (plan: NumberAnimationPlan, inPlace: Bool)? {
        guard !_changesWithTime, let state = _animationState else { return nil }
        if _shownBeforeChange != nil { _shownBeforeChange = nil }
        // Sampled so before, with these animations: the plan made then (its
        // entries are not read: a grid's every card comes here every frame).
        if writesInPlace(state), let known = state.numberPlan, known.generation == state.generation,
            let plan = known.plan
        {
            return (plan, version == _sampledVersion)
        }
        guard !state.entries.isEmpty, let plan = numberPlan(of: state), !animationsRedisplay(state)
        else { return nil }
        _sampledVersion = CALayer.nextStateVersion()
        _sampledGeneration = state.generation
        // A copy kept from before shows the layer as it is no longer drawn:
        // what was on screen is worked out from the model instead (as for any
        // animated layer that keeps no copy).
        _presentationCache = nil
        return (plan, false)
    }

    /// What a change of this model layer makes stale: its kept presentation
    /// copy, and any snapshot node's writing of it (`_sampledVersion`).
    @inline(__always)
    func modelChanged() {
        _presentationCache = nil
        _sampledVersion = 0
    }

    /// This layer's animations, when a node holding its `_sampledVersion`
    /// can have them written in place (see `numberPlanToSample(nodeVersion:)`,
    /// which also asks that the node hold that version). Reads only this
    /// layer and its animation state.
    var animationsWrittenInPlace: LayerAnimationState? {
        guard let state = _animationState, writesInPlace(state) else { return nil }
        return state
    }

    /// Whether `state` (this layer's animations) are those its `_sampledVersion` was given for.
    @inline(__always)
    private func writesInPlace(_ state: LayerAnimationState) -> Bool {
        _sampledVersion != 0 && _sampledGeneration == state.generation
    }

    /// The number plan of this layer's animations (`state`), made for their
    /// current generation; nil when they have none. A plan missing because an
    /// animation is not committed yet is looked for again next time.
    private func numberPlan(of state: LayerAnimationState) -> NumberAnimationPlan? {
        if let known = state.numberPlan, known.generation == state.generation { return known.plan }
        let plan = NumberAnimationPlan.make(entries: state.entries, layer: self)
        if plan != nil || state.entries.allSatisfy(\.isCommitted) { state.numberPlan = (state.generation, plan) }
        return plan
    }
}

extension CALayer {
    /// The last state version handed out (atomic: a tick's worker threads
    /// may stamp copies at once).
    private static let lastStateVersion = Atomic<UInt64>(0)

    /// A state version never handed out before.
    static func nextStateVersion() -> UInt64 { lastStateVersion.wrappingAdd(1, ordering: .relaxed).newValue }
}

extension CALayer {
    /// The bytes of a layer object, about: its state is most of it.
    private static let objectBytes = UInt(MemoryLayout<LayerState>.size + 256)

    /// Asks the CPU to bring this layer's object into its caches.
    @inline(__always)
    fileprivate func prefetchObject() {
        strata_prefetch(Unmanaged.passUnretained(self).toOpaque(), Self.objectBytes)
    }

    /// Asks the CPU to bring this layer's animation state into its caches
    /// (a snapshot sampling the layer reads it next).
    @inline(__always)
    func prefetchAnimationState() {
        if let state = _animationState { strata_prefetch(Unmanaged.passUnretained(state).toOpaque(), 128) }
    }

    /// Asks the CPU to bring this layer's number plan object into its caches
    /// (its animation state asked for earlier).
    @inline(__always)
    func prefetchNumberPlan() {
        if let plan = _animationState?.numberPlan?.plan {
            strata_prefetch(Unmanaged.passUnretained(plan).toOpaque(), 64)
        }
    }

    /// Asks the CPU to bring the steps of this layer's number plan into its
    /// caches (the plan object asked for earlier).
    @inline(__always)
    func prefetchNumberPlanSteps() { _animationState?.numberPlan?.plan?.prefetchSteps() }

    /// Asks the CPU to bring the objects a tick reads after this layer's into
    /// its caches: its kept presentation copy and its animations.
    @inline(__always)
    fileprivate func prefetchCopyAndAnimations() {
        if let copy = _presentationCache {
            strata_prefetch(Unmanaged.passUnretained(copy).toOpaque(), Self.objectBytes)
        }
        if let state = _animationState { strata_prefetch(Unmanaged.passUnretained(state).toOpaque(), 256) }
    }
}
