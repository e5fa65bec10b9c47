import Foundation

/// The curve implicit animations use when the transaction sets none.
private let implicitTimingFunction = CAMediaTimingFunction(name: .default)

extension CALayer {
    /// The action to run for a change of `key`, looked up before the value
    /// changes (so the delegate and the implicit animation see the old value).
    ///
    /// Every change belongs to a transaction: the first change outside one
    /// opens the implicit transaction. With actions disabled the value just changes.
    @inline(__always)
    final func actionForChange(forKey key: String) -> CAAction? {
        let thread = ThreadAnimationState.current
        _ = thread.innermostFrame
        // The size the bounds change from, for `runActionForChange` (autoresizing).
        if key == "bounds" { thread.boundsBeforeChange.append((ObjectIdentifier(self), _state.bounds.size)) }
        // Presentation copies are snapshots: changing them animates nothing
        // (nor does your `init(layer:)` setting the copy it is making).
        if _isPresentationCopy || thread.makingPresentationCopies > 0 { return nil }
        let action = thread.actionsDisabled ? nil : preparedAction(action(forKey: key), forKey: key)
        // A change no animation shows jumps on screen at the commit, unless
        // an animation without values is added in this transaction: that
        // one starts from what is on screen now, which is about to be lost.
        if _isCommitted, _shownBeforeChangeEpoch != thread.transactionEpoch {
            if !(action is CAAnimation) || action is CATransition {
                keepValueShownBeforeChange(forKey: key, in: thread)
            } else if let drawn = _presentationCache {
                // The animation has its start value; the copy is kept for a
                // `CATransition` added later in the transaction (the whole old rendering).
                _shownBeforeChange = drawn
                _shownBeforeChangeEpoch = thread.transactionEpoch
            }
        }
        return action
    }

    /// Keeps what `key` shows now, for the rest of the transaction. Usually
    /// the presentation copy last drawn is still cached: it is kept whole
    /// (two stores: this is every display-link frame's path), and shows
    /// every property as before this transaction. Otherwise (an animated
    /// layer, or one changed since it was drawn) the value alone is kept.
    @inline(never)
    private func keepValueShownBeforeChange(forKey key: String, in thread: ThreadAnimationState) {
        if let drawn = _presentationCache {
            _shownBeforeChange = drawn
            _shownBeforeChangeEpoch = thread.transactionEpoch
            return
        }
        _shownBeforeChange = nil
        if let property = LayerProperty.named(key, of: self) ?? LayerProperty.custom(key, of: self),
            property.isAnimatable
        {
            thread.keepValueShownBeforeChange(of: property, on: self) { presentationValue(of: property) }
        }
    }

    /// The value `target` shows on screen before this transaction's changes
    /// (Core Animation's "previous value of the presentation layer"): what an
    /// explicit animation without from, to or by values starts from.
    func valueShownBeforeChange(of target: AnimationTarget) -> AnimValue {
        // A value kept alone was kept before any copy was (a copy cached
        // later in the transaction, by `presentation()`, already has it changed).
        let thread = ThreadAnimationState.current
        if let kept = thread.valueShownBeforeChange(of: target.property, on: self) { return target.value(in: kept) }
        if _shownBeforeChangeEpoch == thread.transactionEpoch, let drawn = _shownBeforeChange {
            return target.get(drawn)
        }
        return target.value(in: presentationValue(of: target.property))
    }

    /// An action's animation as it will run: a property animation with no key
    /// path animates the changed key, and a basic animation with no values
    /// starts from the value shown now, before the change (as Core Animation's
    /// render tree does). Implicit animations are already complete.
    func preparedAction(_ action: CAAction?, forKey key: String) -> CAAction? {
        guard let animation = action as? CAPropertyAnimation, !animation.isFreshImplicit,
            let copy = animation.copy() as? CAPropertyAnimation
        else { return action }
        if copy.keyPath == nil { copy.keyPath = key }
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
            let keyPath = basic.keyPath,
            let property = LayerProperty.named(keyPath, of: self) ?? LayerProperty.custom(keyPath, of: self)
        {
            basic.capturedPrevious = presentationValue(of: property)
        }
        return copy
    }

    /// Runs the action found by `actionForChange(forKey:)` after the value changed.
    final func runActionForChange(_ action: CAAction?, forKey key: String) {
        // The value changed: the cached presentation copy is stale (cleared
        // after the change, so a copy made during the action search goes too).
        modelChanged()
        // A presentation copy drew with the old value: the next one draws anew.
        if _animationState?.presentationDrawing != nil { _animationState?.presentationDrawing = nil }
        if type(of: self).needsDisplay(forKey: key) || (key == "bounds" && _needsDisplayOnBoundsChange) {
            setNeedsDisplay()
        }
        action?.run(forKey: key, object: self, arguments: nil)
        if key == "bounds" { boundsDidChange() }
    }

    /// After a change of `bounds`: when its size changed, layout and
    /// autoresizing (see `CALayer+Autoresizing.swift`).
    private func boundsDidChange() {
        let thread = ThreadAnimationState.current
        let id = ObjectIdentifier(self)
        guard let i = thread.boundsBeforeChange.lastIndex(where: { $0.layer == id }) else { return }
        let old = thread.boundsBeforeChange.remove(at: i).size
        // Presentation copies are snapshots: nothing follows their changes.
        guard !_isPresentationCopy, old != _state.bounds.size else { return }
        boundsSizeDidChange(from: old)
    }

    /// Core Animation's action search (see `action(forKey:)`).
    func lookUpAction(forKey event: String) -> CAAction? {
        if let delegate, let found = delegate.action(for: self, forKey: event) { return found is NSNull ? nil : found }
        if let found = actions?[event] { return found is NSNull ? nil : found }
        if let styleActions = style?["actions"] as? [String: CAAction], let found = styleActions[event] {
            return found is NSNull ? nil : found
        }
        if let found = type(of: self).defaultAction(forKey: event) { return found is NSNull ? nil : found }
        return implicitAnimation(forKey: event)
    }

    /// The implicit animation for a change of `key`: a `CABasicAnimation`
    /// from the current presentation value to the new model value (its
    /// `toValue` is nil), with the transaction's duration and curve.
    ///
    /// Only animatable properties that interpolate, and only on layers a
    /// frame tick has drawn: a layer not yet on screen takes its values at once.
    func implicitAnimation(forKey key: String) -> CAAction? {
        guard _isCommitted, let property = LayerProperty.named(key, of: self),
            property.isAnimatable, property.kind.isInterpolable
        else { return nil }
        let animation = CABasicAnimation()
        animation.keyPath = key
        animation.presetTarget = (key, AnimationTarget(property: property))
        let from = presentationValue(of: property)
        let boxed = property.box(from)
        animation.fromValue = boxed
        if let boxed { animation.convertedFrom = (boxed as AnyObject, from) }
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? implicitTimingFunction
        animation.isFreshImplicit = true
        return animation
    }

    /// The value of `property` as the layer currently appears (model value
    /// with its animations applied at the tree clock's current time).
    func presentationValue(of property: LayerProperty) -> AnimValue {
        guard hasAnimations else { return property.get(self) }
        let copy = strataCopy()
        applyAnimations(to: copy, localTime: localTime(atGlobal: mediaClock.currentTime))
        return property.get(copy)
    }
}
