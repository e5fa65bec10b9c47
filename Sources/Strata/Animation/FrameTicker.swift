import Foundation

/// Drives one layer tree frame by frame, like a display link: each tick
/// commits the thread's implicit transaction, starts, samples and ends
/// animations, tells their delegates and transactions' completion blocks,
/// and returns the presentation tree to draw.
///
/// The window host, headless rendering and tests all go through `tick(at:)`.
/// The ticker installs its clock on the root layer, so each tree (and each
/// test) has its own time.
public final class FrameTicker {
    /// The root of the tree this ticker drives.
    public let rootLayer: CALayer

    /// A ticker for `rootLayer` on `clock` (default: a manual clock at 0).
    public init(rootLayer: CALayer, clock: CAMediaClock = CAMediaClock(time: 0)) {
        self.rootLayer = rootLayer
        rootLayer.mediaClock = clock
    }

    /// The tree's clock.
    public var clock: CAMediaClock { rootLayer.mediaClock }

    /// How many threads a tick into a snapshot samples long sublayer lists
    /// on (see `tick(at:into:)`; nil: `WorkerThreads.count` at the tick). The
    /// snapshot is the same on any number.
    package var samplingThreads: Int?

    /// Runs one frame at `time` (a manual clock is set to it first) and
    /// returns the presentation tree at `time`.
    ///
    /// In order: layers of the tree that need layout (`setNeedsLayout()`, a
    /// change of their sublayers or of their bounds' size) lay out
    /// (`layoutSublayers()`, superlayers first); layers that need display
    /// (`setNeedsDisplay()`) display; the implicit transaction commits at the clock's time before
    /// it moves (the changes in it were made then, so animations added in it
    /// begin then); the clock moves to `time`; every layer of the tree is marked as drawn (so later
    /// changes animate implicitly); animations that became active are
    /// started and those past their active time finish (removed when
    /// `isRemovedOnCompletion`); delegates hear `animationDidStart` and
    /// `animationDidStop(_:finished: true)`, and completion blocks whose
    /// animations are all done run; the tree is sampled after them (one walk
    /// of the tree moves the animations and samples each layer; the tree is
    /// sampled again only when a delegate or completion block ran). Inside the
    /// tick, `CACurrentMediaTime()` reads this tree's clock.
    ///
    /// The whole tick holds the transaction lock (`CATransaction.lock()`):
    /// other threads' changes land before or after it, never inside. The
    /// tree returned is not changed by them either (copies are made under
    /// the lock), so it can be flattened and drawn without the lock.
    @discardableResult
    public func tick(at time: CFTimeInterval) -> CALayer {
        tick(at: time) { advancing, events in
            rootLayer.presentationTree(at: time, advancing: advancing, events: &events)
        }
    }

    /// `tick(at:)` for a render loop that draws each frame once: the tree is
    /// sampled straight into `snapshot` (see `LayerTreeSnapshot.update(sampling:at:advancing:threads:events:)`),
    /// and no presentation tree is made, long sublayer lists on up to
    /// `samplingThreads` threads. Each node's changes are those since the
    /// snapshot's last update.
    package func tick(at time: CFTimeInterval, into snapshot: inout LayerTreeSnapshot) {
        tick(at: time) { advancing, events in
            // A second sampling (callbacks ran) keeps what the first found
            // changed: it too is news to the snapshot's reader.
            let first = advancing ? nil : (changes: snapshot.nodes.map(\.changes), any: snapshot.hasChanges)
            snapshot.update(
                sampling: rootLayer, at: time, advancing: advancing, threads: samplingThreads ?? WorkerThreads.count,
                events: &events)
            if let first { snapshot.merge(earlierChanges: first.changes, hadChanges: first.any) }
        }
    }

    /// One frame at `time`, under the transaction lock and on the tree's
    /// clock: the tick's start, then `sample` walks the tree once, moving
    /// the animations through their lives (`advancing`) and sampling it;
    /// the notifications due are delivered, and when one may have run code
    /// of yours (which may change the tree) the tree is sampled again, not
    /// advancing. Returns the last sampling's result.
    private func tick<Sampled>(
        at time: CFTimeInterval, sampling sample: (_ advancing: Bool, _ events: inout [AnimationEvent]) -> Sampled
    ) -> Sampled {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        return clock.withCurrent {
            prepareTick(at: time)
            var events: [AnimationEvent] = []
            let sampled = sample(true, &events)
            let resample = events.contains(where: \.mayRunCallbacks)
            for event in events { event.deliver() }
            guard resample else { return sampled }
            events = []
            return sample(false, &events)
        }
    }

    /// The start of a tick: layout, display, the implicit transaction's
    /// commit, the clock moved to `time`.
    private func prepareTick(at time: CFTimeInterval) {
        // Layers marked by setNeedsLayout() lay out first, then those marked by
        // setNeedsDisplay() draw: their new frames and contents join this commit.
        LayoutQueue.layOutLayers(inTreeOf: rootLayer)
        DisplayQueue.displayLayers(inTreeOf: rootLayer)
        // The changes since the last tick were made at the clock's time
        // then, so they commit (and their animations begin) at that time.
        ThreadAnimationState.current.commitImplicitIfOpen()
        if clock.isManual { clock.set(time: time) }
    }

    /// Runs one frame at the clock's current time.
    @discardableResult
    public func tick() -> CALayer { tick(at: clock.currentTime) }

    /// Replays model changes at their times and returns the tree as it
    /// appears at `time`: the headless way to draw any moment of a timeline.
    ///
    /// Ticks at the clock's current time first (so the tree as built is on
    /// screen and later changes animate), then for each change with
    /// `at ≤ time`, in order of `at` (stable): ticks at `at`, runs `apply`
    /// (which may open its own transaction) and commits the implicit
    /// transaction, so its animations begin at `at`. Finally ticks at `time`.
    @discardableResult
    public func replay(_ changes: [(at: CFTimeInterval, apply: () -> Void)], until time: CFTimeInterval) -> CALayer {
        let start = clock.currentTime
        tick(at: start)
        let ordered = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        for (_, change) in ordered where change.at <= time {
            let at = max(change.at, start)
            tick(at: at)
            clock.withCurrent {
                change.apply()
                CATransaction.flush()
            }
        }
        return tick(at: time)
    }
}

/// A delegate notification collected during a tick, delivered after the walk
/// (callbacks may change the tree being walked).
struct AnimationEvent {
    enum Kind { case start, stop }
    let entry: AnimationEntry
    let kind: Kind

    /// Whether delivering it can run code of yours (a delegate, a completion block).
    var mayRunCallbacks: Bool { entry.animation.delegate != nil || !entry.completionGroups.isEmpty }

    func deliver() {
        let animation = entry.animation
        switch kind {
        case .start:
            animation.delegate?.animationDidStart(animation)
        case .stop:
            animation.delegate?.animationDidStop(animation, finished: true)
            entry.endGroups()
        }
    }
}

extension CALayer {
    /// Marks the layer as drawn and moves its own animations through their
    /// lives at `local` (its local time), collecting the notifications due.
    /// The presentation walk of a tick calls it for each layer before
    /// sampling it (`presentationTree(at:advancing:events:)`).
    func advanceOwnAnimations(localTime local: CFTimeInterval, events: inout [AnimationEvent]) {
        if !_isCommitted { _isCommitted = true }  // no store (and dirtied cache line) once set
        // Until the earliest start or end among the animations nothing happens
        // to them: most frames of a long animation skip the walk.
        // (The quiet test first: it reads no more than the state object.)
        guard let state = _animationState, !(local < state.quietUntil && state.quietGeneration == state.generation),
            !state.entries.isEmpty
        else { return }
        var finishedAny = false
        var nextEvent = Double.infinity
        for entry in state.entries where !entry.isFinished {
            // One not yet committed can commit (and fix its begin time) at any moment.
            guard entry.isCommitted else { nextEvent = -.infinity; continue }
            let timing = entry.evaluator(for: self).timing
            let begin = entry.committedBegin
            let phase = timing.phase(atParent: local, begin: begin)
            if phase == .before {
                nextEvent = min(nextEvent, begin)
                continue
            }
            if !entry.didStart {
                entry.didStart = true
                events.append(AnimationEvent(entry: entry, kind: .start))
            }
            if phase == .after {
                entry.isFinished = true
                finishedAny = true
                events.append(AnimationEvent(entry: entry, kind: .stop))
            } else {
                nextEvent = min(nextEvent, timing.activeEnd(begin: begin))
            }
        }
        if finishedAny { state.entries.removeAll { $0.isFinished && $0.animation.isRemovedOnCompletion } }
        state.quietUntil = nextEvent
        state.quietGeneration = state.generation
    }
}
