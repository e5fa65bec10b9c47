import Benchmark
import Foundation
import Strata
import StrataRender

/// The per-frame hot paths on the animated card grid: the animation tick
/// (sampling into reused presentation copies) and flattening into a render
/// list, each frame 1/60 s after the last. Allocations per frame are the
/// point as much as time: the steady state should allocate little.
///
/// Run: `STRATA_BENCHMARKS=1 swift package benchmark` (see README).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .memoryLeaked],
        warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 300)

    for count in [1_000, 10_000] {
        Benchmark("tick \(count) cards") { benchmark in
            let ticker = FrameTicker(rootLayer: CardGrid.make(count: count))
            ticker.reusesPresentationCopies = true
            var frame = 0
            ticker.tick(at: 0)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                frame += 1
                blackHole(ticker.tick(at: Double(frame) / 60))
            }
        }

        Benchmark("flatten \(count) cards") { benchmark in
            let ticker = FrameTicker(rootLayer: CardGrid.make(count: count))
            ticker.reusesPresentationCopies = true
            var flattener = Flattener(size: CardGrid.size)
            flattener.appearanceCache = AppearanceCache()
            var frame = 0
            var tree = ticker.tick(at: 0)
            _ = flattener.renderList(for: tree)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                // Tick outside the measurement: only flattening is counted.
                benchmark.stopMeasurement()
                frame += 1
                tree = ticker.tick(at: Double(frame) / 60)
                benchmark.startMeasurement()
                blackHole(flattener.renderList(for: tree))
            }
        }
    }
}
