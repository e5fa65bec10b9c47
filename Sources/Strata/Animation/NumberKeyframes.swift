import Foundation

/// A keyframe animation's numbers as plain values, for a step of a
/// `NumberAnimationPlan`: the keyframes' times (0…1 of the duration), their
/// numbers, each segment's timing curve and whether the values jump
/// (`discrete`). The value at a progress is worked out as
/// `KeyframeEvaluator` works it out, in the same order of operations, so
/// that a plan and the evaluator give the same bytes.
struct NumberKeyframes {
    let times: [Double]
    let values: [Double]
    /// The curve of each segment that has one (the animation's `timingFunctions`).
    let curves: [TimingCurve]
    let discrete: Bool

    /// The number at eased progress `f` (the animation's own timing function applied).
    @inline(__always)
    func value(at f: Double) -> Double {
        let n = values.count
        if n == 1 { return values[0] }
        if discrete {
            var index = 0
            for (k, t) in times.enumerated() where k < n && f >= t { index = k }
            return values[index]
        }
        let i: Int, local: Double
        if f <= times[0] {
            (i, local) = (0, 0)
        } else if f >= times[n - 1] {
            (i, local) = (n - 2, 1)
        } else {
            var k = 0
            while k < n - 2 && f >= times[k + 1] { k += 1 }
            let span = times[k + 1] - times[k]
            let s = span > 0 ? (f - times[k]) / span : 1
            (i, local) = (k, k < curves.count ? curves[k].evaluate(s) : s)
        }
        return values[i] + (values[i + 1] - values[i]) * local
    }
}
