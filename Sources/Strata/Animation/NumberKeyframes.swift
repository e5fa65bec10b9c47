import Foundation

/// A keyframe animation's values as plain numbers, for a step of a
/// `NumberAnimationPlan`: the keyframes' times (0…1 of the duration), their
/// numbers (`width` for each keyframe: one for a number, two for a point,
/// three for a scale's input), each segment's timing curve and whether the
/// values jump (`discrete`). The numbers at a progress are worked out as
/// `KeyframeEvaluator` works them out, in the same order of operations, so
/// that a plan and the evaluator give the same bytes.
struct NumberKeyframes {
    let times: [Double]
    /// The keyframes' numbers, keyframe after keyframe.
    let values: [Double]
    /// How many numbers a keyframe has.
    let width: Int
    /// The curve of each segment that has one (the animation's `timingFunctions`).
    let curves: [TimingCurve]
    let discrete: Bool

    /// Where eased progress `f` (the animation's own timing function
    /// applied) falls: the keyframe, and the progress toward the next one
    /// (nil: the keyframe's numbers as they are).
    @inline(__always)
    func position(at f: Double) -> (index: Int, local: Double?) {
        let n = values.count / width
        if n == 1 { return (0, nil) }
        if discrete { return (Self.discreteIndex(at: f, times: times, count: n), nil) }
        let (k, s, inside) = Self.segment(at: f, times: times, count: n)
        return (k, inside && k < curves.count ? curves[k].evaluate(s) : s)
    }

    /// The segment of `count` (at least 2) keyframes at `times` that progress
    /// `f` falls in, and how far along it; `inside` when `f` lies between the
    /// first and last keyframes (then the segment's timing curve applies to
    /// the distance; at or past either end it is 0 or 1 as it is). What
    /// `KeyframeEvaluator` and a plan's steps both locate with.
    @inline(__always)
    static func segment(at f: Double, times: [Double], count n: Int) -> (index: Int, local: Double, inside: Bool) {
        if f <= times[0] { return (0, 0, false) }
        if f >= times[n - 1] { return (n - 2, 1, false) }
        var k = 0
        while k < n - 2 && f >= times[k + 1] { k += 1 }
        let span = times[k + 1] - times[k]
        return (k, span > 0 ? (f - times[k]) / span : 1, true)
    }

    /// The keyframe of `count` held at progress `f` by discrete keyframes at
    /// `times` (each from its time to the next).
    @inline(__always)
    static func discreteIndex(at f: Double, times: [Double], count n: Int) -> Int {
        var index = 0
        for (k, t) in times.enumerated() where k < n && f >= t { index = k }
        return index
    }

    /// Number `component` of the value at `position`.
    @inline(__always)
    func number(_ component: Int, at position: (index: Int, local: Double?)) -> Double {
        let a = values[position.index * width + component]
        guard let local = position.local else { return a }
        let b = values[(position.index + 1) * width + component]
        return a + (b - a) * local
    }
}
