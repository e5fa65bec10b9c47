import Foundation
import Strata

/// Turns Lottie properties into `CAKeyframeAnimation`s in the root
/// composition's time, and records them for the scene.
///
/// A property whose keyframes Core Animation can play as they are (linear
/// time map, one easing curve for all dimensions, values that mix linearly)
/// becomes one keyframe animation with Lottie's key times and easing curves
/// as timing functions, as lottie-ios's Core Animation engine does. Anything
/// else (time remapping, spatial tangents, per-dimension easing, values
/// computed from several properties) is sampled at every frame of the root
/// composition and played linearly between the samples: exact at frames.
struct LottieAnimationFactory {
    /// Root composition frames and rate: scene time t is frame `inPoint + t × frameRate`.
    let inPoint: Double
    let outPoint: Double
    let frameRate: Double
    /// Every animation made, with its layer and key, in the order made (not
    /// attached: a scene adds them to each copy of the tree it plays).
    var made: [(layer: CALayer, key: String, animation: CAKeyframeAnimation)] = []
    /// Indices into `made` by layer.
    private var byLayer: [ObjectIdentifier: [Int]] = [:]
    var warnings: [LottieWarning] = []
    private var warnedSampling = false
    /// What sampled values may still cost, in path elements (a number counts 1): a file
    /// with thousands of sampled paths gets fewer samples rather than gigabytes.
    private var sampleBudget = LottieLimits.maximumSampledElements
    private var warnedBudget = false

    init(inPoint: Double, outPoint: Double, frameRate: Double) {
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.frameRate = frameRate
    }

    /// Scene seconds of root frame `f`.
    func seconds(_ f: Double) -> Double { (f - inPoint) / frameRate }

    /// The root frames a sampled animation takes its values at: every frame
    /// from ip to op (coarser past ``LottieLimits/maximumSamples``).
    mutating func sampleFrames() -> [Double] {
        let span = max(0, outPoint - inPoint)
        let count = Int(min(span.rounded(.up), Double(LottieLimits.maximumSamples)))
        if span > Double(LottieLimits.maximumSamples) && !warnedSampling {
            warnedSampling = true
            warnings.append(.bakedTooLong(at: ""))
        }
        guard count > 0 else { return [inPoint] }
        return (0...count).map { inPoint + span * Double($0) / Double(count) }
    }

    // MARK: Keyframes as they are

    /// One keyframe of a native animation: its root frame, its value, and the
    /// timing of the span that ends at it.
    struct Point {
        var frame: Double
        var value: Any
        var timing: CAMediaTimingFunction?
    }

    /// Whether `property`'s keyframes can play as a keyframe animation under `map`.
    static func isNative<V>(_ property: LottieProperty<V>, map: LottieTimeMap, uniformEasing: Bool = true) -> Bool {
        guard map.isForward else { return false }
        return !uniformEasing || property.segments.allSatisfy { $0.hasUniformEasing }
    }

    /// The keyframes of `property` (already known to be native under `map`) as points, values made by `convert`.
    static func points<V>(
        _ property: LottieProperty<V>, map: LottieTimeMap, dimension: Int = 0,
        convert: (V) -> Any
    ) -> [Point] {
        var points: [Point] = []
        var lastValue: V?
        func add(_ frame: Double, _ value: V, _ timing: CAMediaTimingFunction?) {
            points.append(Point(frame: frame, value: convert(value), timing: timing))
            lastValue = value
        }
        for s in property.segments {
            let t0 = map.rootFrame(s.startTime)!, t1 = map.rootFrame(s.endTime)!
            if let last = points.last, let lastValue {
                if last.frame < t0 {
                    // A gap between segments (an `e` that is not the next `s`) holds the last value.
                    add(t0, lastValue, nil)
                }
                if lastValue != s.from { add(t0, s.from, nil) }
            } else {
                add(t0, s.from, nil)
            }
            if s.hold || t1 <= t0 {
                // The new value shows from the next keyframe's frame: jump a hair before it, so a
                // frame sampled there (with rounding in the seconds) gets the new value.
                let jump = max(t0, t1 - Self.jumpEarly)
                add(jump, s.from, nil)
                if s.to != s.from { add(jump, s.to, nil) }
            } else {
                let o = s.easeOut.point(dimension), i = s.easeIn.point(dimension)
                let linear = o.x == o.y && i.x == i.y
                add(
                    t1, s.to,
                    linear
                        ? nil
                        : CAMediaTimingFunction(
                            controlPoints: Float(min(max(o.x, 0), 1)), Float(o.y), Float(min(max(i.x, 0), 1)),
                            Float(i.y)))
            }
        }
        return points
    }

    /// A keyframe animation of `keyPath` through `points`, added to `layer`'s list.
    @discardableResult
    mutating func add(
        _ keyPath: String, points: [Point], to layer: CALayer,
        configure: ((CAKeyframeAnimation) -> Void)? = nil
    ) -> CAKeyframeAnimation? {
        guard let first = points.first, let last = points.last else { return nil }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = points.map(\.value)
        let span = last.frame - first.frame
        if span > 0 {
            animation.keyTimes = points.map { NSNumber(value: ($0.frame - first.frame) / span) }
        } else {
            // Every keyframe at one frame: jump to the last value there.
            animation.values = [first.value, last.value]
            animation.keyTimes = [0, 1]
        }
        if points.dropFirst().contains(where: { $0.timing != nil }) {
            let linear = CAMediaTimingFunction(name: .linear)
            animation.timingFunctions = points.dropFirst().map { $0.timing ?? linear }
        }
        // A begin time of exactly 0 would mean "now" to Core Animation.
        let begin = seconds(first.frame)
        animation.beginTime = begin == 0 ? Self.beginTimeAtZero : begin
        animation.duration = span > 0 ? span / frameRate : Self.instant
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.calculationMode = .linear
        configure?(animation)
        record(animation, forKey: "lottie.\(keyPath).\(made.count)", on: layer)
        return animation
    }

    /// How long before its frame (in frames) a value jumps, so that the frame itself shows the new value.
    static let jumpEarly = 1e-3

    /// A begin time Core Animation takes for time zero (0 itself means "now").
    static let beginTimeAtZero = 1e-100
    /// The duration of an animation whose keyframes all fall on one frame.
    static let instant = 1e-6

    // MARK: Sampled

    /// An animation of `keyPath` sampled at every root frame: `value(f)` at root frame `f`.
    @discardableResult
    mutating func addSampled(
        _ keyPath: String, to layer: CALayer, discrete: Bool = false,
        value: (Double) -> Any
    ) -> CAKeyframeAnimation? {
        var frames = sampleFrames()
        let first = value(frames[0])
        let cost = max(1, (first as? CGPath)?.elements.count ?? 1)
        if cost * frames.count > sampleBudget {
            // Over budget: fewer samples, evenly spread (at least the two ends).
            let n = max(2, min(frames.count, sampleBudget / cost))
            let all = frames
            frames = (0..<n).map { all[($0 * (all.count - 1)) / max(1, n - 1)] }
            if !warnedBudget {
                warnedBudget = true
                warnings.append(
                    LottieWarning(
                        path: "",
                        message: "too many values change every frame; some are sampled "
                            + "more sparsely than once a frame"))
            }
        }
        sampleBudget = max(0, sampleBudget - cost * frames.count)
        let points = frames.enumerated().map { Point(frame: $1, value: $0 == 0 ? first : value($1), timing: nil) }
        return add(keyPath, points: points, to: layer) { if discrete { $0.calculationMode = .discrete } }
    }

    /// Binds a Lottie opacity (percent) to `layer`'s `opacity` (0…1, clamped).
    mutating func bindOpacity(_ percent: LottieProperty<Double>, map: LottieTimeMap, on layer: CALayer) {
        bind(
            "opacity", percent, map: map, on: layer,
            setModel: { layer.opacity = Float(min(max($0 / 100, 0), 1)) },
            convert: { NSNumber(value: Float(min(max($0 / 100, 0), 1))) })
    }

    /// Adds `keyPath`'s animation for `property` under `map` to `layer`, and
    /// sets the model value: keyframes as they are when possible, else
    /// sampled. `convert` makes the Core Animation value (it must mix
    /// linearly with the Lottie value for the keyframes to be used as they are).
    mutating func bind<V>(
        _ keyPath: String, _ property: LottieProperty<V>, map: LottieTimeMap, on layer: CALayer,
        setModel: (V) -> Void, convert: @escaping (V) -> Any
    ) {
        guard property.isAnimated else {
            setModel(property.value)
            return
        }
        setModel(property.value(at: map.localFrame(inPoint)))
        if Self.isNative(property, map: map) {
            add(keyPath, points: Self.points(property, map: map, convert: convert), to: layer)
        } else {
            addSampled(keyPath, to: layer) { convert(property.value(at: map.localFrame($0))) }
        }
    }
}

extension LottieAnimationFactory {
    private mutating func record(_ animation: CAKeyframeAnimation, forKey key: String, on layer: CALayer) {
        byLayer[ObjectIdentifier(layer), default: []].append(made.count)
        made.append((layer, key, animation))
    }

    /// The animations made for `layer`, with their keys.
    func animations(of layer: CALayer) -> [(key: String, animation: CAKeyframeAnimation)] {
        (byLayer[ObjectIdentifier(layer)] ?? []).map { (made[$0].key, made[$0].animation) }
    }

    /// Gives `layer` the animations `original` has (a repeater's copy of a layer); animations are immutable once made.
    mutating func copyAnimations(of original: CALayer, to layer: CALayer) {
        for (key, animation) in animations(of: original) { record(animation, forKey: key, on: layer) }
    }
}
