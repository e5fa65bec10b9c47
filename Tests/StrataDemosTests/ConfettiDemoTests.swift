import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

@Suite struct ConfettiDemoTests {
    @Test func burstsGoOffOnTheirOwnAndWhereYouTapThenClearAway() throws {
        var script = InputScript()
        script.click(at: CGPoint(x: 80, y: 200), time: 1)
        let run = try DemoRun("confetti", script: script)
        let demo = try run.demo(ConfettiDemo.self)
        let empty = try run.picture(at: 0)
        #expect(demo.burstCount == 1)
        // Half a second on the first burst has risen from the bottom centre.
        let rising = try run.picture(at: 0.5)
        #expect(rising.differingFraction(from: empty) > 0.005)
        let first = try #require(demo.bursts.first)
        let pieces = first.presentation()?.particles() ?? []
        #expect(pieces.count == 6 * 10)  // six cells, 50 a second, for 0.2 s
        #expect(first.birthRate == 0)
        #expect(pieces.allSatisfy { $0.position.y < 240 })
        // The tap fires a second burst from where it landed.
        _ = try run.picture(at: 1.1)
        #expect(demo.burstCount == 2)
        let tapped = try #require(demo.bursts.last)
        #expect(tapped.emitterPosition == CGPoint(x: 80, y: 200))
        // Played again from the same input, the same frames.
        let again = try DemoRun("confetti", script: script)
        _ = try again.picture(at: 0)
        #expect(try again.picture(at: 0.5).pixels == rising.pixels)
        // Every burst is removed once its last piece has fallen.
        _ = try run.picture(at: 6)
        #expect(demo.bursts.count <= 2)
        #expect(demo.rootLayer.sublayers?.count ?? 0 == demo.bursts.count)
    }
}
