import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// Layers changed from eight threads at once while a render loop ticks and
/// flattens the tree (the GL variant draws it too: `ThreadStressDrawTests`).
@Suite struct ThreadStressTests {
    /// A render loop's flattener for `stress`'s canvas, caching looks.
    private static func flattener(for stress: ThreadStress) throws -> Flattener {
        var flattener = Flattener(size: stress.size, rasterizer: try StandardLayerRasterizer.shapesAndText())
        flattener.appearanceCache = AppearanceCache()
        return flattener
    }

    @Test func eightThreadsChangeATreeWhileItIsTickedAndFlattened() throws {
        let stress = ThreadStress(threads: 8, iterations: 400)
        let flattener = try Self.flattener(for: stress)
        var items = 0
        let report = stress.run { tree in
            items += flattener.renderList(for: tree).passes.reduce(0) { $0 + $1.items.count }
        }
        #expect(report.problems == [])
        // The render loop ran alongside the threads, and drew something.
        #expect(report.framesWhileRunning > 0)
        #expect(items > 0)
    }

    @Test func eightThreadsChangeATreeWhileItIsTickedIntoTheFlattenersSnapshot() throws {
        let stress = ThreadStress(threads: 8, iterations: 400)
        let flattener = try Self.flattener(for: stress)
        var items = 0
        let report = stress.run(ticking: { ticker, time in
            items += flattener.renderList(ticking: ticker, at: time).passes.reduce(0) { $0 + $1.items.count }
        })
        #expect(report.problems == [])
        #expect(report.framesWhileRunning > 0)
        #expect(items > 0)
        // Settled, the ticked list is the presentation tree's (each made twice: cached looks take a frame).
        _ = flattener.renderList(ticking: stress.ticker, at: 100)
        let last = flattener.renderList(ticking: stress.ticker, at: 100.1)
        let fromTree = try Self.flattener(for: stress)
        _ = fromTree.renderList(for: stress.ticker.tick(at: 100.1))
        let expected = fromTree.renderList(for: stress.ticker.tick(at: 100.1))
        #expect(last.passes.map(\.items.count) == expected.passes.map(\.items.count))
        #expect(last.screen.items.map(\.quad) == expected.screen.items.map(\.quad))
    }
}
