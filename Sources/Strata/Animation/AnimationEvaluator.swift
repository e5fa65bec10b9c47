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

    init(
        timing: TimingModel, timingFunction: CAMediaTimingFunction?,
        children: [(AnimationEvaluator, CFTimeInterval)]
    ) {
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
    /// Decompositions of transform endpoints, kept between frames (transform values only).
    let transforms: TransformInterpolator?
    /// The two numbers a number runs between when it is written as it is
    /// (no value function, not additive or cumulative): the common animation
    /// (a rotation, an opacity, every layer, every frame) is then a mix and
    /// a write, with no values to make and unwrap.
    private let numberEndpoints: (from: Double, to: Double)?

    /// `numberEndpoints`: the two numbers the animation's value runs between
    /// with its eased progress, when it is only that (nil: `value(at:base:)` says).
    init(
        animation: CAPropertyAnimation, target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?,
        numberEndpoints: (Double, Double)? = nil
    ) {
        self.target = target
        self.valueKind = valueKind
        self.function = function
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        transforms = valueKind == .transform ? TransformInterpolator() : nil
        let writtenAsIs =
            function == nil && !isAdditive && !isCumulative && valueKind == .number
            && target?.kind == .number
        self.numberEndpoints = writtenAsIs ? numberEndpoints : nil
        super.init(timing: TimingModel(animation), timingFunction: animation.timingFunction)
    }

    /// This animation as a step of a `NumberAnimationPlan`, begun at `begin`;
    /// nil when it is not a number written as it is into `LayerState`'s plain bytes.
    func numberStep(begin: CFTimeInterval) -> NumberAnimationPlan.Step? {
        guard let numberEndpoints, let write = numberWrite else { return nil }
        return NumberAnimationPlan.Step(
            timing: timing, curve: timingFunction?.curve, begin: begin,
            numbers: .between(numberEndpoints.from, numberEndpoints.to), write: write)
    }

    /// Where a step writes this animation's number: a number field of
    /// `LayerState` or of a shape layer's content (nil: neither).
    var numberWrite: NumberAnimationPlan.Write? {
        guard let target else { return nil }
        if let field = target.stateNumber { return .number(field) }
        if let field = target.shapeField, field.isNumber { return .shape(field) }
        return nil
    }

    /// Converts an animation value given by the caller into the value kind (nil: absent or not convertible).
    func convert(_ any: Any?) -> AnimValue? {
        guard let any else { return nil }
        return AnimValue(any, kind: valueKind)
    }

    override final func applySample(_ sample: TimingModel.Sample, to layer: CALayer) {
        guard let target else { return }
        if let (a, b) = numberEndpoints {
            // What `value(at:base:)` and the steps below make of it, without the values.
            return target.set(layer, number: a + (b - a) * progress(sample))
        }
        guard let result = valueToWrite(at: sample, beneath: { target.get(layer) }) else { return }
        target.set(layer, result)
        afterApply(sample, to: layer)
    }

    /// What `applySample` writes at `sample`, `beneath` reading the value
    /// the animation is applied over (from a copy, or a node's state for an
    /// evaluated step of a `NumberAnimationPlan`); nil: nothing.
    @inline(__always)
    final func valueToWrite(at sample: TimingModel.Sample, beneath: () -> AnimValue?) -> AnimValue? {
        // Reading the value beneath (a transform part decomposes its matrix)
        // is skipped when nothing uses it: from and to both given, not additive.
        let targetBase = isAdditive || (function == nil && readsBase) ? beneath() : nil
        // A value function's input cannot be read back from the matrix: its
        // "current value" is the input that makes the identity.
        let base = function?.identityInput ?? targetBase ?? .number(0)
        guard var value = value(at: sample, base: base) else { return nil }
        if isCumulative && sample.cycle > 0, let end = cycleEnd(base: base) {
            value = Self.accumulate(value, end, times: sample.cycle)
        }
        var result = value
        if let function {
            guard let t = function.transform(for: value) else { return nil }
            result = .transform(t)
        }
        if isAdditive, let targetBase { result = AnimValue.add(targetBase, result) ?? result }
        return result
    }

    /// This animation as a step of a `NumberAnimationPlan` that calls it for
    /// its value each frame (`Numbers.evaluated`), begun at `begin`, for one
    /// that is not a step of numbers or values (keyframes paced, cubic or
    /// along a path, cumulative, by a value): when it writes only its key
    /// path's value, whole or a number of it, into `LayerState`'s plain
    /// bytes or a transform or colour there, without a value function.
    final func evaluatedStep(begin: CFTimeInterval) -> NumberAnimationPlan.Step? {
        guard let target, function == nil, writesOnlyItsValue || turnWrite != nil,
            let write = target.planWrite(valueKind: valueKind, function: nil, additive: false)
        else { return nil }
        switch write {
        case .value, .cgFloats: break
        case .number(.bool): return nil
        case .number: break
        case .matrix, .shape, .gradient: return nil
        }
        return NumberAnimationPlan.Step(
            timing: timing, curve: nil, begin: begin, numbers: .evaluated(self), write: write)
    }

    /// Whether `applySample` writes nothing but the key path's value (no `afterApply`).
    var writesOnlyItsValue: Bool { true }

    /// Where `afterApply` writes, for an evaluated step to write it in a
    /// node's state too (nil: nowhere, or not plain state).
    var turnWrite: NumberAnimationPlan.Write? { nil }

    /// What `afterApply` does, into a node's state (see `turnWrite`).
    func writeAfterValue(
        at sample: TimingModel.Sample, into state: UnsafeLayerStateHandle<LayerState>,
        memo: inout DecompositionMemo
    ) {}

    /// The animation's own value at `sample`; `base` is the value beneath it.
    func value(at sample: TimingModel.Sample, base: AnimValue) -> AnimValue? { nil }

    /// Whether `value(at:base:)` and `cycleEnd(base:)` use `base` (false: any value will do).
    var readsBase: Bool { true }

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
    /// Which values the animation runs between, worked out once from
    /// from/to/by (CA's table, see `CABasicAnimation`); "base" is the value
    /// beneath the animation at each sample.
    private enum Plan {
        case fixed(AnimValue, AnimValue)
        case fromToBase(AnimValue)
        case baseTo(AnimValue)
        case baseBy(AnimValue)
        case previousToBase(AnimValue)
        case baseToBase
    }

    private let plan: Plan
    let spring: SpringModel?

    init(
        animation: CABasicAnimation, target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?,
        layer: CALayer, spring: SpringModel? = nil
    ) {
        self.spring = spring
        func convert(_ any: Any?) -> AnimValue? { any.flatMap { AnimValue($0, kind: valueKind) } }
        let from: AnimValue?
        if let converted = animation.convertedFrom, let given = animation.fromValue,
            (given as AnyObject) === converted.boxed
        {
            from = converted.value  // an implicit animation's, converted when it was made
        } else {
            from = convert(animation.fromValue)
        }
        let to = convert(animation.toValue), by = convert(animation.byValue)
        switch (from, to, by) {
        case let (f?, t?, _): plan = .fixed(f, t)
        case let (f?, nil, b?): plan = .fixed(f, AnimValue.add(f, b) ?? f)
        case let (nil, t?, b?): plan = .fixed(AnimValue.subtract(t, b) ?? t, t)
        case let (f?, nil, nil): plan = .fromToBase(f)
        case let (nil, t?, nil): plan = .baseTo(t)
        case let (nil, nil, b?): plan = .baseBy(b)
        case (nil, nil, nil): plan = animation.capturedPrevious.map { .previousToBase($0) } ?? .baseToBase
        }
        var numbers: (Double, Double)?
        if spring == nil, case let .fixed(.number(a), .number(b)) = plan { numbers = (a, b) }
        super.init(
            animation: animation, target: target, valueKind: valueKind, function: function,
            numberEndpoints: numbers)
    }

    /// Start and end values for a sample whose base is `base`.
    @inline(__always)
    private func endpoints(base: AnimValue) -> (AnimValue, AnimValue) {
        switch plan {
        case let .fixed(a, b): return (a, b)
        case let .fromToBase(a): return (a, base)
        case let .baseTo(b): return (base, b)
        case let .baseBy(b): return (base, AnimValue.add(base, b) ?? base)
        case let .previousToBase(a): return (a, base)
        case .baseToBase: return (base, base)
        }
    }

    /// Numbers as `PropertyEvaluator` makes them a step, or a spring between
    /// them; else, when not cumulative or by a value: plain numbers, points,
    /// sizes and rectangles lane by lane (added to the value beneath, or an
    /// end not given being it), or two values that are no numbers
    /// (transforms, colours, paths) written whole into `LayerState` or a
    /// layer's content, an end not given being the value beneath (a
    /// gradient's ends both given).
    override func numberStep(begin: CFTimeInterval) -> NumberAnimationPlan.Step? {
        if let step = super.numberStep(begin: begin) { return step }
        let curve = spring == nil ? timingFunction?.curve : nil
        // A spring between two numbers written as they are: as the super's, its progress the spring's.
        if let spring, function == nil, !isAdditive, !isCumulative, valueKind == .number,
            target?.kind == .number, case let .fixed(.number(a), .number(b)) = plan, let write = numberWrite
        {
            return NumberAnimationPlan.Step(
                timing: timing, curve: nil, spring: spring, begin: begin, numbers: .between(a, b), write: write)
        }
        // Added to the value beneath without a value function (as keyframes are).
        let adds = isAdditive && function == nil
        guard !isCumulative, let target,
            let write = target.planWrite(valueKind: valueKind, function: function, additive: isAdditive && !adds)
        else { return nil }
        if let width = write.laneCount {
            // Numbers, points, sizes and rectangles (opacity, position, bounds) lane by lane;
            // an end not given (an implicit animation's) is the value beneath, not when adding.
            guard let (from, to) = Self.lanes(of: plan, width: width), !adds || (from != nil && to != nil)
            else { return nil }
            return NumberAnimationPlan.Step(
                timing: timing, curve: curve, spring: spring, begin: begin,
                numbers: .lanes(from: from, to: to, width: width), write: write, adds: adds)
        }
        guard !adds, write.writesValues else { return nil }
        let ends: [AnimValue?]
        switch plan {
        case let .fixed(a, b): ends = [a, b]
        case let .fromToBase(a), let .previousToBase(a): ends = [a, nil]
        case let .baseTo(b): ends = [nil, b]
        case .baseToBase: ends = [nil, nil]
        case .baseBy: return nil
        }
        // A gradient's value beneath is not read from its content (the stored
        // colours may hold more than the content's).
        if case .gradient = write, ends.contains(where: { $0 == nil }) { return nil }
        return NumberAnimationPlan.Step(
            timing: timing, curve: curve, spring: spring, begin: begin, numbers: .ends(.init(ends)), write: write)
    }

    /// The two ends of `plan` as `width` numbers each (nil: the value
    /// beneath); nil when it adds a value to the one beneath or they are no
    /// numbers (width 1), points, sizes or rectangles.
    private static func lanes(of plan: Plan, width: Int) -> (SIMD4<Double>?, SIMD4<Double>?)? {
        func numbers(_ value: AnimValue) -> SIMD4<Double>? {
            switch (value, width) {
            case (.number(let x), 1): SIMD4(x, 0, 0, 0)
            case (.point(let p), 2): SIMD4(Double(p.x), Double(p.y), 0, 0)
            case (.size(let s), 2): SIMD4(Double(s.width), Double(s.height), 0, 0)
            case (.rect(let r), 4): SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.width), Double(r.height))
            default: nil
            }
        }
        switch plan {
        case let .fixed(a, b):
            guard let from = numbers(a), let to = numbers(b) else { return nil }
            return (from, to)
        case let .fromToBase(a), let .previousToBase(a):
            guard let from = numbers(a) else { return nil }
            return (from, nil)
        case let .baseTo(b):
            guard let to = numbers(b) else { return nil }
            return (nil, to)
        case .baseToBase: return (nil, nil)
        case .baseBy: return nil
        }
    }

    override func value(at sample: TimingModel.Sample, base: AnimValue) -> AnimValue? {
        let (a, b) = endpoints(base: base)
        let f = spring.map { $0.progress(at: sample.time) } ?? progress(sample)
        return AnimValue.interpolate(a, b, f, transforms: transforms)
    }

    override func cycleEnd(base: AnimValue) -> AnimValue? { endpoints(base: base).1 }

    override var readsBase: Bool {
        if case .fixed = plan { return false }
        return true
    }
}
