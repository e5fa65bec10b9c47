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
        /// The ask: densities, pixel phase, and the bitmap's size.
        let request: RasterRequest
        /// The flattening that asked.
        let flattening: UInt64
        /// Whether the flattening before asked at the same densities, phase and visible part:
        /// the layer holds still on the device (a moving one lands on another
        /// phase each frame, where a bitmap made ahead would be wasted).
        var steady = false

        func sameSpot(as other: Placement) -> Bool {
            let a = request, b = other.request
            return a.pixelsPerPoint == b.pixelsPerPoint
                && a.source.pixelsPerPointAlongAxes?.x == b.source.pixelsPerPointAlongAxes?.x
                && a.source.pixelsPerPointAlongAxes?.y == b.source.pixelsPerPointAlongAxes?.y
                && a.source.pixelPhase?.x == b.source.pixelPhase?.x && a.source.pixelPhase?.y == b.source.pixelPhase?.y
                && a.source.visibleRect == b.source.visibleRect
        }
    }

    private var placements: [Placement?] = []
    /// The flattenings made with this memo, this one included.
    private(set) var flattening: UInt64 = 0

    /// Starts a flattening: what the last one recorded is now the guess.
    func beginFlattening() { flattening &+= 1 }

    /// Records that `node` (standing for `layerID`) asked for its bitmap as
    /// `request` says in this flattening (a node asked at two spots in one
    /// flattening, as a replicator's instances are, is not steady).
    func record(_ request: RasterRequest, node: Int, layerID: ObjectIdentifier) {
        if node >= placements.count {
            placements.append(contentsOf: repeatElement(nil, count: node + 1 - placements.count))
        }
        var placement = Placement(layerID: layerID, request: request, flattening: flattening)
        if let last = placements[node], last.layerID == layerID {
            if last.flattening == flattening {
                if !last.sameSpot(as: placement) { placements[node] = placement }
                return
            }
            placement.steady = last.flattening == flattening &- 1 && last.sameSpot(as: placement)
        }
        placements[node] = placement
    }

    /// The requests to make ahead for this flattening: each leaf whose content
    /// changed, that asked for its bitmap in the last flattening from a spot it
    /// also held in the one before, at that spot, with its new content.
    func requests(in nodes: UnsafeBufferPointer<LayerSnapshotNode>) -> [RasterRequest] {
        var requests: [RasterRequest] = []
        for (i, placement) in placements.prefix(nodes.count).enumerated() {
            guard let placement, placement.steady, placement.flattening == flattening &- 1,
                nodes[i].layerID == placement.layerID, nodes[i].changes.contains(.content)
            else { continue }
            var request = placement.request
            request.source.content = nodes[i].content
            request.source.bounds = nodes[i].state.bounds
            requests.append(request)
        }
        return requests
    }

    func removeAll() {
        placements.removeAll()
    }
}
