import Foundation
import Strata
import StrataRender

extension Flattener {
    /// The render list for `roots`, and for each layer-space pass in it the
    /// box its bounds functions measured beside the box of its drawing
    /// (`LayerSpaceProbe.drawnBox`): the first must hold the second.
    package func renderListComparingProbes(for roots: [CALayer])
        -> (list: RenderList, probes: [(bounds: CGRect, probe: CGRect)])
    {
        let (list, probes) = renderListRecordingProbes(for: roots)
        return (list, probes.map { ($0.bounds, $0.drawnBox) })
    }
}
