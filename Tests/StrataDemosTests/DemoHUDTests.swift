import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

@Suite struct DemoHUDTests {
    @Test func theHUDShowsOnTopOfAPerspectiveDemoAndToggles() throws {
        let run = try DemoRun("gallery")
        let hud = DemoHUD()
        let root = run.session.demo.rootLayer
        run.session.perform { hud.toggle(over: root) }
        #expect(hud.isShown && hud.panel.superlayer === root)
        run.session.perform { hud.update(frameTime: 0.02, layers: 12, drawCalls: 3) }
        #expect(hud.text.string as? String == "20.0 ms · 12 layers · 3 draw calls")
        let shown = try run.picture(at: 0)
        run.session.perform { hud.toggle(over: root) }
        #expect(!hud.isShown)
        let hidden = try run.picture(at: 0.1)
        // The panel (black at 65%) darkens the photos under it, at its place despite the
        // perspective: inside its top-right corner, not outside it.
        for (x, y, inside) in [(300, 20, true), (150, 60, true), (40, 20, false), (300, 80, false)] {
            let over = shown.rgb(x, y), under = hidden.rgb(x, y)
            let darkened = over.r + over.g + over.b < (under.r + under.g + under.b) / 2
            #expect(darkened == inside, "(\(x), \(y)): \(over) over \(under)")
        }
    }
}
