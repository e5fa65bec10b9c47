import Foundation

/// Core Animation's timing model for one animation, captured from its
/// `CAMediaTiming` properties: maps parent time to the animation's basic
/// local time (0...duration), with repeats, autoreverse, speed, offset and fill.
///
/// Conversion, as in CA, in two stages:
/// 1. active time: `elapsed = (parent − beginTime) × |speed|`; the animation is
///    active while `0 ≤ elapsed < activeDuration`, where the active duration is
///    `repeatDuration`, else `repeatCount × cycle`, else one cycle (a cycle is
///    `duration`, twice that when autoreversing);
/// 2. position in the active span: `timeOffset + elapsed` (backwards from the
///    end when speed is negative), wrapped into the active span, so a time
///    offset starts the animation part-way and loops round to where it started;
///    then each `duration` of it is one iteration, every other one played
///    backwards when autoreversing.
///
/// Before the start the animation shows its start only with a backwards fill;
/// after the end its end only with a forwards fill; otherwise it has no effect.
struct TimingModel {
    var beginTime: CFTimeInterval
    /// The basic duration (> 0; CA's 0 means 0.25 s).
    var duration: CFTimeInterval
    var speed: Double
    var timeOffset: CFTimeInterval
    var autoreverses: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool
    /// The length of the active span in local time (may be infinite).
    var activeDuration: CFTimeInterval

    /// The model of `timing` (an animation).
    init(_ timing: CAMediaTiming) {
        beginTime = timing.beginTime
        duration = timing.duration > 0 && timing.duration.isFinite ? timing.duration : 0.25
        speed = Double(timing.speed)
        timeOffset = timing.timeOffset.isFinite ? timing.timeOffset : 0
        autoreverses = timing.autoreverses
        let fill = timing.fillMode
        fillsBackwards = fill == .backwards || fill == .both
        fillsForwards = fill == .forwards || fill == .both
        let cycle = autoreverses ? 2 * duration : duration
        if timing.repeatDuration > 0 {
            activeDuration = timing.repeatDuration
        } else if timing.repeatCount >= .greatestFiniteMagnitude {
            // CA documents greatestFiniteMagnitude (Darwin's HUGE) as "repeat
            // forever": made infinite, so nothing ever computes with ~3.4e38 s.
            activeDuration = .infinity
        } else if timing.repeatCount > 0 {
            activeDuration = Double(timing.repeatCount) * cycle
        } else {
            activeDuration = cycle
        }
        if activeDuration.isNaN { activeDuration = cycle }
    }

    /// Where the animation is at a parent time.
    enum Phase: Equatable {
        case before, active, after
    }

    /// Active time elapsed at `parentTime` for an animation beginning at `begin`.
    @inline(__always)
    func elapsed(atParent parentTime: CFTimeInterval, begin: CFTimeInterval) -> Double {
        (parentTime - begin) * abs(speed)
    }

    /// The phase at `parentTime`.
    func phase(atParent parentTime: CFTimeInterval, begin: CFTimeInterval) -> Phase {
        let e = elapsed(atParent: parentTime, begin: begin)
        if e < 0 { return .before }
        if e >= activeDuration { return .after }
        return .active
    }

    /// A parent time before which an animation beginning at `begin` is
    /// still active, once active: its end, made a little early so that
    /// rounding never lets `phase` say `.after` before it (infinite for one
    /// that never ends).
    func activeEnd(begin: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0, activeDuration.isFinite else { return .infinity }
        let end = begin + activeDuration / abs(speed)
        return end - abs(end) * 1e-9 - 1e-9
    }

    /// A sample of the basic local time.
    struct Sample {
        /// Seconds into the current iteration, 0...duration.
        var time: Double
        /// The basic duration.
        var duration: Double
        /// Which full cycle (forwards, and backwards when autoreversing) this is, from 0.
        var cycle: Int
        /// `time / duration`.
        var fraction: Double { duration > 0 ? time / duration : 1 }
    }

    /// The basic local time at `parentTime`, or nil when the animation has no
    /// effect then (before or after its active span without a fill).
    func sample(atParent parentTime: CFTimeInterval, begin: CFTimeInterval) -> Sample? {
        var e = elapsed(atParent: parentTime, begin: begin)
        var atEnd = false
        if e < 0 {
            guard fillsBackwards else { return nil }
            e = 0
        } else if e >= activeDuration {
            guard fillsForwards, activeDuration.isFinite else { return nil }
            e = activeDuration
            atEnd = true
        }
        return position(elapsed: e, atEnd: atEnd)
    }

    /// The basic local time after `e` seconds of active time.
    func position(elapsed e: Double, atEnd: Bool) -> Sample {
        let direction: Double = speed < 0 ? -1 : 1
        var p = timeOffset + direction * e
        if speed < 0 && timeOffset == 0 && activeDuration.isFinite { p += activeDuration }
        if activeDuration.isFinite {
            if p < 0 || p > activeDuration {
                // Wrap into the span; the end of the span stays the end (a
                // finished animation shows its last frame, not its first).
                var r = fmod(p, activeDuration)
                if r < 0 { r += activeDuration }
                if r == 0 && atEnd { r = direction > 0 ? activeDuration : 0 }
                p = r
            }
        } else if p < 0 {
            let cycle = autoreverses ? 2 * duration : duration
            var r = fmod(p, cycle)
            if r < 0 { r += cycle }
            p = r
        }
        return basic(atActivePosition: p)
    }

    /// Splits a position in the active span into iteration and time in it.
    private func basic(atActivePosition p: Double) -> Sample {
        var iteration = (p / duration).rounded(.down)
        var t = p - iteration * duration
        // The very end of an iteration belongs to it, not to the next one.
        if t <= 1e-12 * duration && iteration > 0 && p >= activeDuration - 1e-12 * duration {
            iteration -= 1
            t = duration
        }
        if t > duration { t = duration }
        let iterationIndex = Int(min(max(iteration, 0), Double(Int32.max)))
        if autoreverses && iterationIndex % 2 == 1 { t = duration - t }
        let cycle = autoreverses ? iterationIndex / 2 : iterationIndex
        return Sample(time: t, duration: duration, cycle: cycle)
    }
}

extension CALayer {
    /// The layer's local time for its parent time `t`: `(t − beginTime) × speed + timeOffset`.
    ///
    /// A layer's own duration, repeat and autoreverse settings are not applied
    /// (a layer's time runs without end, as it does in practice in CA).
    @inline(__always)
    func localTime(fromParent t: CFTimeInterval) -> CFTimeInterval {
        if _state.beginTime == 0 && _state.speed == 1 && _state.timeOffset == 0 { return t }
        return (t - _state.beginTime) * Double(_state.speed) + _state.timeOffset
    }

    /// The parent time for the layer's local time `t` (the inverse of `localTime(fromParent:)`).
    func parentTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        if _state.speed == 0 { return _state.beginTime }
        return (t - _state.timeOffset) / Double(_state.speed) + _state.beginTime
    }

    /// The layer that holds this one in the timing hierarchy: its superlayer,
    /// or the layer it masks.
    var timingParent: CALayer? { _superlayer ?? _maskedLayer }

    /// The layer's local time when the tree's clock reads `globalTime`
    /// (what the public `convertTime(_:from: nil)` gives).
    func localTime(atGlobal globalTime: CFTimeInterval) -> CFTimeInterval {
        let parent = timingParent.map { $0.localTime(atGlobal: globalTime) } ?? globalTime
        return localTime(fromParent: parent)
    }

    /// The global (clock) time at which the layer's local time is `t`.
    func globalTime(atLocal t: CFTimeInterval) -> CFTimeInterval {
        let parentT = parentTime(fromLocal: t)
        return timingParent.map { $0.globalTime(atLocal: parentT) } ?? parentT
    }
}
