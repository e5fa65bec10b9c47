import Foundation
import Strata

// Gamepad focus, as tvOS's focus engine moves it: the d-pad goes to the
// nearest focusable layer whose centre lies that way on screen.

extension GestureRouter {
    /// The centre of the focused layer (the root when none) in window points, as shown.
    public var focusPoint: CGPoint {
        let layer = focusedLayer ?? rootLayer
        let shown = layer.presentation() ?? layer
        return shown.convert(CGPoint(x: shown.bounds.midX, y: shown.bounds.midY), to: nil)
    }

    /// Moves the focus one step in direction (`dx`, `dy`) (unit, y down): to
    /// the focusable layer ahead whose centre is nearest, sideways distance
    /// counting double. With nothing focused, the first focusable layer.
    func moveFocus(dx: Double, dy: Double) {
        let visible = focusableLayers.filter { !$0.isHidden }
        guard let current = focusedLayer, visible.contains(where: { $0 === current }) else {
            return focus(visible.first)
        }
        let from = focusPoint
        var best: (layer: CALayer, score: Double)?
        for layer in visible where layer !== current {
            let shown = layer.presentation() ?? layer
            let centre = shown.convert(CGPoint(x: shown.bounds.midX, y: shown.bounds.midY), to: nil)
            let ahead = (centre.x - from.x) * dx + (centre.y - from.y) * dy
            guard ahead > 1 else { continue }
            let sideways = abs((centre.x - from.x) * dy - (centre.y - from.y) * dx)
            let score = ahead + 2 * sideways
            if best.map({ score < $0.score }) ?? true { best = (layer, score) }
        }
        if let best { focus(best.layer) }
    }
}
