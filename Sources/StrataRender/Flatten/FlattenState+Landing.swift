import CStrataRuntime
import Foundation
import Strata

extension FlattenState {
    /// Where a visited layer lands, decided before anything of it is drawn.
    enum Landing {
        /// Nowhere: it draws nothing (a transform that is not finite, its back
        /// turned, no opacity, or a leaf off the target).
        case nothing
        /// It keeps its sublayers in one 3D space with it (`preservesDepth`).
        case context(toDevice: CATransform3D)
        /// It is drawn through `mapping`, at `groupOpacity`.
        case drawn(toDevice: CATransform3D, mapping: PlaneMapping, reach: LeafReach, groupOpacity: Double)
    }

    /// Where `layer` lands with `local` (its bounds space → its parent's)
    /// under the parent's `parentToDevice` (see `visit`). Reads only the
    /// nodes and the target: threads culling a long list call it side by side.
    static func landing(
        of layer: Int, local: CATransform3D, parentToDevice: CATransform3D, parentIsFlat: Bool, opacity: Double,
        nodes: UnsafeBufferPointer<LayerSnapshotNode>, target: FlattenTarget
    ) -> Landing {
        guard local.isFinite else { return .nothing }
        let placed = parentIsFlat ? local.flattened : local
        if nodes[layer].preservesDepth { return .context(toDevice: placed.concatenating(parentToDevice)) }
        // The whole product only for a layer that lands (most of a large grid is culled).
        let mapping = PlaneMapping(placed, then: parentToDevice)
        // Seen from behind: a single-sided layer hides itself and its subtree.
        if !nodes[layer].state.isDoubleSided && mapping.determinant < 0 { return .nothing }
        let groupOpacity = opacity * Double(nodes[layer].state.opacity)
        let reach = leafReach(layer, mapping: mapping, nodes: nodes, target: target)
        if groupOpacity <= 0 || reach == .outside { return .nothing }
        return .drawn(
            toDevice: placed.concatenating(parentToDevice), mapping: mapping, reach: reach, groupOpacity: groupOpacity)
    }

    /// How a flat layer's sublayer is to be visited, found ahead for a long list.
    enum SublayerVisit: UInt8 {
        /// Visit it.
        case visit
        /// It draws nothing, but counts as a layer visited.
        case countOnly
        /// Hidden: not visited at all.
        case skip
    }

    /// Lists shorter than this are culled as they are visited.
    static let shortestCulledList = 1024
    /// Each thread culls at least this many sublayers of a list.
    static let fewestSublayersPerThread = 256

    /// For a long list of `sublayers` of a flat layer mapped to the device by
    /// `toDevice`: how each is to be visited, found on `context.threads`
    /// threads (most of a large grid lies off the target, and finding that
    /// is most of what visiting them costs); nil for a short list, or with
    /// transitions drawn (their parts land elsewhere).
    func sublayerVisits(_ sublayers: Slice<UnsafeBufferPointer<Int32>>, toDevice: CATransform3D) -> [SublayerVisit]? {
        let runs = min(context.threads, sublayers.count / Self.fewestSublayersPerThread)
        guard sublayers.count >= Self.shortestCulledList, runs > 1, transitionParts.isEmpty else { return nil }
        var visits = [SublayerVisit](repeating: .visit, count: sublayers.count)
        visits.withUnsafeMutableBufferPointer { out in
            let culling = Culling(
                sublayers: UnsafeBufferPointer(rebasing: sublayers), nodes: nodes, target: target,
                toDevice: toDevice, visits: out, runs: runs)
            WorkerThreads.perform(runs, culling.cull)
        }
        return visits
    }

    /// One long list's culling, shared by its threads (each writes its own run of `visits`).
    private struct Culling: @unchecked Sendable {
        let sublayers: UnsafeBufferPointer<Int32>
        let nodes: UnsafeBufferPointer<LayerSnapshotNode>
        let target: FlattenTarget
        let toDevice: CATransform3D
        let visits: UnsafeMutableBufferPointer<SublayerVisit>
        let runs: Int

        /// Culls run `r` of the list (as `visit` would, up to its first drawing).
        func cull(_ r: Int) {
            let n = sublayers.count
            let entries = (n * r / runs)..<(n * (r + 1) / runs)
            for k in entries {
                if k + prefetchDistance < entries.upperBound {
                    strata_prefetch(
                        nodes.baseAddress! + Int(sublayers[k + prefetchDistance]),
                        UInt(MemoryLayout<LayerSnapshotNode>.stride))
                }
                let layer = Int(sublayers[k])
                if nodes[layer].transition != nil { continue }
                if nodes[layer].state.isHidden {
                    visits[k] = .skip
                } else if case .nothing = landing(
                    of: layer, local: nodes[layer].toParent, parentToDevice: toDevice, parentIsFlat: true,
                    opacity: 1, nodes: nodes, target: target)
                {
                    visits[k] = .countOnly
                }
            }
        }
    }
}
