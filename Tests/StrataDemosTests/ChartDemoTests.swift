import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

/// The chart demo: a `draw(in:)` chart on a card, stepped with `CATransition` pushes.
@Suite struct ChartDemoTests {
    @Test func theChartDrawsItselfAndPushesTheNextWeekIn() throws {
        var script = InputScript()
        script.add(.key(.space, action: .press, modifiers: []), at: 0.1)
        let run = try DemoRun("chart", script: script, size: CGSize(width: 400, height: 300))
        let demo = try run.demo(ChartDemo.self)
        let first = try run.picture(at: 0)
        #expect(demo.chart.drawCount == 1)
        let image = try #require(demo.chart.contents as? CGImage)
        #expect(image.width == 344 && image.height == 240)
        // Each dot of the line is white inside a ring of the line colour, on the card.
        let dot = demo.chart.points[3]
        let onScreen = demo.chart.convert(dot, to: demo.rootLayer)
        #expect(first.isNear(Int(onScreen.x), Int(onScreen.y), (255, 255, 255), tolerance: 8))
        #expect(first.isNear(Int(onScreen.x + 4), Int(onScreen.y), (41, 107, 242), tolerance: 40))

        // About half-way through the push (0.45 s, eased in and out): the old chart part way out
        // to the left, the new one part way in from the right.
        let middle = try run.picture(at: 0.1 + 0.225 + 1.0 / 60)
        #expect(demo.week == 1 && demo.chart.drawCount == 2)
        // (The chart's presentation copy, found through its Strata-class ancestors.)
        func shownChart() -> CALayer? { demo.rootLayer.presentation()?.sublayers?[0].sublayers?[0].sublayers?[0] }
        let frame = try #require(shownChart()?.transitionFrame)
        #expect(frame.type == .push && frame.subtype == .fromRight)
        #expect(frame.progress > 0.4 && frame.progress < 0.7)
        #expect(middle.differingFraction(from: first) > 0.2)
        let done = try run.picture(at: 0.7)
        #expect(demo.transitionsRun == 1 && shownChart() != nil && shownChart()?.transitionFrame == nil)
        #expect(done.differingFraction(from: first) > 0.02)
    }
}
