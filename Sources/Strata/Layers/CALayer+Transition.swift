import Foundation

// CATransition: the layer's rendering before the change is frozen when the
// transition is attached; presentation copies carry the transition's state
// (`_transition`, written by `TransitionEvaluator`) for the renderer.

extension CALayer {
    /// On a presentation layer while a `CATransition` runs: the rendering
    /// before the change and how far the transition is (the renderer draws
    /// both, see `TransitionFrame.placement`); nil otherwise.
    package var transitionFrame: TransitionFrame? { withStateLock { _transition } }

    /// Whether a `CATransition` was added in the transaction still open (it
    /// shows the change, so the change's own implicit animation is not needed).
    var hasTransitionAddedInThisTransaction: Bool {
        _animationState?.entries.contains { $0.animation is CATransition && !$0.isCommitted } ?? false
    }

    /// The layer's subtree as it was last drawn, frozen (copies no later tick
    /// updates in place): the presentation copy drawn before this
    /// transaction's first change of the layer, else its last drawn copy,
    /// else (an animated layer keeps none) a copy of it as it appears now.
    /// Nil for a layer no tick has drawn. Called under the lock.
    func frozenRendering() -> CALayer? {
        guard _isCommitted else { return nil }
        let thread = ThreadAnimationState.current
        let drawn =
            (_shownBeforeChangeEpoch == thread.transactionEpoch ? _shownBeforeChange : nil)
            ?? _presentationCache
        if let drawn { return Self.frozenCopy(of: drawn) }
        return frozenCopyOfModel(at: mediaClock.currentTime)
    }

    /// A deep copy of a presentation subtree.
    private static func frozenCopy(of shown: CALayer) -> CALayer {
        let copy = shown.strataCopy()
        copy._isPresentationCopy = true
        copy._isCommitted = true
        copy._modelLayer = shown._modelLayer
        copy._sublayers = shown._sublayers.map { sub in
            let s = frozenCopy(of: sub)
            s._superlayer = copy
            return s
        }
        if let mask = shown._mask {
            let m = frozenCopy(of: mask)
            m._maskedLayer = copy
            copy._mask = m
        }
        return copy
    }

    /// A copy of this model subtree with its animations applied at global time `time`.
    private func frozenCopyOfModel(at time: CFTimeInterval) -> CALayer {
        let copy = strataCopy()
        copy._isPresentationCopy = true
        copy._isCommitted = true
        copy._modelLayer = self
        if hasAnimations { applyAnimations(to: copy, localTime: localTime(atGlobal: time)) }
        copy._sublayers = _sublayers.map { sub in
            let s = sub.frozenCopyOfModel(at: time)
            s._superlayer = copy
            return s
        }
        if let mask = _mask {
            let m = mask.frozenCopyOfModel(at: time)
            m._maskedLayer = copy
            copy._mask = m
        }
        return copy
    }
}
