import Foundation

// What a renderer needs to draw a replicator's instances, and how its
// presentation copy gets the sublayers of delayed instances.
extension CAReplicatorLayer {
    /// At most this many layers are copied for one replicator's delayed
    /// instances in one presentation tree (instances past it show instance
    /// 0's times): nested replicators with delays multiply their counts, and
    /// no tree may take without end to sample.
    package static let maximumDelayedInstanceCopies = 20_000

    /// The sublayers of instance `index` (0: `sublayers`). On a presentation
    /// copy with an `instanceDelay`, instance k's animated layers are copies
    /// sampled k × `instanceDelay` earlier; otherwise every instance draws the
    /// same sublayers.
    package func sublayers(ofInstance index: Int) -> [CALayer] {
        withStateLock {
            if index > 0, let delayed = _delayedInstances, index <= delayed.count { return delayed[index - 1] }
            return _sublayers
        }
    }

    /// Where instance `index` is drawn, in this layer's bounds coordinates:
    /// `instanceTransform` applied `index` times about the centre of the
    /// bounds (identity for instance 0). It comes before `sublayerTransform`.
    package func transform(ofInstance index: Int) -> CATransform3D {
        withStateLock {
            guard index > 0 else { return CATransform3DIdentity }
            var power = _replicator.instanceTransform
            // Squaring: a thousand instances cost ten products, not a thousand.
            var result = CATransform3DIdentity, n = index
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(power) }
                n >>= 1
                if n > 0 { power = power.concatenating(power) }
            }
            let c = CGPoint(x: _state.bounds.midX, y: _state.bounds.midY)
            return CATransform3DMakeTranslation(-c.x, -c.y, 0).concatenating(result)
                .concatenating(CATransform3DMakeTranslation(c.x, c.y, 0))
        }
    }

    /// The colour instance `index`'s colours are multiplied by: `instanceColor`
    /// (white when nil) plus `index` times the offsets, each component clamped
    /// to 0...1 (straight alpha).
    package func color(ofInstance index: Int) -> CGColor {
        replicatorContent.color(ofInstance: index)
    }

    /// Whether instances of this model layer may show different moments:
    /// more than one instance, a delay (or animations, which may animate
    /// it) and something animated under the replicator.
    var delaysInstances: Bool {
        _replicator.instanceCount > 1 && (_replicator.instanceDelay != 0 || hasAnimations)
            && _sublayers.contains { $0.subtreeIsAnimated }
    }

    /// The sublayers of instances 1, 2, … for `copy` (this layer's
    /// presentation copy at local time `localTime`, animations applied; its
    /// sublayers are instance 0's), or nil when all instances show the same.
    func delayedInstances(
        for copy: CAReplicatorLayer, localTime: CFTimeInterval,
        budget: inout Int
    ) -> [[CALayer]]? {
        let delay = copy._replicator.instanceDelay, count = copy._replicator.instanceCount
        guard delay != 0, delay.isFinite, count > 1, copy._sublayers.count == _sublayers.count else { return nil }
        var instances: [[CALayer]] = []
        for k in 1..<count where budget > 0 {
            let time = localTime - Double(k) * delay
            var subs: [CALayer] = []
            subs.reserveCapacity(_sublayers.count)
            for (sub, base) in zip(_sublayers, copy._sublayers) {
                subs.append(sub.delayedCopy(parentTime: time, base: base, budget: &budget))
            }
            instances.append(subs)
        }
        return instances
    }
}

extension CALayer {
    /// Whether this layer or any layer under it (masks included) has animations.
    var subtreeIsAnimated: Bool {
        hasAnimations || _mask?.subtreeIsAnimated == true || _sublayers.contains { $0.subtreeIsAnimated }
    }

    /// This layer's subtree at parent time `parentTime`, for a delayed
    /// replicator instance: `base` (its copy in instance 0) wherever nothing
    /// in it is animated, fresh copies elsewhere. Never cached: the same
    /// model layer shows a different moment in every instance.
    func delayedCopy(parentTime: CFTimeInterval, base: CALayer, budget: inout Int) -> CALayer {
        guard budget > 0, base._sublayers.count == _sublayers.count else { return base }
        let local = localTime(fromParent: parentTime)
        var subs: [CALayer]?  // nil: all of base's
        for (i, (sub, baseSub)) in zip(_sublayers, base._sublayers).enumerated() {
            let s = sub.delayedCopy(parentTime: local, base: baseSub, budget: &budget)
            if subs == nil, s !== baseSub { subs = Array(base._sublayers[..<i]) }
            subs?.append(s)
        }
        var maskCopy = base._mask
        if let mask = _mask, let baseMask = base._mask {
            maskCopy = mask.delayedCopy(parentTime: local, base: baseMask, budget: &budget)
        }
        let replicator = self as? CAReplicatorLayer
        let animated = hasAnimations
        guard animated || subs != nil || maskCopy !== base._mask || replicator?.delaysInstances == true else {
            return base
        }
        budget -= 1
        let copy = makePresentationCopyObject(ownClass: animated && CALayer.copiesAsOwnClass(type(of: self)))
        copy._isCommitted = _isCommitted
        if animated {
            applyAnimations(to: copy, localTime: local)
            redisplayIfAnimatingDisplayKeys(copy)
        }
        let children = subs ?? base._sublayers
        // Only this instance's own copies link up to this copy: the shared
        // ones keep their link into instance 0.
        for (s, b) in zip(children, base._sublayers) where s !== b { s._superlayer = copy }
        copy._sublayers = children
        if let maskCopy {
            if maskCopy !== base._mask { maskCopy._maskedLayer = copy }
            copy._mask = maskCopy
        }
        if let replicator, let replicatorCopy = copy as? CAReplicatorLayer {
            replicatorCopy._delayedInstances =
                replicator.delaysInstances
                ? replicator.delayedInstances(for: replicatorCopy, localTime: local, budget: &budget) : nil
        }
        return copy
    }

    /// A new presentation copy of this layer (no sublayers yet): of the
    /// layer's own class through its `init(layer:)` when `ownClass` and the
    /// class has one, else of its nearest Strata class (see ``presentation()``).
    func makePresentationCopyObject(ownClass: Bool) -> CALayer {
        var own: CALayer?
        if ownClass {
            let thread = ThreadAnimationState.current
            thread.makingPresentationCopies += 1
            defer { thread.makingPresentationCopies -= 1 }
            own = LayerClassRegistry.shared.copyByLayerInitializer(of: self)
        }
        let copy = own ?? strataCopy()
        copy._isPresentationCopy = true
        copy._modelLayer = self
        return copy
    }
}
