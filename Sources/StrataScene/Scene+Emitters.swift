import Foundation
import Strata

extension Scene {
    /// How long the scene's emitters keep changing the picture: until the
    /// last particle of the emission a timeline transaction stops (setting
    /// the layer's `birthRate` to 0), or of cells whose emission has an end
    /// (`duration`), has died. `forever` when an emitter never stops.
    var emitterEnd: (end: CFTimeInterval, forever: Bool) {
        var end: CFTimeInterval = 0
        var forever = false
        func visit(_ layer: CALayer) {
            if let emitter = layer as? CAEmitterLayer {
                let state = emitter.emissionSnapshot()
                let reach = EmitterSimulation.reach(of: state)
                let emitting = state.cells.filter { $0.values.isEnabled && $0.values.birthRate > 0 }
                if state.layer.birthRate > 0 && !emitting.isEmpty {
                    // Emission ends once the implicit animation to 0 (if any) has run.
                    let stop = timeline.filter { t in
                        t.set.contains {
                            $0.target == emitter.name && $0.keyPath == "birthRate" && $0.value == .number(0)
                        }
                    }.map { $0.at + ($0.disableActions ? 0 : ($0.duration == 0 ? 0.25 : $0.duration)) }.min()
                    let cellEnds = emitting.map { cell -> CFTimeInterval in
                        EmitterSimulation.Run.activeSpan(cell.values)?.end ?? 0
                    }
                    let emissionEnd = min(stop ?? .infinity, cellEnds.max() ?? 0)
                    if emissionEnd.isFinite { end = max(end, emissionEnd + reach) } else { forever = true }
                }
            }
            for sub in layer._sublayers { visit(sub) }
            if let mask = layer._mask { visit(mask) }
        }
        visit(root)
        return (end, forever)
    }
}
