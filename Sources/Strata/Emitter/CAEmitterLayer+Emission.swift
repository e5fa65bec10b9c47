import Foundation

extension CAEmitterLayer {
    /// The layer's emission values and cells as they are now.
    package func emissionSnapshot() -> EmitterSnapshot {
        EmitterSnapshot(layer: _emitter, cells: (_emitterCells ?? []).map { $0.snapshot() })
    }

    /// Records the emission state as changed now (a model layer already drawn):
    /// particles born from now on use it. Under the transaction lock.
    func recordEmissionChange() {
        guard !_isPresentationCopy, _history.isLive else { return }
        _history.record(emissionSnapshot(), at: localTime(atGlobal: mediaClock.currentTime))
    }

    /// The cell `path` names (`["fire", "spark"]`: the cell named spark in the
    /// cell named fire), in `layer`'s cells; nil when there is none.
    static func cell(at path: [String], in layer: CALayer) -> CAEmitterCell? {
        guard let emitter = layer as? CAEmitterLayer else { return nil }
        var cells = emitter._emitterCells
        var found: CAEmitterCell?
        for name in path {
            guard let cell = cells?.first(where: { $0._values.name == name }) else { return nil }
            found = cell
            cells = cell._emitterCells
        }
        return found
    }

    /// Whether `animation` animates part of the emission (a group: any of its children).
    static func animatesEmission(_ animation: CAAnimation) -> Bool {
        if let group = animation as? CAAnimationGroup {
            return group.animations?.contains(where: animatesEmission) ?? false
        }
        guard let keyPath = (animation as? CAPropertyAnimation)?.keyPath else { return false }
        return EmitterProperties.isEmissionKeyPath(keyPath)
    }

    /// Gives `copy`, this model layer's presentation copy at local time `t`,
    /// the emission it shows then. The first time, the history starts from
    /// the layer's values; later changes are recorded at their times. A new
    /// `beginTime`, `timeOffset` or `speed` starts the simulation over (the
    /// idiom for replaying a burst is `beginTime = CACurrentMediaTime()`).
    /// Under the transaction lock (from `makePresentationCopy`).
    func sampleEmission(into copy: CALayer, localTime t: CFTimeInterval) {
        guard let copy = copy as? CAEmitterLayer else { return }
        let timing = EmitterHistory.Timing(
            beginTime: _state.beginTime, timeOffset: _state.timeOffset, speed: _state.speed)
        if !_history.isLive || _history.timing != timing {
            _history = EmitterHistory()
            _history.timing = timing
            _history.start(with: emissionSnapshot())
            // From now on every animation added or removed is noted at once,
            // so one that begins and ends between two frames still counts.
            let state = animationState
            _history.animationsAdded(state.entries)
            state.entriesObserver = { [weak self] old, new in
                guard let self else { return }
                self._history.animationsAdded(new.filter { entry in !old.contains { $0 === entry } })
                let removed = old.filter { entry in !new.contains { $0 === entry } }
                if !removed.isEmpty {
                    self._history.animationsRemoved(removed, at: self.localTime(atGlobal: self.mediaClock.currentTime))
                }
            }
        }
        copy._emission = _history.frame(at: t, acting: _history.acting(on: self)) { state, acting, time in
            evaluateEmission(state, animations: acting, at: time)
        }
    }

    /// `state` with the animations acting at `time` applied, as a presentation copy would show it.
    private func evaluateEmission(
        _ state: EmitterSnapshot, animations: [EmitterHistory.ActingAnimation],
        at time: CFTimeInterval
    ) -> EmitterSnapshot {
        let scratch = CAEmitterLayer()
        scratch._isPresentationCopy = true
        scratch._emitter = state.layer
        scratch._emitterCells = state.cells.map { CAEmitterCell(snapshot: $0) }
        for a in animations where a.since <= time && time < a.until {
            a.entry.evaluator(for: self).apply(to: scratch, parentTime: time, begin: a.entry.animation.beginTime)
        }
        return scratch.emissionSnapshot()
    }

    /// The particles the layer shows, in drawing order (a Strata addition,
    /// for tests and tools): a presentation layer's at the time it was
    /// sampled; a model layer's as its `presentation()` shows them now
    /// (none before it is first drawn).
    public func particles() -> [EmitterParticle] {
        guard _isPresentationCopy else { return presentation()?.particles() ?? [] }
        guard let frame = _emission else { return [] }
        return EmitterSimulation.particles(of: frame, renderMode: _emitter.renderMode)
    }
}
