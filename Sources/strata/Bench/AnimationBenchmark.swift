import Foundation
import Strata

/// What ``animationBenchmark(layerCount:rounds:)`` measured, in microseconds per layer.
struct AnimationBenchmarkResult: Sendable, CustomStringConvertible {
    /// Layers in the tree (all animated).
    var layerCount: Int
    /// Setting `position` and `opacity` on a drawn layer inside one
    /// transaction: action search, implicit animations made and attached.
    var changeMicrosecondsPerLayer: Double
    /// Committing that transaction (begin times fixed).
    var commitMicrosecondsPerLayer: Double
    /// `presentationTree(at:)` mid-animation: a copy per layer with its two animations applied.
    var sampleMicrosecondsPerLayer: Double
    /// `presentationTree(at:)` of the same tree with no animations.
    var staticSampleMicrosecondsPerLayer: Double
    /// A whole `FrameTicker.tick(at:)` mid-animation (lifecycle walk and sampling).
    var tickMicrosecondsPerLayer: Double

    var description: String {
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        return """
            animation benchmark, \(layerCount) layers, 2 implicit animations each (µs per layer):
              change (in transaction)  \(f(changeMicrosecondsPerLayer))
              commit                   \(f(commitMicrosecondsPerLayer))
              sample, animated         \(f(sampleMicrosecondsPerLayer))
              sample, static           \(f(staticSampleMicrosecondsPerLayer))
              tick, animated           \(f(tickMicrosecondsPerLayer))
            """
    }
}

/// Measures implicit animation of `layerCount` layers in one transaction:
/// the cost of the changes, of the commit and of sampling the presentation
/// tree (best of `rounds`), in microseconds per layer. A benchmark, not a
/// test: the numbers depend on the machine (build with `-c release`).
func animationBenchmark(layerCount: Int = 10_000, rounds: Int = 5) -> AnimationBenchmarkResult {
    precondition(layerCount > 0 && rounds > 0, "animationBenchmark: layerCount and rounds must be positive")
    // Outside a tick, CACurrentMediaTime is the monotonic clock.
    func seconds(_ body: () -> Void) -> Double {
        let start = CACurrentMediaTime()
        body()
        return CACurrentMediaTime() - start
    }
    var best = (
        change: Double.infinity, commit: Double.infinity, sample: Double.infinity,
        staticSample: Double.infinity, tick: Double.infinity
    )
    for _ in 0..<rounds {
        CATransaction.flush()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        var layers: [CALayer] = []
        layers.reserveCapacity(layerCount)
        for i in 0..<layerCount {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: i % 100 * 10, y: i / 100 * 10)
            root.addSublayer(layer)
            layers.append(layer)
        }
        let ticker = FrameTicker(rootLayer: root, clock: CAMediaClock(time: 0))
        ticker.tick(at: 0)
        best.staticSample = min(best.staticSample, seconds { _ = root.presentationTree(at: 0) })
        CATransaction.begin()
        best.change = min(
            best.change,
            seconds {
                for layer in layers {
                    layer.position = CGPoint(x: layer.position.x + 100, y: layer.position.y)
                    layer.opacity = 0.5
                }
            })
        best.commit = min(best.commit, seconds { CATransaction.commit() })
        best.sample = min(best.sample, seconds { _ = root.presentationTree(at: 0.1) })
        best.tick = min(best.tick, seconds { ticker.tick(at: 0.12) })
    }
    let perLayer = 1e6 / Double(layerCount)
    return AnimationBenchmarkResult(
        layerCount: layerCount,
        changeMicrosecondsPerLayer: best.change * perLayer,
        commitMicrosecondsPerLayer: best.commit * perLayer,
        sampleMicrosecondsPerLayer: best.sample * perLayer,
        staticSampleMicrosecondsPerLayer: best.staticSample * perLayer,
        tickMicrosecondsPerLayer: best.tick * perLayer)
}
