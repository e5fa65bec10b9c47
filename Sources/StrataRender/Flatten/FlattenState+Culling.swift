import Foundation
import Strata

extension FlattenState {
    /// Where a leaf layer can draw on the target, decided before any of its
    /// items are made (most of a large scrolled or animated grid lies off
    /// screen, and making, caching and then dropping its items cost more than
    /// everything else the frame does for it).
    ///
    /// Only layers whose drawing stays within a reach known up front take
    /// part: a plain or gradient layer draws inside its bounds (contents too,
    /// when clipped to them), and its shadow inside the shadow's silhouette
    /// grown by its blur. Shape and text layers, unclipped contents and
    /// parts behind the eye are never decided here (`.unknown`); the
    /// item-level test after flattening applies to them.
    func leafReach(_ layer: Int, mapping: PlaneMapping) -> LeafReach {
        Self.leafReach(layer, mapping: mapping, nodes: nodes, target: target)
    }

    /// `leafReach(_:mapping:)` from what it reads: the nodes and the target.
    static func leafReach(
        _ layer: Int, mapping: PlaneMapping, nodes: UnsafeBufferPointer<LayerSnapshotNode>, target: FlattenTarget
    ) -> LeafReach {
        guard target.cullsOutside, nodes[layer].sublayers.isEmpty, !nodes[layer].state.shouldRasterize,
            !Self.drawsPastBounds(nodes[layer].kind),
            nodes[layer].state.contents == nil || nodes[layer].state.masksToBounds
        else { return .unknown }
        var reach = nodes[layer].state.bounds
        if nodes[layer].state.shadowOpacity > 0 {
            let silhouette = nodes[layer].state.shadowPath?.boundingBox ?? nodes[layer].state.bounds
            let blur = 4 * max(0, Double(nodes[layer].state.shadowRadius)) + 2
            let offset = nodes[layer].state.shadowOffset
            reach = reach.union(silhouette.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -blur, dy: -blur))
        }
        guard !reach.isNull, reach.minX.isFinite, reach.maxX.isFinite, reach.minY.isFinite, reach.maxY.isFinite
        else { return .unknown }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {  // not an array of corners: that allocates, for every leaf every frame
            let u = corner & 1 == 0 ? reach.minX : reach.maxX, v = corner < 2 ? reach.minY : reach.maxY
            // A corner behind the eye: the visible part is unbounded on screen.
            guard let p = mapping.project(Double(u), Double(v)) else { return .unknown }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        // Two pixels of slack cover the antialiasing ramp outside the edges.
        let slack = 2.0, w = Double(target.size.width), h = Double(target.size.height)
        if x1 < -slack || y1 < -slack || x0 > w + slack || y0 > h + slack { return .outside }
        // Every item lies within the reach: each meets the target.
        if x0 >= 0 && y0 >= 0 && x1 <= w && y1 <= h { return .inside }
        return .unknown
    }

    /// What `leafReach` could tell about a leaf and the target.
    enum LeafReach {
        /// It draws nothing on the target.
        case outside
        /// Everything it draws meets the target.
        case inside
        /// Its items must be tested one by one.
        case unknown
    }

    /// Whether what a layer of this kind draws may reach past its bounds
    /// (a path, text measured by its bitmap, particles).
    static func drawsPastBounds(_ kind: LayerContent.Kind) -> Bool {
        switch kind {
        case .shape, .text, .emitter: true
        case .plain, .transformLayer, .gradient, .replicator: false
        }
    }
}

extension FlattenState {
    /// Whether `bounds` (square-cornered, through an affine `mapping` that keeps
    /// them axis-aligned) hold the whole target: a clip to them clips nothing.
    func coversTarget(_ bounds: CGRect, radii: CornerRadii, mapping: PlaneMapping) -> Bool {
        guard target.cullsOutside, radii == .zero, mapping.m12 == 0, mapping.m21 == 0, mapping.m13 == 0,
            mapping.m23 == 0, mapping.m33 > 0,
            let a = mapping.project(Double(bounds.minX), Double(bounds.minY)),
            let b = mapping.project(Double(bounds.maxX), Double(bounds.maxY))
        else { return false }
        return min(a.x, b.x) <= 0 && min(a.y, b.y) <= 0
            && max(a.x, b.x) >= Double(target.size.width) && max(a.y, b.y) >= Double(target.size.height)
    }
}
