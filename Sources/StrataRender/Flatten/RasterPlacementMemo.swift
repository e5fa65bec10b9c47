import Foundation
import Strata

/// Where each leaf's CPU-made bitmap was last asked for (its densities and
/// pixel phase on the device), for the kept snapshot: the next frame's changed
/// shapes are made ahead from it, side by side on the cores, before the
/// flattening walks the tree and asks for them one at a time
/// (`RasterPreparing`). A guess that no longer holds costs the bitmap made
/// for nothing, never a different picture: the walk asks for exactly what it
/// draws.
final class RasterPlacementMemo {
    /// Where a node's bitmap was asked for.
    struct Placement {
        /// The layer the node stood for.
        let layerID: ObjectIdentifier
        let pixelsPerPoint: Double
        let axes: (x: Double, y: Double)?
        let phase: (x: Double, y: Double)?
        /// The flattening that asked.
        let flattening: UInt64
        /// Whether the flattening before asked at the same densities and phase:
        /// the layer holds still on the device (a moving one lands on another
        /// phase each frame, where a bitmap made ahead would be wasted).
        let steady: Bool

        func sameSpot(as other: Placement) -> Bool {
            pixelsPerPoint == other.pixelsPerPoint && axes?.x == other.axes?.x && axes?.y == other.axes?.y
                && phase?.x == other.phase?.x && phase?.y == other.phase?.y
        }
    }

    private var placements: [Placement?] = []
    /// The flattenings made with this memo, this one included.
    private(set) var flattening: UInt64 = 0

    /// Starts a flattening: what the last one recorded is now the guess.
    func beginFlattening() { flattening &+= 1 }

    /// Records that `node` (standing for `layerID`) asked for its bitmap at
    /// these densities and phase in this flattening (a node asked at two spots
    /// in one flattening, as a replicator's instances are, is not steady).
    func record(
        node: Int, layerID: ObjectIdentifier, pixelsPerPoint: Double, axes: (x: Double, y: Double)?,
        phase: (x: Double, y: Double)?
    ) {
        if node >= placements.count {
            placements.append(contentsOf: repeatElement(nil, count: node + 1 - placements.count))
        }
        var placement = Placement(
            layerID: layerID, pixelsPerPoint: pixelsPerPoint, axes: axes, phase: phase, flattening: flattening,
            steady: false)
        if let last = placements[node], last.layerID == layerID {
            if last.flattening == flattening {
                if !last.sameSpot(as: placement) { placements[node] = placement }
                return
            }
            placement = Placement(
                layerID: layerID, pixelsPerPoint: pixelsPerPoint, axes: axes, phase: phase, flattening: flattening,
                steady: last.flattening == flattening &- 1 && last.sameSpot(as: placement))
        }
        placements[node] = placement
    }

    /// The requests to make ahead for this flattening: each leaf whose content
    /// changed, that asked for its bitmap in the last flattening from a spot it
    /// also held in the one before, at that spot.
    func requests(in nodes: UnsafeBufferPointer<LayerSnapshotNode>) -> [RasterRequest] {
        var requests: [RasterRequest] = []
        for (i, placement) in placements.prefix(nodes.count).enumerated() {
            guard let placement, placement.steady, placement.flattening == flattening &- 1,
                nodes[i].layerID == placement.layerID, nodes[i].changes.contains(.content)
            else { continue }
            requests.append(
                RasterRequest(
                    source: RasterSource(
                        content: nodes[i].content, bounds: nodes[i].state.bounds,
                        pixelsPerPointAlongAxes: placement.axes, pixelPhase: placement.phase),
                    pixelsPerPoint: placement.pixelsPerPoint))
        }
        return requests
    }

    func removeAll() {
        placements.removeAll()
    }
}
