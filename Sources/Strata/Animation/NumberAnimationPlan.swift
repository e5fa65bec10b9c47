import CStrataRuntime
import Foundation

/// A layer's animations reduced to plain values, for the most common
/// animated layer: every animation attached is a committed animation of
/// numbers written into the plain bytes of the layer's `LayerState`:
/// `PropertyEvaluator`'s number path (a number written as it is), or a
/// linear or discrete keyframe animation of numbers (`opacity`,
/// `transform.rotation.y`), Bools (`hidden`), points, sizes or rectangles
/// (`position`, `bounds.origin`), or a value function's input written into
/// the `transform` (added to it or not), as Lottie files and most
/// hand-written keyframe animations are; whole transforms and colours
/// (`StateValueField`: keyframes, or a basic animation whose missing end is
/// the value beneath, as implicit animations are); and, on a shape layer,
/// such animations of its numbers (`strokeEnd`, `lineWidth`), colours and
/// path, and on a gradient layer of its colours, locations and points,
/// written into the content its node holds (`ShapeContentField`,
/// `GradientContentField`). Such animations in a `CAAnimationGroup` (nested
/// or not) are steps too, sampled in their groups' local time.
///
/// A snapshot sampling such a layer (`LayerTreeSnapshot.update(sampling:…)`)
/// writes the plan into the layer's node alone: no copy, entry, animation,
/// evaluator or target object is reached (a step of numbers retains and
/// releases nothing; one of values retains what it makes). A step
/// computes what the evaluator computes, in the same order of operations,
/// so that the two paths give the same bytes.
///
/// Made for one generation of the layer's animations (the animation state
/// holding it says which); reached only under the transaction lock.
final class NumberAnimationPlan {
    /// One animation: its timing, and the numbers it writes where.
    struct Step {
        let timing: TimingModel
        /// The timing function's curve (nil: the fraction as it is).
        let curve: TimingCurve?
        /// A spring's motion, which makes the progress instead of the curve.
        let spring: SpringModel?
        /// Whether the numbers are added to the field's value beneath (an
        /// additive animation of plain numbers, points, sizes or rectangles).
        let adds: Bool
        /// The committed begin time.
        let begin: CFTimeInterval
        /// The numbers the eased progress runs through.
        let numbers: Numbers
        let write: Write
        /// For a transform field: its own memo of the matrix's decomposition.
        var memo = DecompositionMemo()
        /// The numbers the last `sample(at:)` found (unused lanes 0), and
        /// whether the animation was active then (else it writes nothing).
        private var sampled = SIMD4<Double>()
        private var active = false
        /// Whether the step writes all of its field without reading it.
        private let overwrites: Bool

        /// Whether the last sampling was active and the step writes all of
        /// its field without reading it (what is there before does not matter).
        var overwritesWhenActive: Bool { active && overwrites }

        init(
            timing: TimingModel, curve: TimingCurve?, spring: SpringModel? = nil, begin: CFTimeInterval,
            numbers: Numbers, write: Write, adds: Bool = false
        ) {
            precondition(
                !adds || write.laneCount != nil, "NumberAnimationPlan.Step: \(write) cannot add to the value beneath")
            self.timing = timing
            self.curve = curve
            self.spring = spring
            self.begin = begin
            self.numbers = numbers
            self.write = write
            self.adds = adds
            overwrites = !adds && Self.overwrites(write, numbers)
        }

        /// Whether `write`, from `numbers`, sets all of its field whatever is there.
        private static func overwrites(_ write: Write, _ numbers: Numbers) -> Bool {
            // The evaluator may read the value beneath.
            if case .evaluated = numbers { return false }
            switch write {
            // A Bool's NaN writes nothing; a transform field changes part of the matrix.
            case .number(.bool), .number(.transformComponent): return false
            case .number, .cgFloats:
                // A basic animation's end not given reads the value beneath.
                if case .lanes(let from, let to, _) = numbers { return from != nil && to != nil }
                return true
            case .matrix(_, _, let additive): return !additive
            case .value:
                // Values of the field's own kind (an end not given reads the value beneath).
                switch numbers {
                case .values(_, let given), .ends(let given): return given.values.allSatisfy { $0 != nil }
                case .between, .keyframes, .lanes, .evaluated: return false
                }
            case .shape, .gradient: return false
            }
        }

        /// Works out the animation's numbers at `localTime` (the layer's),
        /// for `writeSampled(into:)`: whether they differ from the last
        /// sampling's, to the bit (or the animation started or stopped being active).
        @inline(__always)
        mutating func sample(at localTime: CFTimeInterval) -> Bool {
            guard let sample = timing.sample(atParent: localTime, begin: begin) else {
                defer { active = false }
                return active
            }
            let f = sample.fraction
            // As `BasicEvaluator.value(at:base:)` makes it.
            let progress = spring.map { $0.progress(at: sample.time) } ?? curve?.evaluate(f) ?? f
            var found = SIMD4<Double>()
            switch numbers {
            case .between(let from, let to): found[0] = from + (to - from) * progress
            case .keyframes(let keyframes):
                let position = keyframes.position(at: progress)
                for k in 0..<min(keyframes.width, 4) { found[k] = keyframes.number(k, at: position) }
            case .values(let keyframes, _):
                // Where the progress falls (the value itself is made when written).
                let position = keyframes.position(at: progress)
                found[0] = Double(position.index)
                found[1] = position.local ?? .nan
            case .ends: found[0] = progress
            case .lanes(let from?, let to?, _): found = from + (to - from) * progress
            case .lanes: found[0] = progress
            case .evaluated: found = SIMD4(sample.time, sample.duration, Double(sample.cycle), 0)
            }
            let changed =
                !active
                || unsafeBitCast(found, to: SIMD4<UInt64>.self) != unsafeBitCast(sampled, to: SIMD4<UInt64>.self)
            (sampled, active) = (found, true)
            return changed
        }

        /// Marks the animation not active (its group has no effect now), as
        /// `sample(at:)` does: whether it was active at the last sampling.
        @inline(__always)
        mutating func deactivate() -> Bool {
            defer { active = false }
            return active
        }

        /// Writes the numbers the last `sample(at:)` found into `state` (nothing when it was not active).
        @inline(__always)
        mutating func writeSampled(into state: UnsafeLayerStateHandle<LayerState>) {
            guard active else { return }
            if case .evaluated = numbers { return writeEvaluated(into: state) }
            if case .value(let field) = write {
                field.store(Self.value(of: numbers, at: sampled, base: { field.load(from: state) }), into: state)
                return
            }
            if adds {
                // As `AnimValue.add`: the value beneath, then the animation's.
                write.store(write.lanes(in: state) + sampled, count: numbers.width, into: state, memo: &memo)
                return
            }
            if case .lanes(let from, let to, _) = numbers, from == nil || to == nil {
                // An end not given is the value beneath (the model's, put back first, or an earlier step's).
                let base = write.lanes(in: state)
                let a = from ?? base, b = to ?? base
                write.store(a + (b - a) * sampled[0], count: numbers.width, into: state, memo: &memo)
                return
            }
            write.store(sampled, count: numbers.width, into: state, memo: &memo)
        }

        /// `writeSampled(into:)` for an `.evaluated` step: the evaluator's own
        /// value at the sample, over the value beneath, as it writes a copy.
        /// (Not inlined: the steps of numbers every animated layer has are.)
        @inline(never)
        private mutating func writeEvaluated(into state: UnsafeLayerStateHandle<LayerState>) {
            guard case .evaluated(let evaluator) = numbers else { return }
            let sample = TimingModel.Sample(time: sampled[0], duration: sampled[1], cycle: Int(sampled[2]))
            let value = evaluator.valueToWrite(at: sample) {
                write.value(in: state, kind: evaluator.valueKind, memo: &memo)
            }
            guard let value else { return }
            write.store(value, into: state, memo: &memo)
            evaluator.writeAfterValue(at: sample, into: state, memo: &memo)
        }

        /// Writes the value the last `sample(at:)` found into a gradient
        /// layer's `content` (nothing when it was not active).
        @inline(__always)
        func writeSampled(into content: inout GradientContent) {
            guard active, case .gradient(let field) = write else { return }
            field.write(Self.value(of: numbers, at: sampled, base: { field.value(in: content) }), into: &content)
        }

        /// Writes the value the last `sample(at:)` found into a shape
        /// layer's `content` (nothing when it was not active).
        @inline(__always)
        func writeSampled(into content: inout ShapeContent) {
            guard active, case .shape(let field) = write else { return }
            switch numbers {
            case .values, .ends:
                field.write(Self.value(of: numbers, at: sampled, base: { field.value(in: content) }), into: &content)
            case .between, .keyframes, .lanes: field.write(sampled[0], into: &content)
            case .evaluated: preconditionFailure("an evaluated step writes no content")
            }
        }

        /// The value of a step of `.values` or `.ends` that sampled
        /// `sampled`: the keyframes' or the ends' values mixed as the
        /// evaluators mix them (`AnimValue.interpolate`), an end not given
        /// being `base` (the value beneath, as the evaluator reads it from
        /// the copy). (Static: a method would copy the whole step, retaining
        /// all it holds.)
        @inline(__always)
        private static func value(of numbers: Numbers, at sampled: SIMD4<Double>, base: () -> AnimValue) -> AnimValue {
            switch numbers {
            case .values(_, let given):
                let i = Int(sampled[0]), local = sampled[1]
                let values = given.values
                guard !local.isNaN else { return values[i] ?? base() }
                if let mixed = given.mixedColor(i, i + 1, local) { return mixed }
                return AnimValue.interpolate(
                    values[i] ?? base(), values[i + 1] ?? base(), local, transforms: given.transforms)
            case .ends(let given):
                if let mixed = given.mixedColor(0, 1, sampled[0]) { return mixed }
                let from = given.values[0] ?? base(), to = given.values[1] ?? base()
                return AnimValue.interpolate(from, to, sampled[0], transforms: given.transforms)
            case .between, .keyframes, .lanes, .evaluated: preconditionFailure("a step of numbers has no values")
            }
        }
    }

    /// The `CAAnimationGroup`s a step's animation is in, outermost first: each
    /// runs its children in its own eased local time, as `GroupEvaluator`
    /// applies them.
    final class EnclosingGroups {
        struct Group {
            let timing: TimingModel
            /// The group's timing function's curve (nil: the fraction as it is).
            let curve: TimingCurve?
            /// The group's begin time in its parent's time.
            let begin: CFTimeInterval
        }
        let groups: [Group]

        init(_ groups: [Group]) { self.groups = groups }

        /// The time the innermost group's children run in when the time
        /// outside the outermost is `parentTime`; nil when some group has no
        /// effect then (its children are not applied).
        @inline(__always)
        func childTime(atParent parentTime: CFTimeInterval) -> CFTimeInterval? {
            var time = parentTime
            for group in groups {
                guard let sample = group.timing.sample(atParent: time, begin: group.begin) else { return nil }
                let f = sample.fraction
                time = (group.curve?.evaluate(f) ?? f) * sample.duration
            }
            return time
        }
    }

    /// The values of a step that are no numbers (nil: the value beneath),
    /// and for transforms a memo of their decompositions. A class: a step is
    /// copied as it is sampled, and these are read only.
    final class GivenValues {
        let values: [AnimValue?]
        let transforms: TransformInterpolator?
        /// For each colour given, its components (`AnimValue.interpolateColor`
        /// reads them of every colour it mixes; found once here).
        private let components: [(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)?]

        init(_ values: [AnimValue?]) {
            self.values = values
            let hasTransforms = values.contains {
                if case .transform? = $0 { return true }
                return false
            }
            transforms = hasTransforms ? TransformInterpolator() : nil
            components = values.map {
                guard case .color(let color)? = $0 else { return nil }
                return (color ?? .clear).rgba
            }
        }

        /// `AnimValue.interpolate` of given colours `i` and `j` at `t`, from
        /// their components (nil: the two are not both given colours).
        @inline(__always)
        func mixedColor(_ i: Int, _ j: Int, _ t: Double) -> AnimValue? {
            guard let p = components[i], let q = components[j] else { return nil }
            if t == 0 { return values[i] }
            if t == 1 { return values[j] }
            return .color(AnimValue.mixColor(p, q, t))
        }
    }

    /// The numbers a step runs through: a basic animation's two (mixed
    /// linearly, the eased progress past either end going past them too;
    /// written by a `.number` or a number `.shape` write only), a keyframe
    /// animation's, or the values of keyframes that are no numbers (colours,
    /// paths, transforms; `NumberKeyframes` gives their times and curves),
    /// sampled as where the progress falls among them, or a basic
    /// animation's two such values, sampled as the eased progress.
    enum Numbers {
        case between(Double, Double)
        case keyframes(NumberKeyframes)
        case values(NumberKeyframes, GivenValues)
        /// A basic animation's two values (mixed with the eased progress,
        /// which may run past either end).
        case ends(GivenValues)
        /// A basic animation's two numbers, points, sizes or rectangles as
        /// `width` numbers each (nil: the value beneath), mixed lane by lane
        /// with the eased progress (past either end too); written by a
        /// `.cgFloats` write, or a plain `.number` one (width 1).
        case lanes(from: SIMD4<Double>?, to: SIMD4<Double>?, width: Int)
        /// Any other animation of a `LayerState` field: its evaluator makes
        /// the value each frame from the sample (kept as its time, duration
        /// and cycle) and the value beneath, as it makes it for a copy.
        case evaluated(PropertyEvaluator)

        /// How many numbers the step writes (a value function reads at most three).
        var width: Int {
            switch self {
            case .between, .ends, .evaluated: 1
            case .keyframes(let keyframes): min(keyframes.width, 4)
            case .lanes(_, _, let width): width
            case .values: 2
            }
        }
    }

    /// Whether every `LayerState` field the steps write is a placement field (`LayerState.placesOnly`).
    let placesOnly: Bool
    /// The steps that write `LayerState` bytes.
    @exclusivity(unchecked) private var steps: [Step]
    /// The steps that write a shape or gradient layer's content (`.shape`, `.gradient` writes).
    @exclusivity(unchecked) private var contentSteps: [Step]
    /// What few plans have: the groups of each of `steps` and
    /// `contentSteps`, and fields written besides the steps' own (nil when
    /// none). Kept beside the steps, one reference: a plan without them
    /// samples as it did without this, in an object as small.
    private let extras: Extras?

    /// Whether some step writes a layer's content (see `writeContent(into:from:)`).
    var writesContent: Bool { !contentSteps.isEmpty }

    /// Larger at each writing of the plan into a node (0: none yet); the
    /// node keeps the one it holds (`LayerSnapshotNode.planStamp`).
    private var stamp: UInt64 = 0

    private init(
        steps: [Step], contentSteps: [Step], stepGroups: [EnclosingGroups?], contentStepGroups: [EnclosingGroups?]
    ) {
        // A keyframe rotation mode turns the transform too: put back with the steps' fields.
        let turns = steps.compactMap { step -> Write? in
            guard case .evaluated(let evaluator) = step.numbers else { return nil }
            return evaluator.turnWrite
        }
        let groups =
            (stepGroups + contentStepGroups).contains { $0 != nil }
            ? (steps: stepGroups, content: contentStepGroups) : nil
        extras = groups != nil || !turns.isEmpty ? Extras(groups: groups, restores: turns) : nil
        placesOnly = LayerState.placesOnly(
            steps.compactMap(\.write.stateSpan) + (extras?.restores ?? []).compactMap(\.stateSpan))
        self.steps = steps
        self.contentSteps = contentSteps
    }

    /// The plan of `entries` on `layer`; nil when one of them is not such an
    /// animation or not committed yet.
    static func make(entries: [AnimationEntry], layer: CALayer) -> NumberAnimationPlan? {
        guard !entries.isEmpty else { return nil }
        var made = MadeSteps()
        made.steps.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.isCommitted,
                appendSteps(of: entry.evaluator(for: layer), begin: entry.committedBegin, in: nil, to: &made)
            else { return nil }
        }
        return NumberAnimationPlan(
            steps: made.steps, contentSteps: made.contentSteps, stepGroups: made.stepGroups,
            contentStepGroups: made.contentStepGroups)
    }

    /// Appends the steps of the animation `evaluator` compiled, begun at
    /// `begin`, inside `groups` (nil: none): one step, or one for each
    /// animation of a group; false when one of them cannot be a step.
    private static func appendSteps(
        of evaluator: AnimationEvaluator, begin: CFTimeInterval, in enclosing: EnclosingGroups?,
        to made: inout MadeSteps
    ) -> Bool {
        if let group = evaluator as? GroupEvaluator {
            // One object for the group's animations, shared by their steps.
            let inner = EnclosingGroups(
                (enclosing?.groups ?? []) + [
                    .init(timing: group.timing, curve: group.timingFunction?.curve, begin: begin)
                ])
            return group.children.allSatisfy {
                appendSteps(of: $0.evaluator, begin: $0.begin, in: inner, to: &made)
            }
        }
        guard let evaluator = evaluator as? PropertyEvaluator else { return false }
        let numbers = evaluator.numberStep(begin: begin)
        // A key of your own (a composition's clock) is in no node: nothing to
        // write. A layer that redisplays for it keeps its copy (`animationsRedisplay`).
        if numbers == nil, evaluator.target?.property.isKeyOfYourOwn == true { return true }
        guard let step = numbers ?? evaluator.evaluatedStep(begin: begin) else { return false }
        if step.write.writesContent {
            made.contentSteps.append(step)
            made.contentStepGroups.append(enclosing)
        } else {
            made.steps.append(step)
            made.stepGroups.append(enclosing)
        }
        return true
    }

    /// What few plans have (see `extras`).
    private final class Extras {
        /// The groups of each of `steps` and `contentSteps` (an element nil:
        /// that step is in none); nil when no step is in a group.
        let groups: (steps: [EnclosingGroups?], content: [EnclosingGroups?])?
        /// Fields the steps write besides their own, put back before they write.
        let restores: [Write]

        init(groups: (steps: [EnclosingGroups?], content: [EnclosingGroups?])?, restores: [Write]) {
            self.groups = groups
            self.restores = restores
        }
    }

    /// The steps `make(entries:layer:)` has made so far, and their groups.
    private struct MadeSteps {
        var steps: [Step] = [], contentSteps: [Step] = []
        var stepGroups: [EnclosingGroups?] = [], contentStepGroups: [EnclosingGroups?] = []
    }

    /// Samples every step at `localTime` (the layer's): whether some state
    /// step's numbers changed, and some content step's (see `Step.sample(at:)`).
    @inline(__always)
    private func sampleSteps(at localTime: CFTimeInterval) -> (state: Bool, content: Bool) {
        if let groups = extras?.groups { return sampleGroupedSteps(at: localTime, groups.steps, groups.content) }
        var state = false, content = false
        for i in steps.indices where steps[i].sample(at: localTime) { state = true }
        for i in contentSteps.indices where contentSteps[i].sample(at: localTime) { content = true }
        return (state, content)
    }

    /// `sampleSteps(at:)` when some step is in a group. (Not inlined: the
    /// common plan, with none, is sampled in every layer's update.)
    @inline(never)
    private func sampleGroupedSteps(
        at localTime: CFTimeInterval, _ groups: [EnclosingGroups?], _ contentGroups: [EnclosingGroups?]
    ) -> (state: Bool, content: Bool) {
        var state = false, content = false
        for i in steps.indices where Self.sample(&steps[i], in: groups[i], at: localTime) { state = true }
        for i in contentSteps.indices where Self.sample(&contentSteps[i], in: contentGroups[i], at: localTime) {
            content = true
        }
        return (state, content)
    }

    /// Samples `step` at `localTime` (the layer's), in its `groups`' local
    /// time when it is in some: whether its numbers changed (see `Step.sample(at:)`).
    @inline(__always)
    private static func sample(_ step: inout Step, in groups: EnclosingGroups?, at localTime: CFTimeInterval) -> Bool {
        guard let groups else { return step.sample(at: localTime) }
        // A group's child runs in the group's local time, when the group has an effect.
        guard let time = groups.childTime(atParent: localTime) else { return step.deactivate() }
        return step.sample(at: time)
    }

    /// Puts the model's values of the fields the steps write back into
    /// `state` (a step whose animation is not active leaves them so): read
    /// from the steps, which are read next anyway. A field an active step
    /// writes whole without reading it is left as it is: all of it is
    /// written next (a colour's model value would be retained and released
    /// for nothing, its object brought into the cache).
    @inline(__always)
    private func restoreModelBytes(
        into state: UnsafeLayerStateHandle<LayerState>, from model: UnsafeLayerStateHandle<LayerState>
    ) {
        for i in steps.indices where !steps[i].overwritesWhenActive {
            steps[i].write.restore(into: state, from: model)
        }
        if let extras { for write in extras.restores { write.restore(into: state, from: model) } }
    }

    /// Asks the CPU to bring the steps into its caches.
    @inline(__always)
    func prefetchSteps() {
        steps.withUnsafeBufferPointer {
            strata_prefetch($0.baseAddress!, UInt($0.count * MemoryLayout<Step>.stride))
        }
    }

    /// Writes the plan at `localTime` into `state`, which holds the layer's
    /// own values, every step in the order the animations were added; the
    /// stamp of this writing, for the node to keep.
    @inline(__always)
    func write(at localTime: CFTimeInterval, into state: UnsafeLayerStateHandle<LayerState>) -> UInt64 {
        _ = sampleSteps(at: localTime)
        for i in steps.indices { steps[i].writeSampled(into: state) }
        stamp += 1
        return stamp
    }

    /// Writes the content steps' values, as the last writing sampled them,
    /// into `content` (a shape or gradient layer's, else made from
    /// `layer`'s), the model's values of the fields they write put back
    /// first (a step not active leaves them so). `layer` is the plan's
    /// `CAShapeLayer` or `CAGradientLayer`.
    func writeContent(into content: inout LayerContent, from layer: CALayer) {
        if case .gradient? = contentSteps.first?.write {
            let model = unsafeDowncast(layer, to: CAGradientLayer.self)
            var gradient: GradientContent
            if case .gradient(let held) = content { gradient = held } else { gradient = model.gradientContent }
            content = .plain
            for step in contentSteps { step.write.restoreGradient(into: &gradient, from: model) }
            for step in contentSteps { step.writeSampled(into: &gradient) }
            content = .gradient(gradient)
            return
        }
        let model = unsafeDowncast(layer, to: CAShapeLayer.self)
        var shape: ShapeContent
        if case .shape(let held) = content { shape = held } else { shape = model.shapeContent }
        // (The node lets go of its content first, so that `shape`'s array of dashes is not shared.)
        content = .plain
        for step in contentSteps { step.write.restoreShape(into: &shape, from: model) }
        for step in contentSteps { step.writeSampled(into: &shape) }
        content = .shape(shape)
    }

    /// Writes the plan at `localTime` into `state`, which holds a writing of
    /// it over `model`'s values from an earlier frame, stamped `held`: when
    /// that is this plan's last writing and no step's numbers changed since
    /// (a held keyframe, an animation filled past its end or not begun),
    /// nothing, and false twice; else `held` the new stamp, and whether the
    /// state steps' numbers changed (then the model's values are put back
    /// and every state step written) and whether the content steps' did (then
    /// the caller writes them with `writeContent(into:from:)`).
    @inline(__always)
    func rewrite(
        at localTime: CFTimeInterval, into state: UnsafeLayerStateHandle<LayerState>,
        from model: UnsafeLayerStateHandle<LayerState>, stamp held: inout UInt64
    ) -> (state: Bool, content: Bool) {
        let stale = held != stamp
        var stateChanged = stale && !steps.isEmpty, contentChanged = stale && !contentSteps.isEmpty
        let sampled = sampleSteps(at: localTime)
        stateChanged = stateChanged || sampled.state
        contentChanged = contentChanged || sampled.content
        guard stateChanged || contentChanged else { return (false, false) }
        if stateChanged {
            restoreModelBytes(into: state, from: model)
            for i in steps.indices { steps[i].writeSampled(into: state) }
        }
        stamp += 1
        held = stamp
        return (stateChanged, contentChanged)
    }
}
