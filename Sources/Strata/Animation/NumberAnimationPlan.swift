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
/// hand-written keyframe animations are.
///
/// A snapshot sampling such a layer (`LayerTreeSnapshot.update(sampling:…)`)
/// writes the plan into the layer's node alone: no copy, entry, animation,
/// evaluator or target object is reached, so nothing is retained and
/// released for the layer in the frame. A step
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

        init(timing: TimingModel, curve: TimingCurve?, begin: CFTimeInterval, numbers: Numbers, write: Write) {
            self.timing = timing
            self.curve = curve
            self.begin = begin
            self.numbers = numbers
            self.write = write
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
            let progress = curve?.evaluate(f) ?? f
            var found = SIMD4<Double>()
            switch numbers {
            case .between(let from, let to): found[0] = from + (to - from) * progress
            case .keyframes(let keyframes):
                let position = keyframes.position(at: progress)
                for k in 0..<min(keyframes.width, 4) { found[k] = keyframes.number(k, at: position) }
            }
            let changed =
                !active
                || unsafeBitCast(found, to: SIMD4<UInt64>.self) != unsafeBitCast(sampled, to: SIMD4<UInt64>.self)
            (sampled, active) = (found, true)
            return changed
        }

        /// Writes the numbers the last `sample(at:)` found into `state` (nothing when it was not active).
        @inline(__always)
        mutating func writeSampled(into state: UnsafeLayerStateHandle<LayerState>) {
            guard active else { return }
            write.store(sampled, count: numbers.width, into: state, memo: &memo)
        }
    }

    /// The numbers a step runs through: a basic animation's two (mixed
    /// linearly, the eased progress past either end going past them too;
    /// written by a `.number` write only), or a keyframe animation's.
    enum Numbers {
        case between(Double, Double)
        case keyframes(NumberKeyframes)

        /// How many numbers the step writes (a value function reads at most three).
        var width: Int {
            switch self {
            case .between: 1
            case .keyframes(let keyframes): min(keyframes.width, 4)
            }
        }
    }

    /// Whether every field the steps write is a placement field (`LayerState.placesOnly`).
    let placesOnly: Bool
    @exclusivity(unchecked) private var steps: [Step]

    /// Larger at each writing of the plan into a node (0: none yet); the
    /// node keeps the one it holds (`LayerSnapshotNode.planStamp`).
    private var stamp: UInt64 = 0

    private init(spans: [StateSpan], steps: [Step]) {
        placesOnly = LayerState.placesOnly(spans)
        self.steps = steps
    }

    /// The plan of `entries` (which write `spans`) on `layer`; nil when one
    /// of them is not such an animation or not committed yet.
    static func make(entries: [AnimationEntry], spans: [StateSpan], layer: CALayer) -> NumberAnimationPlan? {
        guard !entries.isEmpty else { return nil }
        var steps: [Step] = []
        steps.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.isCommitted, let evaluator = entry.evaluator(for: layer) as? PropertyEvaluator,
                let step = evaluator.numberStep(begin: entry.committedBegin)
            else { return nil }
            steps.append(step)
        }
        return NumberAnimationPlan(spans: spans, steps: steps)
    }

    /// Puts the model's values of the fields the steps write back into
    /// `state` (a step whose animation is not active leaves them so): read
    /// from the steps, which are read next anyway.
    @inline(__always)
    private func restoreModelBytes(
        into state: UnsafeLayerStateHandle<LayerState>, from model: UnsafeLayerStateHandle<LayerState>
    ) {
        for i in steps.indices { steps[i].write.restore(into: state, from: model) }
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
        for i in steps.indices { _ = steps[i].sample(at: localTime) }
        for i in steps.indices { steps[i].writeSampled(into: state) }
        stamp += 1
        return stamp
    }

    /// Writes the plan at `localTime` into `state`, which holds a writing of
    /// it over `model`'s values from an earlier frame, stamped `held`: when
    /// that is this plan's last writing and no step's numbers changed since
    /// (a held keyframe, an animation filled past its end or not begun),
    /// nothing, and false; else the model's values put back, every step
    /// written, `held` the new stamp, and true.
    @inline(__always)
    func rewrite(
        at localTime: CFTimeInterval, into state: UnsafeLayerStateHandle<LayerState>,
        from model: UnsafeLayerStateHandle<LayerState>, stamp held: inout UInt64
    ) -> Bool {
        var changed = held != stamp
        for i in steps.indices where steps[i].sample(at: localTime) { changed = true }
        guard changed else { return false }
        restoreModelBytes(into: state, from: model)
        for i in steps.indices { steps[i].writeSampled(into: state) }
        stamp += 1
        held = stamp
        return true
    }
}
