import Foundation

/// What an emitter emitted with, over time: the states its model values took
/// (each from the time of the change, in the layer's local time) and the
/// animations of its emission keys. A particle is born with the state in
/// force at its birth, so what is alive at a time depends only on this
/// history and that time, never on which frames were drawn.
///
/// Kept by the model layer under the transaction lock; what a frame needs
/// of it is copied out as an ``EmitterFrame``.
struct EmitterHistory {
    /// A state in force from `time` (≥ 0) until the next record's.
    struct Record {
        var time: CFTimeInterval
        /// Identifies the record's particles: new for every record.
        var serial: UInt64
        var state: EmitterSnapshot
        /// How far back births under this state can still be on screen.
        var reach: CFTimeInterval
    }

    /// An animation of an emission key, attached now or before.
    struct TrackedAnimation {
        let entry: AnimationEntry
        /// When it was removed before its end (layer time), if it was.
        var removedAt: CFTimeInterval?
    }

    /// An animation's span of action on births: from its begin time to its
    /// end (without a forwards fill) or its removal.
    struct ActingAnimation {
        let entry: AnimationEntry
        let since: CFTimeInterval
        let until: CFTimeInterval
    }

    /// The layer's own timing the history was recorded under: the layer's
    /// time starts over when it changes, and so does the history.
    struct Timing: Equatable {
        var beginTime: CFTimeInterval
        var timeOffset: CFTimeInterval
        var speed: Float
    }

    var timing: Timing?

    /// Oldest first; empty until the layer is first drawn.
    private(set) var records: [Record] = []
    private var nextSerial: UInt64 = 1
    private(set) var animations: [TrackedAnimation] = []
    /// States of animated slots already evaluated, by record serial and slot.
    private var slotStates: [SlotKey: EmitterSnapshot] = [:]
    /// Tells apart the states of slots evaluated before and after
    /// `slotStates` last lost entries: a slot evaluated again may differ (the
    /// animations acting on it changed), so its births are kept apart.
    private var slotGeneration: UInt64 = 1
    /// The births of the history's epochs, kept between frames.
    let births = EmitterBirthCache()

    struct SlotKey: Hashable {
        var serial: UInt64
        var slot: Int64
    }

    /// The width of the slots animated emission is evaluated on, in seconds:
    /// a rate or position that an animation changes is taken as constant
    /// over each slot of this fixed grid of the layer's time.
    static let slotLength: CFTimeInterval = 1.0 / 60
    /// At most this many slots (a minute's) are evaluated back from a frame's
    /// time; animations acting earlier in a longer particle life are left out.
    static let maximumSlots = 3600

    /// Whether changes are recorded with their times (the layer has been drawn).
    var isLive: Bool { !records.isEmpty }

    /// Starts recording from `state`, in force from the start of the layer's time.
    mutating func start(with state: EmitterSnapshot) {
        records = [Record(time: 0, serial: 0, state: state, reach: EmitterSimulation.reach(of: state))]
    }

    /// `state` comes into force at `time` (changes at the same time replace
    /// each other; a time earlier than the last record, a clock set back,
    /// drops the records after it).
    mutating func record(_ state: EmitterSnapshot, at time: CFTimeInterval) {
        guard isLive else { return }
        let t = time.isFinite ? max(time, 0) : 0
        while let last = records.last, last.time > t, records.count > 1 { records.removeLast() }
        let record = Record(time: t, serial: nextSerial, state: state, reach: EmitterSimulation.reach(of: state))
        nextSerial &+= 1
        if records[records.count - 1].time >= t {
            records[records.count - 1] = record
        } else {
            records.append(record)
        }
        forgetSlots()
        prune(before: t)
    }

    /// Drops records (and removed animations) whose births can no longer be on screen at or after `time`.
    private mutating func prune(before time: CFTimeInterval) {
        let reach = records.map(\.reach).max() ?? 0
        while records.count > 1, records[1].time <= time - reach { records.removeFirst() }
        animations.removeAll { ($0.removedAt ?? .infinity) < time - reach }
    }

    private mutating func forgetSlots() {
        slotStates = [:]
        slotGeneration &+= 1
    }

    /// Notes animations attached to the layer (those of its emission are kept).
    mutating func animationsAdded(_ entries: [AnimationEntry]) {
        for entry in entries
        where CAEmitterLayer.animatesEmission(entry.animation)
            && !animations.contains(where: { $0.entry === entry })
        {
            animations.append(TrackedAnimation(entry: entry))
            forgetSlots()
        }
    }

    /// Notes animations detached from the layer at layer time `time`.
    mutating func animationsRemoved(_ entries: [AnimationEntry], at time: CFTimeInterval) {
        for i in animations.indices
        where animations[i].removedAt == nil
            && entries.contains(where: { $0 === animations[i].entry })
        {
            animations[i].removedAt = time
            forgetSlots()
        }
    }

    /// The tracked animations with their spans, in the order they were added
    /// (those whose transaction has not committed yet have no begin time, and no effect yet).
    func acting(on layer: CALayer) -> [ActingAnimation] {
        animations.compactMap { tracked in
            let entry = tracked.entry
            guard entry.isCommitted else { return nil }
            let timing = entry.evaluator(for: layer).timing
            let begin = entry.animation.beginTime
            let speed = abs(timing.speed)
            var end =
                timing.fillsForwards || speed == 0 ? CFTimeInterval.infinity : begin + timing.activeDuration / speed
            if let removed = tracked.removedAt { end = min(end, removed) }
            return ActingAnimation(entry: entry, since: begin, until: end)
        }
    }

    /// The epochs of emission that can have particles on screen at `time`:
    /// each record's span, with the parts where animations act cut into
    /// slots evaluated (and remembered) by `evaluate`.
    mutating func frame(
        at time: CFTimeInterval, acting all: [ActingAnimation],
        evaluate: (EmitterSnapshot, [ActingAnimation], CFTimeInterval) -> EmitterSnapshot
    ) -> EmitterFrame {
        guard isLive, time.isFinite else { return EmitterFrame(time: time, epochs: []) }
        prune(before: time)
        let reach = records.map(\.reach).max() ?? 0
        let windowStart = max(0, time - reach)
        // Slot indices must stay whole numbers; past a minute back, no slots.
        let slotsFrom = max(windowStart, time - Double(Self.maximumSlots) * Self.slotLength)
        let slotsValid = abs(time / Self.slotLength) < 1e15
        var epochs: [EmitterEpoch] = []
        for (i, record) in records.enumerated() {
            let start = record.time
            let end = i + 1 < records.count ? records[i + 1].time : time
            let lo = max(start, windowStart), hi = min(end, time)
            guard hi >= lo, start <= time else { continue }
            // The animations acting in this span, merged into ranges.
            let acting = all.filter { $0.since < hi && $0.until > lo }
            var ranges: [(CFTimeInterval, CFTimeInterval)] = []
            for a in acting.sorted(by: { $0.since < $1.since }) where slotsValid {
                let r = (max(a.since, lo, slotsFrom), min(a.until, hi))
                guard r.1 > r.0 else { continue }
                if let last = ranges.last, r.0 <= last.1 {
                    ranges[ranges.count - 1].1 = max(last.1, r.1)
                } else {
                    ranges.append(r)
                }
            }
            var cursor = lo
            func plain(_ from: CFTimeInterval, _ to: CFTimeInterval) {
                guard to > from || (to == from && to == time) else { return }
                epochs.append(
                    EmitterEpoch(
                        origin: start, start: from, end: to, key: record.serial, generation: 0, state: record.state))
            }
            for (from, to) in ranges {
                plain(cursor, from)
                let h = Self.slotLength
                var k = Int64((from / h).rounded(.down))
                while Double(k) * h < to {
                    let s = max(Double(k) * h, from), e = min(Double(k + 1) * h, to)
                    if e > s {
                        let key = SlotKey(serial: record.serial, slot: k)
                        let state: EmitterSnapshot
                        if let cached = slotStates[key] {
                            state = cached
                        } else {
                            state = evaluate(record.state, acting, (Double(k) + 0.5) * h)
                            slotStates[key] = state
                        }
                        let slotKey = ParticleRandom.combine(record.serial, UInt64(bitPattern: k))
                        epochs.append(
                            EmitterEpoch(
                                origin: Double(k) * h, start: s, end: e, key: slotKey, generation: slotGeneration,
                                state: state))
                    }
                    k += 1
                }
                cursor = to
            }
            plain(cursor, hi)
        }
        // Slots out of every window from now on are not needed again.
        if slotStates.count > 4096 {
            slotStates = slotStates.filter { Double($0.key.slot) * Self.slotLength >= windowStart }
            slotGeneration &+= 1
        }
        return EmitterFrame(time: time, epochs: epochs, births: births)
    }
}

/// A stretch of emission under one state: births are counted from `origin`
/// and those in `start..<end` belong to it (`end` included when it is the
/// frame's time).
struct EmitterEpoch {
    var origin: CFTimeInterval
    var start: CFTimeInterval
    var end: CFTimeInterval
    /// Keys the random values of the epoch's particles.
    var key: UInt64
    /// With `key`, identifies `state` in the history's ``EmitterBirthCache``:
    /// 0 for a record's own state (a record's serial is never reused), the
    /// slot generation for an animated slot's.
    var generation: UInt64 = 0
    var state: EmitterSnapshot

    /// A slot of an animation acting on the emission (its own state every 1/60 s), not a record's span.
    var isSlot: Bool { generation != 0 }
}

/// What a presentation copy of an emitter needs to draw its particles: its
/// local time and the emission epochs that can have particles alive then.
struct EmitterFrame {
    var time: CFTimeInterval
    var epochs: [EmitterEpoch]
    /// The history's births kept between frames (nil: every birth is made anew).
    var births: EmitterBirthCache? = nil
}
