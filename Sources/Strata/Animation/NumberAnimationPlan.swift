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
    /// One animation: its timing, and the number it writes where.
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

        /// Writes the animation's number at `localTime` (the layer's) into `state`.
        @inline(__always)
        mutating func apply(at localTime: CFTimeInterval, to state: UnsafeLayerStateHandle<LayerState>) {
            guard let sample = timing.sample(atParent: localTime, begin: begin) else { return }
            let f = sample.fraction
            let progress = curve?.evaluate(f) ?? f
            switch numbers {
            case .between(let from, let to): write.store(from + (to - from) * progress, into: state, memo: &memo)
            case .keyframes(let keyframes):
                write.store(keyframes, at: keyframes.position(at: progress), into: state, memo: &memo)
            }
        }
    }

    /// The numbers a step runs through: a basic animation's two (mixed
    /// linearly, the eased progress past either end going past them too;
    /// written by a `.number` write only), or a keyframe animation's.
    enum Numbers {
        case between(Double, Double)
        case keyframes(NumberKeyframes)
    }

    /// Whether every field the steps write is a placement field (`LayerState.placesOnly`).
    let placesOnly: Bool
    @exclusivity(unchecked) private var steps: [Step]

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
    func restoreModelBytes(
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

    /// Applies every step at `localTime` to `state`, in the order the animations were added.
    @inline(__always)
    func apply(at localTime: CFTimeInterval, to state: UnsafeLayerStateHandle<LayerState>) {
        for i in steps.indices { steps[i].apply(at: localTime, to: state) }
    }
}
