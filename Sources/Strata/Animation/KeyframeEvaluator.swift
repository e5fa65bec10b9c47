import Foundation

/// `CAKeyframeAnimation`: values (or a path) at key times, by calculation mode.
///
/// - linear / cubic: keyframe i at `keyTimes[i]` (evenly spaced without valid
///   key times); each segment's local progress goes through
///   `timingFunctions[i]`; cubic runs a Kochanek–Bartels spline (tension,
///   continuity, bias; Catmull–Rom when unset) with tangents scaled for
///   unequal segment durations. Transforms and values without components
///   interpolate linearly in cubic mode.
/// - discrete: keyframe i holds from `keyTimes[i]` to the next key time
///   (n + 1 key times for n values, as CA documents; n also accepted).
/// - paced / cubicPaced: key times and timing functions are ignored; each
///   segment gets time in proportion to its length (cubicPaced: the spline's
///   length), so the speed is constant (within a cubic segment, approximately).
/// - path: each element's end point is a keyframe; motion follows the curves
///   (by arc length when paced). `rotationMode` turns the layer's transform to
///   the direction of motion.
final class KeyframeEvaluator: PropertyEvaluator {
    private enum Mode { case linear, discrete, paced, cubic, cubicPaced }

    private let mode: Mode
    private let values: [AnimValue]
    private let segments: [KeyframePathSegment]
    /// Time (0...1 of the duration) of each keyframe.
    private var times: [Double] = []
    private let segmentFunctions: [CAMediaTimingFunction]
    /// Spline tangents per segment (outgoing at the start, incoming at the end).
    private var tangents: [(out: [Double], in: [Double])] = []
    private let vectors: [[Double]]
    private let rotationMode: CAAnimationRotationMode?
    private let transformTarget: AnimationTarget?
    /// Where a rotation mode's transform lies in a node's state (nil: no rotation mode).
    private let stateTurnWrite: NumberAnimationPlan.Write?

    init(
        animation: CAKeyframeAnimation, target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?,
        layer: CALayer
    ) {
        switch animation.calculationMode {
        case .discrete: mode = .discrete
        case .paced: mode = .paced
        case .cubic: mode = .cubic
        case .cubicPaced: mode = .cubicPaced
        default: mode = .linear
        }
        if let path = animation.path, valueKind == .point {
            segments = KeyframePathSegment.segments(of: path)
            values = segments.isEmpty ? [] : [.point(segments[0].start)] + segments.map { .point($0.end) }
        } else {
            segments = []
            var converted: [AnimValue] = []
            for v in animation.values ?? [] {
                guard let value = AnimValue(v, kind: valueKind) else { converted = []; break }
                converted.append(value)
            }
            values = converted
        }
        segmentFunctions = animation.timingFunctions ?? []
        let wantsVectors = (mode == .cubic || mode == .cubicPaced) && segments.isEmpty && valueKind != .transform
        let vectors = wantsVectors ? values.compactMap { $0.vector } : []
        let usable = vectors.count == values.count && !vectors.isEmpty && Set(vectors.map(\.count)).count == 1
        self.vectors = usable ? vectors : []
        rotationMode = animation.rotationMode
        transformTarget =
            animation.rotationMode != nil && valueKind == .point
            ? AnimationTarget(keyPath: "transform", layer: layer) : nil
        stateTurnWrite = transformTarget?.planWrite(valueKind: .transform, function: nil, additive: false)
        super.init(animation: animation, target: target, valueKind: valueKind, function: function)
        let spline = isSpline
        let tcb = (animation.tensionValues ?? [], animation.continuityValues ?? [], animation.biasValues ?? [])
        times = Self.keyframeTimes(
            mode: mode, count: values.count, keyTimes: animation.keyTimes,
            lengths: { [self] in segmentLengths(spline: spline, tcb: tcb) })
        if spline { tangents = makeTangents(tcb: tcb, times: times) }
    }

    private var isSpline: Bool { (mode == .cubic || mode == .cubicPaced) && !vectors.isEmpty }

    /// A linear or discrete keyframe animation (no path, rotation mode or
    /// spline; not cumulative) whose values are numbers, Bools, points,
    /// sizes or rectangles written into `LayerState`'s plain bytes, or a
    /// value function's input written into the stored `transform`, whole
    /// transforms or colours of `LayerState`, or any values of a shape
    /// layer's content field (numbers, colours, paths), is a step of a
    /// `NumberAnimationPlan` too.
    override func numberStep(begin: CFTimeInterval) -> NumberAnimationPlan.Step? {
        // Added to the value beneath without a value function: plain numbers, points, sizes, rectangles.
        let adds = isAdditive && function == nil
        guard mode == .linear || mode == .discrete, segments.isEmpty, transformTarget == nil, !isCumulative,
            let target, !values.isEmpty,
            let write = target.planWrite(valueKind: valueKind, function: function, additive: isAdditive && !adds),
            !adds || write.laneCount != nil
        else { return nil }
        if write.writesValues {
            // Colours, paths and transforms: the values themselves, mixed when written.
            let keyframes = NumberKeyframes(
                times: times, values: Array(repeating: 0, count: values.count), width: 1,
                curves: segmentFunctions.map(\.curve), discrete: mode == .discrete)
            return NumberAnimationPlan.Step(
                timing: timing, curve: timingFunction?.curve, begin: begin,
                numbers: .values(keyframes, .init(values)), write: write)
        }
        var numbers: [Double] = []
        var width = 0
        for value in values {
            let count = numbers.count
            switch (value, write) {
            case (.number(let x), .number(let field)):
                if case .bool = field { return nil }
                numbers.append(x)
            case (.number(let x), .matrix), (.number(let x), .shape): numbers.append(x)
            case (.numbers(let v), .matrix) where !v.isEmpty: numbers += v
            case (.discrete(let d), .number(.bool)):
                // Between two Bools the evaluator picks one at the half way: only a jump is a step.
                guard mode == .discrete || values.count == 1 else { return nil }
                numbers.append(AnimValue.bool(from: d.value).map { $0 ? 1 : 0 } ?? .nan)
            case (.point(let p), .cgFloats(_, 2)): numbers += [Double(p.x), Double(p.y)]
            case (.size(let s), .cgFloats(_, 2)): numbers += [Double(s.width), Double(s.height)]
            case (.rect(let r), .cgFloats(_, 4)):
                numbers += [Double(r.origin.x), Double(r.origin.y), Double(r.width), Double(r.height)]
            default: return nil
            }
            // Every keyframe the same width (numbers of other counts do not mix).
            guard width == 0 || numbers.count - count == width else { return nil }
            width = numbers.count - count
        }
        let keyframes = NumberKeyframes(
            times: times, values: numbers, width: width, curves: segmentFunctions.map(\.curve),
            discrete: mode == .discrete)
        return NumberAnimationPlan.Step(
            timing: timing, curve: timingFunction?.curve, begin: begin, numbers: .keyframes(keyframes), write: write,
            adds: adds)
    }

    // MARK: Timing

    /// The time of each keyframe, by mode.
    private static func keyframeTimes(
        mode: Mode, count n: Int, keyTimes: [NSNumber]?,
        lengths: () -> [Double]
    ) -> [Double] {
        guard n > 1 else { return n == 1 ? [0] : [] }
        let even = (0..<n).map { Double($0) / Double(n - 1) }
        switch mode {
        case .paced, .cubicPaced:
            let l = lengths()
            let total = l.reduce(0, +)
            guard total > 0 else { return even }
            var acc = 0.0
            return [0]
                + l.map {
                    acc += $0; return acc / total
                }
        case .discrete:
            let given = keyTimes?.map { $0.doubleValue } ?? []
            if (given.count == n || given.count == n + 1) && isAscending(given) { return given }
            return (0...n).map { Double($0) / Double(n) }
        case .linear, .cubic:
            let given = keyTimes?.map { $0.doubleValue } ?? []
            return given.count == n && isAscending(given) ? given : even
        }
    }

    private static func isAscending(_ t: [Double]) -> Bool {
        guard let first = t.first, first >= 0, let last = t.last, last <= 1 else { return false }
        return zip(t, t.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The length of each segment, for paced timing.
    private func segmentLengths(spline: Bool, tcb: ([NSNumber], [NSNumber], [NSNumber])) -> [Double] {
        if !segments.isEmpty { return segments.map { $0.length } }
        if spline {
            // Arc length of the spline with evenly spaced keyframes.
            let even = (0..<values.count).map { Double($0) / Double(values.count - 1) }
            let t = makeTangents(tcb: tcb, times: even)
            return (0..<values.count - 1).map { i in
                var length = 0.0
                var previous = vectors[i]
                for k in 1...16 {
                    let p = hermite(i, Double(k) / 16, tangents: t)
                    length += zip(p, previous).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
                    previous = p
                }
                return length
            }
        }
        return zip(values, values.dropFirst()).map { AnimValue.distance($0, $1) }
    }

    /// The segment and its local progress at overall progress `f`.
    private func locate(_ f: Double) -> (index: Int, local: Double) {
        let (i, local, inside) = NumberKeyframes.segment(at: f, times: times, count: values.count)
        guard inside, mode == .linear || mode == .cubic, i < segmentFunctions.count else { return (i, local) }
        return (i, segmentFunctions[i].evaluate(local))
    }

    // MARK: Values

    override func value(at sample: TimingModel.Sample, base: AnimValue) -> AnimValue? {
        guard !values.isEmpty else { return nil }
        if values.count == 1 { return values[0] }
        let f = progress(sample)
        if mode == .discrete { return values[discreteIndex(f)] }
        let (i, s) = locate(f)
        return value(segment: i, local: s)
    }

    private func discreteIndex(_ f: Double) -> Int {
        NumberKeyframes.discreteIndex(at: f, times: times, count: values.count)
    }

    private func value(segment i: Int, local s: Double) -> AnimValue {
        if !segments.isEmpty {
            let segment = segments[i]
            let param = (mode == .paced || mode == .cubicPaced) ? segment.parameter(atArcFraction: s) : s
            return .point(segment.point(at: param))
        }
        if isSpline { return values[i].withVector(hermite(i, s, tangents: tangents)) }
        return AnimValue.interpolate(values[i], values[i + 1], s, transforms: transforms)
    }

    override func cycleEnd(base: AnimValue) -> AnimValue? { values.last }

    override var readsBase: Bool { false }

    // MARK: Splines

    /// Kochanek–Bartels tangents for each segment, scaled for unequal durations.
    private func makeTangents(tcb: ([NSNumber], [NSNumber], [NSNumber]), times: [Double]) -> [(
        out: [Double], in: [Double]
    )] {
        let n = vectors.count
        func param(_ list: [NSNumber], _ i: Int) -> Double { i < list.count ? list[i].doubleValue : 0 }
        func sub(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 - $1 } }
        func mix(_ a: [Double], _ wa: Double, _ b: [Double], _ wb: Double) -> [Double] {
            zip(a, b).map { $0 * wa + $1 * wb }
        }
        var result: [(out: [Double], in: [Double])] = []
        for i in 0..<(n - 1) {
            let p0 = vectors[max(i - 1, 0)], p1 = vectors[i], p2 = vectors[i + 1], p3 = vectors[min(i + 2, n - 1)]
            let (t1, c1, b1) = (param(tcb.0, i), param(tcb.1, i), param(tcb.2, i))
            let (t2, c2, b2) = (param(tcb.0, i + 1), param(tcb.1, i + 1), param(tcb.2, i + 1))
            // Outgoing tangent at keyframe i, incoming at keyframe i + 1.
            var out = mix(
                sub(p1, p0), (1 - t1) * (1 + b1) * (1 + c1) / 2, sub(p2, p1), (1 - t1) * (1 - b1) * (1 - c1) / 2)
            var inc = mix(
                sub(p2, p1), (1 - t2) * (1 + b2) * (1 - c2) / 2, sub(p3, p2), (1 - t2) * (1 - b2) * (1 + c2) / 2)
            // Keyframes at unequal spacing: scale so the speed is continuous across keyframes.
            let d = times[i + 1] - times[i]
            if i > 0 {
                let dPrev = times[i] - times[i - 1]
                if dPrev + d > 0 { out = out.map { $0 * 2 * d / (dPrev + d) } }
            }
            if i + 2 < n {
                let dNext = times[i + 2] - times[i + 1]
                if d + dNext > 0 { inc = inc.map { $0 * 2 * d / (d + dNext) } }
            }
            result.append((out, inc))
        }
        return result
    }

    /// The cubic Hermite point of segment `i` at local `s`.
    private func hermite(_ i: Int, _ s: Double, tangents: [(out: [Double], in: [Double])]) -> [Double] {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let p0 = vectors[i], p1 = vectors[i + 1], m0 = tangents[i].out, m1 = tangents[i].in
        return (0..<p0.count).map { k in h00 * p0[k] + h10 * m0[k] + h01 * p1[k] + h11 * m1[k] }
    }

    // MARK: Rotation mode

    override var writesOnlyItsValue: Bool { rotationMode == nil || transformTarget == nil }

    override var turnWrite: NumberAnimationPlan.Write? { stateTurnWrite }

    override func afterApply(_ sample: TimingModel.Sample, to layer: CALayer) {
        guard let transformTarget, let current = transformTarget.get(layer).transformValue,
            let turned = turned(current, at: sample)
        else { return }
        transformTarget.set(layer, .transform(turned))
    }

    override func writeAfterValue(
        at sample: TimingModel.Sample, into state: UnsafeLayerStateHandle<LayerState>,
        memo: inout DecompositionMemo
    ) {
        guard let stateTurnWrite,
            let current = stateTurnWrite.value(in: state, kind: .transform, memo: &memo)?.transformValue,
            let turned = turned(current, at: sample)
        else { return }
        stateTurnWrite.store(.transform(turned), into: state, memo: &memo)
    }

    /// `current` turned to the direction of motion at `sample` (nil: no rotation mode, or no direction).
    private func turned(_ current: CATransform3D, at sample: TimingModel.Sample) -> CATransform3D? {
        guard let rotationMode, values.count > 1, mode != .discrete else { return nil }
        let f = progress(sample)
        let (i, s) = locate(f)
        // The direction of motion, from nearby points of the same segment.
        let eps = 1e-3
        guard let a = value(segment: i, local: max(s - eps, 0)).pointValue,
            let b = value(segment: i, local: min(s + eps, 1)).pointValue
        else { return nil }
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        guard dx != 0 || dy != 0 else { return nil }
        var angle = atan2(dy, dx)
        if rotationMode == .rotateAutoReverse { angle += Double.pi }
        return CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1).concatenating(current)
    }
}

/// One piece of a path a keyframe animation follows: a line or a Bézier.
struct KeyframePathSegment {
    /// Control points, start first, end last (2: line, 3: quadratic, 4: cubic).
    let points: [CGPoint]
    /// Cumulative arc length at evenly spaced parameters (for paced motion).
    private let arcTable: [Double]

    var start: CGPoint { points[0] }
    var end: CGPoint { points[points.count - 1] }
    var length: Double { arcTable.last ?? 0 }

    init(_ points: [CGPoint]) {
        self.points = points
        var table = [0.0]
        let steps = points.count == 2 ? 1 : 32
        var previous = points[0]
        for k in 1...steps {
            let p = Self.evaluate(points, Double(k) / Double(steps))
            table.append(table[table.count - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
            previous = p
        }
        arcTable = table
    }

    /// The point at Bézier parameter `t`.
    func point(at t: Double) -> CGPoint { Self.evaluate(points, t) }

    /// The parameter at fraction `s` of the arc length (inverting the table linearly).
    func parameter(atArcFraction s: Double) -> Double {
        guard length > 0, arcTable.count > 2 else { return s }
        let target = s * length
        let steps = arcTable.count - 1
        var k = 1
        while k < steps && arcTable[k] < target { k += 1 }
        let a = arcTable[k - 1], b = arcTable[k]
        let within = b > a ? (target - a) / (b - a) : 0
        return (Double(k - 1) + within) / Double(steps)
    }

    private static func evaluate(_ p: [CGPoint], _ t: Double) -> CGPoint {
        let t = CGFloat(t), u = 1 - t
        switch p.count {
        case 2: return CGPoint(x: p[0].x * u + p[1].x * t, y: p[0].y * u + p[1].y * t)
        case 3:
            return CGPoint(
                x: u * u * p[0].x + 2 * u * t * p[1].x + t * t * p[2].x,
                y: u * u * p[0].y + 2 * u * t * p[1].y + t * t * p[2].y)
        default:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(
                x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
        }
    }

    /// The segments of `path`, in order; a move starts a new subpath (the jump
    /// to it is a straight segment), a close returns to the subpath's start.
    static func segments(of path: CGPath) -> [KeyframePathSegment] {
        var result: [KeyframePathSegment] = []
        var current: CGPoint?
        var subpathStart = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                if let c = current, !result.isEmpty { result.append(KeyframePathSegment([c, p])) }
                current = p; subpathStart = p
            case .lineTo(let p):
                result.append(KeyframePathSegment([current ?? p, p])); current = p
            case .quadCurveTo(let c, let p):
                result.append(KeyframePathSegment([current ?? c, c, p])); current = p
            case .curveTo(let c1, let c2, let p):
                result.append(KeyframePathSegment([current ?? c1, c1, c2, p])); current = p
            case .closeSubpath:
                if let c = current, c != subpathStart { result.append(KeyframePathSegment([c, subpathStart])) }
                current = subpathStart
            }
        }
        return result
    }
}
