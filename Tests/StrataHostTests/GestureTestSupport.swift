import Foundation
import Strata
import StrataHost

/// A window-sized root with one child, and a router over them.
struct GestureFixture {
    let root = CALayer()
    let card = CALayer()
    let router: GestureRouter

    init(cardFrame: CGRect = CGRect(x: 100, y: 100, width: 200, height: 100)) {
        root.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        root.position = CGPoint(x: 400, y: 300)
        root.name = "root"
        card.frame = cardFrame
        card.name = "card"
        root.addSublayer(card)
        router = GestureRouter(rootLayer: root)
    }

    /// Plays `script` through the router with a frame every 1/60 s up to `until`.
    func play(_ script: InputScript, until end: Double) {
        let source = ScriptedInputSource(script.events)
        var frame = 0
        while Double(frame) / 60 <= end + 1e-9 {
            let t = Double(frame) / 60
            for e in source.events(through: t) { router.handle(e.event, at: e.time) }
            router.advance(to: t)
            frame += 1
        }
    }
}

/// Every action a recognizer ran: its state and a value read then.
final class ActionLog<Value> {
    var entries: [(state: GestureRecognizerState, value: Value)] = []
    var states: [GestureRecognizerState] { entries.map(\.state) }
    var last: Value? { entries.last?.value }
}
