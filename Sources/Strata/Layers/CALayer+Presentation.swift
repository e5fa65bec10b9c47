import Foundation

extension CALayer {
    /// A copy of the layer as it currently appears: model values with its
    /// animations applied at its tree clock's current time. Its sublayers,
    /// superlayer and mask are presentation layers too (the whole tree is
    /// sampled, and kept until the next `presentation()` call on this
    /// thread). Nil when no frame tick has drawn the layer yet, as in CA; a
    /// presentation layer returns itself.
    public func presentation() -> Self? {
        if _modelLayer != nil { return self }
        guard _isCommitted else { return nil }
        let root = rootLayer
        let time = root.mediaClock.currentTime
        var found: CALayer?
        let tree = root.makePresentationCopy(parentTime: time, looking: self, found: &found)
        ThreadAnimationState.current.lastPresentationTree = tree
        return found as? Self
    }

    /// The model layer a presentation layer shows (a model layer returns itself).
    public func model() -> Self {
        (_modelLayer as? Self) ?? self
    }

    /// The layer tree rooted here as it appears when the tree's clock reads
    /// `time`: copies (`init(layer:)`) of every layer, sublayers and masks
    /// included, with animations applied. The renderer draws this tree.
    ///
    /// A layer without animations costs one copy; nothing else is computed for it.
    public func presentationTree(at time: CFTimeInterval) -> CALayer {
        var found: CALayer?
        return makePresentationCopy(parentTime: timingParent.map { $0.localTime(atGlobal: time) } ?? time,
                                    looking: nil, found: &found)
    }

    /// Applies the layer's animations, in the order they were added, to `copy` at local time `t`.
    func applyAnimations(to copy: CALayer, localTime t: CFTimeInterval) {
        guard let entries = _animationState?.entries else { return }
        for entry in entries {
            // A finished animation still attached (not removed on completion) keeps its fill.
            entry.evaluator(for: self).apply(to: copy, parentTime: t, begin: entry.begin(orNow: t))
        }
    }

    /// Copies this layer and its subtree at parent time `parentTime`; the copy
    /// of `target`, when met, is stored in `found`.
    private func makePresentationCopy(parentTime: CFTimeInterval, looking target: CALayer?,
                                      found: inout CALayer?) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy._modelLayer = self
        copy._isCommitted = _isCommitted
        if target === self { found = copy }
        let local = localTime(fromParent: parentTime)
        if _animationState != nil { applyAnimations(to: copy, localTime: local) }
        if !_sublayers.isEmpty {
            var subs: [CALayer] = []
            subs.reserveCapacity(_sublayers.count)
            for sub in _sublayers {
                let s = sub.makePresentationCopy(parentTime: local, looking: target, found: &found)
                s._superlayer = copy
                subs.append(s)
            }
            copy._sublayers = subs
        }
        if let mask = _mask {
            let m = mask.makePresentationCopy(parentTime: local, looking: target, found: &found)
            m._maskedLayer = copy
            copy._mask = m
        }
        return copy
    }
}
