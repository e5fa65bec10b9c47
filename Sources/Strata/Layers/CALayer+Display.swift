import Foundation

// Custom drawing: `setNeedsDisplay()` queues the layer, the next frame tick of
// its tree calls `display()`, and the default display draws the layer with
// `draw(in:)` into a bitmap that becomes its `contents`.

extension CALayer {
    /// Marks the layer and queues it for the next tick (the lock held).
    func markNeedsDisplay() {
        // Presentation copies are snapshots: they are not displayed.
        guard !_isPresentationCopy, ThreadAnimationState.current.makingPresentationCopies == 0 else { return }
        _animationState?.presentationDrawing = nil
        guard !_needsDisplay else { return }  // queued already
        _needsDisplay = true
        DisplayQueue.add(self)
    }

    /// Core Animation's default display: a bitmap of the bounds at
    /// `contentsScale` (origin top left, or bottom left when
    /// `contentsAreFlipped()`), drawn by `draw(in:)` and set as `contents`
    /// through the `contents` action, as in Core Animation (a layer already on
    /// screen cross-fades to its new drawing unless actions are disabled or it
    /// has a transition added in this transaction, which shows the change
    /// instead).
    ///
    /// A drawing that paints nothing leaves contents the app set alone, and
    /// clears contents an earlier drawing made: layers that do not draw (a text
    /// or shape layer told to redisplay) keep what they show. A bitmap over
    /// `CGContext.maximumSide` pixels a side is drawn at a lower scale.
    func displayByDrawing() {
        withTreeLock {
            let bounds = _state.bounds
            var scale = _state.contentsScale.isFinite && _state.contentsScale > 0 ? _state.contentsScale : 1
            let longest = max(bounds.width, bounds.height) * scale
            if longest > CGFloat(CGContext.maximumSide) { scale *= CGFloat(CGContext.maximumSide) / longest }
            let w = (bounds.width * scale).rounded(.up), h = (bounds.height * scale).rounded(.up)
            guard w.isFinite, h.isFinite, w >= 1, h >= 1, bounds.minX.isFinite, bounds.minY.isFinite else {
                clearDrawnContents()
                return
            }
            // User space: the bounds; Core Graphics' device space is y up. (A
            // presentation copy has no superlayer yet: its model's tell.)
            let flipped = _isPresentationCopy ? _modelLayer?.contentsAreFlipped() ?? false : contentsAreFlipped()
            let (tx, ty) = (-bounds.minX * scale, flipped ? -bounds.minY * scale : h + bounds.minY * scale)
            let ctm = CGAffineTransform(a: scale, b: 0, c: 0, d: flipped ? scale : -scale, tx: tx, ty: ty)
            var context = CGContext(width: Int(w), height: Int(h), ctm: ctm)
            _delegate?.layerWillDraw(self)
            if let text = self as? CATextLayer {
                // A drawing that is the string alone is left to the renderer (see CATextLayer+Drawing.swift).
                guard
                    let drawn = text.drawForDisplay(
                        into: context,
                        remake: { CGContext(width: Int(w), height: Int(h), ctm: ctm) })
                else {
                    clearDrawnContents()
                    return
                }
                context = drawn
            } else if let tiled = self as? CATiledLayer {
                tiled.drawTiles(into: context)
            } else {
                draw(in: context)
            }
            guard context.paintCount > 0 else {
                clearDrawnContents()
                return
            }
            let drawn = context.makeImage(label: "\(_name ?? String(describing: type(of: self))).display()")
            _drawnContents = drawn
            if let tiled = self as? CATiledLayer, !_isPresentationCopy {
                tiled.fadingIn { setDrawnContents(drawn) }
            } else {
                setDrawnContents(drawn)
            }
        }
    }

    /// Clears contents an earlier drawing made.
    private func clearDrawnContents() {
        if _isPresentationCopy {
            // A copy starts with its model's drawing, which it replaces.
            if let model = _modelLayer, let drawn = model._drawnContents, (_state.contents as AnyObject?) === drawn {
                _state.contents = nil
            }
            return
        }
        guard let drawn = _drawnContents, (_state.contents as AnyObject?) === drawn else { return }
        setDrawnContents(nil)
    }

    private func setDrawnContents(_ image: CGImage?) {
        if _isPresentationCopy {
            // A snapshot's drawing shows at once: no action, no transaction.
            _state.contents = image
        } else if hasTransitionAddedInThisTransaction {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            contents = image
            CATransaction.commit()
        } else {
            contents = image
        }
    }
}

extension CALayer {
    /// Redisplays `copy`, this layer's presentation copy with its animations
    /// applied, when one of them animates a key the class's
    /// `needsDisplay(forKey:)` names: as in Core Animation, the copy draws
    /// itself (`display()`, `draw(in:)`) with its animated values, each frame
    /// they differ from the last drawing's. Returns whether the animations
    /// animate such a key (the copy's contents may have changed).
    @discardableResult
    @inline(__always)
    func redisplayIfAnimatingDisplayKeys(_ copy: CALayer) -> Bool {
        guard let state = _animationState else { return false }
        // Every animated layer asks every frame: the usual answer (these
        // animations redraw nothing) without a call.
        if state.animatedDisplayGeneration == state.generation && !state.animatedDisplayRedraws { return false }
        return redisplayAnimatingDisplayKeys(copy, state: state)
    }

    /// Whether `state`'s animations animate a key this layer's class
    /// redisplays for (the answer `redisplayIfAnimatingDisplayKeys(_:)`
    /// works out with a copy in hand, remembered when it is no).
    func animationsRedisplay(_ state: LayerAnimationState) -> Bool {
        if state.animatedDisplayGeneration == state.generation { return state.animatedDisplayRedraws }
        let redraws = animatedKeyNames(of: state).contains(where: type(of: self).needsDisplay)
        if !redraws {
            state.animatedDisplayGeneration = state.generation
            state.animatedDisplayRedraws = false
            state.animatedDisplayProperties = nil
            state.presentationDrawing = nil
        }
        return redraws
    }

    /// The first key of every key path `state`'s animations animate, each once.
    private func animatedKeyNames(of state: LayerAnimationState) -> [String] {
        var keys: [String] = []
        for entry in state.entries {
            for key in Self.animatedKeys(of: entry.animation) where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// `redisplayIfAnimatingDisplayKeys(_:)` past its quick answer.
    private func redisplayAnimatingDisplayKeys(_ copy: CALayer, state: LayerAnimationState) -> Bool {
        // Worked out once per set of animations: every animated layer asks every frame.
        if state.animatedDisplayGeneration != state.generation {
            guard !state.entries.isEmpty else { return false }
            let cls = type(of: self)
            let keys = animatedKeyNames(of: state)
            // A key of your own the model stores nothing under is read from the copy, which has it now.
            let found = keys.compactMap { LayerProperty.named($0, of: copy) ?? LayerProperty.custom($0, of: copy) }
            state.animatedDisplayGeneration = state.generation
            state.animatedDisplayRedraws = keys.contains(where: cls.needsDisplay)
            state.animatedDisplayProperties = found.count == keys.count ? found : nil
            state.presentationDrawing = nil
        }
        guard state.animatedDisplayRedraws else { return false }
        guard let properties = state.animatedDisplayProperties else {
            copy.display()
            return true
        }
        let values =
            properties.map { $0.get(copy) } + [.rect(copy._state.bounds), .number(Double(copy._state.contentsScale))]
        if let last = state.presentationDrawing, last.values.count == values.count,
            zip(last.values, values).allSatisfy(Self.drawsAlike)
        {
            copy._state.contents = last.contents
            return true
        }
        copy.display()
        state.presentationDrawing = (values, copy._state.contents)
        return true
    }

    /// Whether two values of an animated key draw the same (unsure: no).
    private static func drawsAlike(_ a: AnimValue, _ b: AnimValue) -> Bool {
        if let p = a.vector, let q = b.vector { return p == q }
        if let x = a.otherValue, let y = b.otherValue {
            if let x = x as? AnyHashable, let y = y as? AnyHashable { return x == y }
            return x == nil && y == nil
        }
        if let x = a.pathValue, let y = b.pathValue { return x === y }
        return false
    }

    /// The keys (first key path components) `animation` animates, a group's children's included.
    private static func animatedKeys(of animation: CAAnimation) -> [String] {
        if let group = animation as? CAAnimationGroup { return (group.animations ?? []).flatMap(animatedKeys) }
        guard let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return [] }
        return [String(keyPath.prefix { $0 != "." })]
    }
}

/// Layers waiting for `display()`: `setNeedsDisplay()` adds a layer, the next
/// frame tick of its tree displays it, in the order they were marked. Weak, so
/// a layer dropped before it is displayed goes. Only touched under the
/// transaction lock.
enum DisplayQueue {
    // `nonisolated(unsafe)`: read and written only under the transaction lock.
    nonisolated(unsafe) private static var pending = LayerWaitList()

    /// Queues `layer` (the lock held; its `_needsDisplay` just turned on).
    static func add(_ layer: CALayer) { pending.add(layer) }

    /// Displays every queued layer of the tree rooted at `root` (the lock
    /// held). Layers marked while others draw are displayed too, a few rounds
    /// at most: a layer that marks itself every time it draws waits for the
    /// next tick.
    static func displayLayers(inTreeOf root: CALayer) {
        guard !pending.isEmpty else { return }
        var displayed = Set<ObjectIdentifier>()
        for _ in 0..<4 {
            let due = pending.take(inTreeOf: root) { !displayed.contains(ObjectIdentifier($0)) }
            if due.isEmpty { return }
            for layer in due {
                displayed.insert(ObjectIdentifier(layer))
                layer.displayIfNeeded()
            }
        }
    }
}
