import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// The thread stress of `ThreadStressTests`, drawn headless every frame.
@Suite struct ThreadStressDrawTests {
    @Test func eightThreadsChangeATreeWhileItIsDrawn() throws {
        let stress = ThreadStress(threads: 8, iterations: 150)
        let renderer = try OffscreenRenderer(width: 128, height: 128)
        renderer.appearanceCache = AppearanceCache()
        var drawn = 0
        let report = try stress.run { tree in
            let out = try renderer.render(tree, size: stress.size, background: .white)
            if out.stats.drawCalls > 0 { drawn += 1 }
        }
        #expect(report.problems == [])
        #expect(report.framesWhileRunning > 0)
        #expect(drawn > 0)
    }
}
