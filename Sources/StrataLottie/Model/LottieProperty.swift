import Foundation

/// One span between two keyframes: the value goes from `from` to `to` over
/// `startTime...endTime` (frames), along the easing curve `easeOut`, `easeIn`.
package struct LottieSegment<Value: LottieValue>: Equatable, Sendable {
    /// The frame the span starts at (its keyframe's `t`).
    package var startTime: Double
    /// The frame the span ends at (the next keyframe's `t`).
    package var endTime: Double
    /// The value at the start (`s`).
    package var from: Value
    /// The value at the end (`e`, or the next keyframe's `s`).
    package var to: Value
    /// A hold keyframe: `from` until `endTime`.
    package var hold: Bool
    /// The easing curve's first control point (`o` of the keyframe).
    package var easeOut: LottieEasing
    /// The easing curve's second control point (`i` of the keyframe).
    package var easeIn: LottieEasing
    /// Spatial tangents (`to`, `ti`) of a position, relative to `from` and `to`; nil when straight.
    package var spatialOut: LottieVector?
    /// See ``spatialOut``.
    package var spatialIn: LottieVector?

    /// A span between two keyframes (linear, unless eased).
    package init(
        startTime: Double, endTime: Double, from: Value, to: Value, hold: Bool = false,
        easeOut: LottieEasing = .linearOut, easeIn: LottieEasing = .linearIn,
        spatialOut: LottieVector? = nil, spatialIn: LottieVector? = nil
    ) {
        self.startTime = startTime
        self.endTime = endTime
        self.from = from
        self.to = to
        self.hold = hold
        self.easeOut = easeOut
        self.easeIn = easeIn
        self.spatialOut = spatialOut
        self.spatialIn = spatialIn
    }

    /// Whether the segment moves along a curve (non-zero spatial tangents).
    package var isSpatial: Bool {
        guard let o = spatialOut, let i = spatialIn else { return false }
        return o.values.contains { $0 != 0 } || i.values.contains { $0 != 0 }
    }

    /// Whether every dimension eases along the same curve.
    var hasUniformEasing: Bool {
        let n = max(easeOut.dimensions, easeIn.dimensions)
        guard n > 1 else { return true }
        let o0 = easeOut.point(0), i0 = easeIn.point(0)
        return (1..<n).allSatisfy { easeOut.point($0) == o0 && easeIn.point($0) == i0 }
    }
}

/// A property of a Lottie file: one value, or keyframes (as segments).
package struct LottieProperty<Value: LottieValue>: Equatable, Sendable {
    /// The value when there are no segments (and the first value when there are).
    package var value: Value
    /// The spans between keyframes, in time order; empty for a still value.
    package var segments: [LottieSegment<Value>]

    /// A still value.
    package init(_ value: Value) {
        self.value = value
        segments = []
    }

    /// Keyframes, as segments (at least one).
    package init(segments: [LottieSegment<Value>]) {
        precondition(!segments.isEmpty, "LottieProperty: keyframes need at least one segment")
        self.segments = segments
        value = segments[0].from
    }

    /// Whether the value changes over time.
    package var isAnimated: Bool {
        segments.contains { $0.from != value || $0.to != value }
    }

    /// The frames at which keyframes are (segment starts, and the last end).
    package var keyframeTimes: [Double] {
        guard let last = segments.last else { return [] }
        return segments.map(\.startTime) + [last.endTime]
    }

    /// The value at `frame` (any real frame number), as Lottie players
    /// compute it: before the first keyframe its value, after the last the
    /// last value, eased between, holds holding.
    package func value(at frame: Double) -> Value {
        guard let first = segments.first, let last = segments.last else { return value }
        if frame <= first.startTime { return first.from }
        if frame >= last.endTime { return last.to }
        // Binary search for the segment holding `frame`.
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].startTime <= frame { lo = mid } else { hi = mid - 1 }
        }
        let s = segments[lo]
        if s.hold || s.endTime <= s.startTime { return frame >= s.endTime ? s.to : s.from }
        if frame >= s.endTime { return s.to }
        let linear = (frame - s.startTime) / (s.endTime - s.startTime)
        let dims = max(s.easeOut.dimensions, s.easeIn.dimensions)
        let progress = (0..<dims).map { d in
            LottieBezierEasing.progress(linear, out: s.easeOut.point(d), in: s.easeIn.point(d))
        }
        return Value.interpolate(s.from, s.to, progress: progress)
    }
}

extension LottieProperty where Value == LottieVector {
    /// The value at `frame`, following spatial tangents (a position).
    package func spatialValue(at frame: Double) -> LottieVector {
        guard let first = segments.first, let last = segments.last,
            frame > first.startTime, frame < last.endTime
        else { return value(at: frame) }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].startTime <= frame { lo = mid } else { hi = mid - 1 }
        }
        let s = segments[lo]
        guard s.isSpatial, !s.hold, s.endTime > s.startTime, frame < s.endTime else { return value(at: frame) }
        let linear = (frame - s.startTime) / (s.endTime - s.startTime)
        let p = LottieBezierEasing.progress(linear, out: s.easeOut.point(0), in: s.easeIn.point(0))
        let curve = LottieSpatialCurve(from: s.from, out: s.spatialOut ?? [0, 0], in: s.spatialIn ?? [0, 0], to: s.to)
        return curve.point(atLengthFraction: p)
    }

    /// Whether any segment moves along a curve.
    package var isSpatial: Bool { segments.contains { $0.isSpatial } }
}

/// Lottie's easing: a cubic Bézier from (0, 0) to (1, 1) with control points
/// `out` and `in`, solved for x = linear progress.
enum LottieBezierEasing {
    static func progress(_ x: Double, out p1: (x: Double, y: Double), in p2: (x: Double, y: Double)) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // A straight line needs no solving.
        if p1.x == p1.y && p2.x == p2.y { return x }
        let x1 = p1.x, x2 = p2.x
        func bx(_ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u }
        func by(_ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * p1.y + 3 * (1 - u) * u * u * p2.y + u * u * u }
        func dx(_ u: Double) -> Double {
            3 * (1 - u) * (1 - u) * x1 + 6 * (1 - u) * u * (x2 - x1) + 3 * u * u * (1 - x2)
        }
        // Newton from a good start, then bisection if it strays (x need not be monotonic in malformed files).
        var u = x
        for _ in 0..<8 {
            let err = bx(u) - x
            if abs(err) < 1e-9 { return by(u) }
            let d = dx(u)
            if abs(d) < 1e-9 { break }
            u -= err / d
            if u < 0 || u > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        u = x
        for _ in 0..<60 {
            let v = bx(u)
            if abs(v - x) < 1e-10 { break }
            if v < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return by(u)
    }
}

/// The curve a position follows between two keyframes with spatial tangents,
/// walked by arc length (as After Effects, lottie-web and rlottie do).
struct LottieSpatialCurve {
    let p0: (Double, Double), p1: (Double, Double), p2: (Double, Double), p3: (Double, Double)
    private var lengths: [Double] = []

    init(from: LottieVector, out: LottieVector, in tangentIn: LottieVector, to: LottieVector) {
        p0 = (from.x, from.y)
        p1 = (from.x + out.x, from.y + out.y)
        p2 = (to.x + tangentIn.x, to.y + tangentIn.y)
        p3 = (to.x, to.y)
        var table = [0.0]
        var previous = p0
        for k in 1...Self.steps {
            let q = point(Double(k) / Double(Self.steps))
            table.append(table[k - 1] + hypot(q.0 - previous.0, q.1 - previous.1))
            previous = q
        }
        lengths = table
    }

    static let steps = 200

    func point(_ t: Double) -> (Double, Double) {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
    }

    func point(atLengthFraction f: Double) -> LottieVector {
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return [p0.0 + (p3.0 - p0.0) * f, p0.1 + (p3.1 - p0.1) * f] }
        let target = min(max(f, 0), 1) * total
        var lo = 0, hi = lengths.count - 1
        while lo + 1 < hi {
            let mid = (lo + hi) / 2
            if lengths[mid] <= target { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        let within = span > 0 ? (target - lengths[lo]) / span : 0
        let q = point((Double(lo) + within) / Double(Self.steps))
        return [q.0, q.1]
    }
}
