import Foundation

/// Estimates how fast a value moves from its recent samples: the change over
/// the last `window` seconds, divided by the time it took.
///
/// Input arrives in bursts (a window polls once a frame, so several events
/// share a time); samples at one time only replace the newest, and an
/// estimate needs two distinct times.
struct VelocityTracker {
    /// How far back samples count (UIKit looks at about the last 100 ms).
    var window = 0.1
    private var samples: [(time: Double, x: Double, y: Double)] = []
    /// The last estimate, kept when new samples give none.
    private(set) var last = (x: 0.0, y: 0.0)

    mutating func reset() {
        samples.removeAll()
        last = (0, 0)
    }

    mutating func add(x: Double, y: Double, at time: Double) {
        if let newest = samples.last, newest.time >= time {
            samples[samples.count - 1] = (newest.time, x, y)
        } else {
            samples.append((time, x, y))
        }
        // Drop samples from before the window, but keep the newest of them as
        // the baseline, so a series with gaps longer than the window still has two.
        if let inside = samples.firstIndex(where: { $0.time >= time - window }), inside > 1 {
            samples.removeFirst(inside - 1)
        }
        if samples.count >= 2, let first = samples.first, let newest = samples.last, newest.time > first.time {
            let dt = newest.time - first.time
            last = ((newest.x - first.x) / dt, (newest.y - first.y) / dt)
        }
    }

    /// The velocity at `time`: the last estimate, or zero when the newest
    /// sample is older than the window (the value stopped before `time`).
    func velocity(at time: Double) -> (x: Double, y: Double) {
        guard let newest = samples.last, time - newest.time <= window else { return (0, 0) }
        return last
    }
}
