import Benchmark
import Foundation
import Strata
import StrataRender

/// The per-frame hot paths on the animated card grid: the animation tick
/// (sampling into a presentation tree) and flattening into a render
/// list, each frame 1/60 s after the last. Allocations per frame are the
/// point as much as time: a tree copies each animated card every frame.
///
/// Run: `STRATA_BENCHMARKS=1 swift package --scratch-path .build-bench benchmark`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 200)

    // 100 cards fit in the caches: their per-card cost against 10,000's says
    // how much of a frame is waiting for memory.
    for count in [100, 1_000, 10_000] {
        // One grid per benchmark, played on from sample to sample: every
        // measured frame is a steady-state frame, not the first one.
        let ticking = GridPlayback(count: count)
        Benchmark("tick \(count) cards") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ticking.nextTree()) }
        }
        // Flattening cannot be timed apart from the tick that makes its tree
        // (an iteration is measured whole): its cost is this minus the tick's.
        let flattening = GridPlayback(count: count)
        Benchmark("tick + flatten \(count) cards") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(flattening.nextList()) }
        }
    }
}

/// A card grid on a 60 Hz clock, with a flattener that caches appearances as
/// the window does.
final class GridPlayback: @unchecked Sendable {
    // @unchecked: a benchmark runs its samples one after another on one thread.
    let ticker: FrameTicker
    var flattener = Flattener(size: CardGrid.size)
    var frame = 0

    init(count: Int) {
        ticker = FrameTicker(rootLayer: CardGrid.make(count: count))
        flattener.appearanceCache = AppearanceCache()
        for _ in 0..<3 { _ = nextList() }
    }

    func nextTree() -> CALayer {
        frame += 1
        return ticker.tick(at: Double(frame) / 60)
    }

    func nextList() -> RenderList { flattener.renderList(for: nextTree()) }
}
