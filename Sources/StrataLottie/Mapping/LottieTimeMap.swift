import Foundation

/// How a composition's frames relate to the root composition's frames:
/// linear for precompositions moved (`st`) and stretched (`sr`) in time,
/// arbitrary for time-remapped ones (`tm`).
struct LottieTimeMap: Sendable {
    /// `root = offset + scale × local`, when the map is linear.
    let linear: (offset: Double, scale: Double)?
    /// The local frame at a root frame.
    let localFrame: @Sendable (Double) -> Double

    /// The root composition's own time.
    static let identity = LottieTimeMap(linear: (0, 1), localFrame: { $0 })

    init(linear: (offset: Double, scale: Double)?, localFrame: @escaping @Sendable (Double) -> Double) {
        self.linear = linear
        self.localFrame = localFrame
    }

    /// Whether local time runs forward with root time, linearly (keyframes keep their shape).
    var isForward: Bool { (linear?.scale ?? 0) > 0 }

    /// The root frame of local frame `f` (linear maps only).
    func rootFrame(_ f: Double) -> Double? {
        guard let linear else { return nil }
        return linear.offset + linear.scale * f
    }

    /// The map of a precomposition inside this composition, starting at frame
    /// `start` and taking `stretch` frames of this time per frame of its own
    /// (rlottie's rule: local = (parent − st) / sr).
    func precomposition(start: Double, stretch: Double) -> LottieTimeMap {
        let parent = localFrame
        let child: @Sendable (Double) -> Double = { (parent($0) - start) / stretch }
        if let linear, stretch > 0 {
            // parent = (root − o) / s; child = (parent − st) / sr  ⇒  root = o + s × (st + sr × child)
            return LottieTimeMap(
                linear: (linear.offset + linear.scale * start, linear.scale * stretch), localFrame: child)
        }
        return LottieTimeMap(linear: nil, localFrame: child)
    }

    /// The map of a time-remapped precomposition: its frame is `remap`
    /// (seconds, at this composition's frames) × `frameRate` / `stretch`.
    func remapped(_ remap: LottieProperty<Double>, frameRate: Double, stretch: Double) -> LottieTimeMap {
        let parent = localFrame
        return LottieTimeMap(linear: nil, localFrame: { remap.value(at: parent($0)) * frameRate / stretch })
    }
}
