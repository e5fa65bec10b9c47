import Foundation

/// An animation compiled for one layer: its timing model and how it writes
/// its value at a time into a presentation copy of the layer.
///
/// Made once per attached animation (the attached copy is immutable), so the
/// key path is resolved and the values converted once, not every frame.
class AnimationEvaluator {
    let timing: TimingModel
    let timingFunction: CAMediaTimingFunction?

    init(timing: TimingModel, timingFunction: CAMediaTimingFunction?) {
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// Applies the animation at `parentTime` (its layer's local time, or its
    /// group's) to `layer`, a presentation copy; `begin` is its begin time.
    final func apply(to layer: CALayer, parentTime: CFTimeInterval, begin: CFTimeInterval) {
        guard let sample = timing.sample(atParent: parentTime, begin: begin) else { return }
        applySample(sample, to: layer)
    }

    /// Writes the value for `sample`; subclasses override.
    func applySample(_ sample: TimingModel.Sample, to layer: CALayer) {}

    /// The eased progress of `sample` (linear without a timing function).
    @inline(__always)
    func progress(_ sample: TimingModel.Sample) -> Double {
        let f = sample.fraction
        return timingFunction?.evaluate(f) ?? f
    }
}

/// A group: its children run in the group's (eased) local time.
final class GroupEvaluator: AnimationEvaluator {
    let children: [(evaluator: AnimationEvaluator, begin: CFTimeInterval)]

    init(timing: TimingModel, timingFunction: CAMediaTimingFunction?,
         children: [(AnimationEvaluator, CFTimeInterval)]) {
        self.children = children.map { (evaluator: $0.0, begin: $0.1) }
        super.init(timing: timing, timingFunction: timingFunction)
    }

    override func applySample(_ sample: TimingModel.Sample, to layer: CALayer) {
        let groupTime = progress(sample) * sample.duration
        for child in children { child.evaluator.apply(to: layer, parentTime: groupTime, begin: child.begin) }
    }
}

/// A property animation: computes a value of the key path's kind (or of its
/// value function's input) and writes it, replacing or adding to the value beneath.
class PropertyEvaluator: AnimationEvaluator {
    let target: AnimationTarget?
    let valueKind: ValueKind
    let function: CAValueFunction?
    let isAdditive: Bool
    let isCumulative: Bool
    /// Decompositions of transform endpoints, kept between frames.
    var transforms = TransformInterpolator()

    init(animation: CAPropertyAnimation, target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?) {
        self.target = target
        self.valueKind = valueKind
        self.function = function
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        super.init(timing: TimingModel(animation), timingFunction: animation.timingFunction)
    }

    /// Converts an animation value given by the caller into the value kind (nil: absent or not convertible).
    func convert(_ any: Any?) -> AnimValue? {
        guard let any else { return nil }
        return AnimValue(any, kind: valueKind)
    }

    override final func applySample(_ sample: TimingModel.Sample, to layer: CALayer) {
        guard let target else { return }
        let targetBase = target.get(layer)
        // A value function's input cannot be read back from the matrix: its
        // "current value" is the input that makes the identity.
        let base = function?.identityInput ?? targetBase
        guard var value = value(at: sample, base: base) else { return }
        if isCumulative && sample.cycle > 0, let end = cycleEnd(base: base) {
            value = Self.accumulate(value, end, times: sample.cycle)
        }
        var result = value
        if let function {
            guard let t = function.transform(for: value) else { return }
            result = .transform(t)
        }
        if isAdditive { result = AnimValue.add(targetBase, result) ?? result }
        target.set(layer, result)
        afterApply(sample, to: layer)
    }

    /// The animation's own value at `sample`; `base` is the value beneath it.
    func value(at sample: TimingModel.Sample, base: AnimValue) -> AnimValue? { nil }

    /// The value at the end of one cycle (what cumulative repeats add on).
    func cycleEnd(base: AnimValue) -> AnimValue? { nil }

    /// Hook after the value is written (keyframe rotation modes).
    func afterApply(_ sample: TimingModel.Sample, to layer: CALayer) {}

    /// `value` plus `times` × `end` (SMIL's "accumulate sum", as CA's cumulative).
    static func accumulate(_ value: AnimValue, _ end: AnimValue, times: Int) -> AnimValue {
        if case .transform = end {
            var v = value
            for _ in 0..<min(times, 1000) { v = AnimValue.add(v, end) ?? v }
            return v
        }
        guard let e = end.vector else { return value }
        return AnimValue.add(value, end.withVector(e.map { $0 * Double(times) })) ?? value
    }
}

/// `CABasicAnimation` (and `CASpringAnimation`): from/to/by per CA's rules.
final class BasicEvaluator: PropertyEvaluator {
    let from: AnimValue?
    let to: AnimValue?
    let by: AnimValue?
    /// The value when the animation was added, for one with no values at all.
    let previous: AnimValue?
    let spring: SpringModel?

    init(animation: CABasicAnimation, target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?,
         layer: CALayer, spring: SpringModel? = nil) {
        self.spring = spring
        var previous: AnimValue?
        if animation.fromValue == nil && animation.toValue == nil && animation.byValue == nil, function == nil {
            previous = target?.get(layer)
        }
        self.previous = previous
        // Values are converted once; `convert` needs `valueKind`, set first.
        let kind = valueKind
        func convert(_ any: Any?) -> AnimValue? { any.flatMap { AnimValue($0, kind: kind) } }
        from = convert(animation.fromValue)
        to = convert(animation.toValue)
        by = convert(animation.byValue)
        super.init(animation: animation, target: target, valueKind: valueKind, function: function)
    }

    /// Start and end values, by Core Animation's from/to/by rules.
    func endpoints(base: AnimValue) -> (AnimValue, AnimValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, AnimValue.add(f, b) ?? f)
        case let (nil, t?, b?): return (AnimValue.subtract(t, b) ?? t, t)
        case let (f?, nil, nil): return (f, base)
        case let (nil, t?, nil): return (base, t)
        case let (nil, nil, b?): return (base, AnimValue.add(base, b) ?? base)
        case (nil, nil, nil): return (previous ?? base, base)
        }
    }

    override func value(at sample: TimingModel.Sample, base: AnimValue) -> AnimValue? {
        let (a, b) = endpoints(base: base)
        let f = spring.map { $0.progress(at: sample.time) } ?? progress(sample)
        return AnimValue.interpolate(a, b, f, transforms: &transforms)
    }

    override func cycleEnd(base: AnimValue) -> AnimValue? { endpoints(base: base).1 }
}
