import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// Layers changed from eight threads at once while a render loop ticks and
/// flattens the tree (the GL variant draws it too: `ThreadStressDrawTests`).
@Suite struct ThreadStressTests {
    @Test func eightThreadsChangeATreeWhileItIsTickedAndFlattened() throws {
        let stress = ThreadStress(threads: 8, iterations: 400)
        var flattener = Flattener(size: stress.size, rasterizer: try StandardLayerRasterizer.shapesAndText())
        flattener.appearanceCache = AppearanceCache()
        var items = 0
        let report = stress.run { tree in
            items += flattener.renderList(for: tree).passes.reduce(0) { $0 + $1.items.count }
        }
        #expect(report.problems == [])
        // The render loop ran alongside the threads, and drew something.
        #expect(report.framesWhileRunning > 0)
        #expect(items > 0)
    }
}
