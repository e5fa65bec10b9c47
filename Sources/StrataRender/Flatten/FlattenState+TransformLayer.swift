import Foundation
import Strata

extension FlattenState {
    /// A transform layer (or a replicator that preserves depth) that starts
    /// a 3D context: its sublayers (through nested transform layers and
    /// replicators' instances) are planes in one space, drawn back to front,
    /// split where they cross.
    ///
    /// `toContext` is the layer's own transform to its superlayer, unflattened:
    /// depth is measured in the superlayer's space before it flattens the
    /// context, so the perspective inside the context decides the order.
    mutating func visit3DContext(
        _ layer: Int, toDevice: CATransform3D, toContext: CATransform3D, clip: Int32,
        opacity: Double, into out: inout [DrawItem]
    ) {
        // The planes' items, each plane a range of them: copied to `out` once sorted.
        var planeItems: [DrawItem] = []
        var planes: [Plane] = []
        collectPlanes(
            of: layer, toDevice: toDevice, toContext: toContext, clip: clip,
            opacity: opacity, tint: nil, items: &planeItems, into: &planes)
        let inputs = planes.map {
            PlaneSorter.Input(toContext: $0.toContext, rect: localExtent(of: $0, items: planeItems))
        }
        for fragment in PlaneSorter.backToFront(inputs) {
            let plane = planes[fragment.plane]
            guard !fragment.cuts.isEmpty, let deviceToLocal = plane.mapping.inverted() else {
                out.append(contentsOf: planeItems[plane.items])
                continue
            }
            // One chain of hard half-plane clips per distinct enclosing clip.
            var chains: [Int32: Int32] = [:]
            for var item in planeItems[plane.items] {
                if let tail = chains[item.clip] {
                    item.clip = tail
                } else {
                    var parent = item.clip
                    for cut in fragment.cuts {
                        let toCut = PlaneMapping(cut.a, -cut.b, 0, cut.b, cut.a, 0, cut.e, 0, 1)
                        list.clips.append(
                            ClipShape(
                                deviceToLocal: deviceToLocal.concatenating(toCut),
                                rect: CGRect(x: 0, y: -1e7, width: 1e7, height: 2e7),
                                radii: .zero, continuousCorners: false, parent: parent,
                                antialiased: cut.antialiased))
                        parent = Int32(list.clips.count - 1)
                    }
                    chains[item.clip] = parent
                    item.clip = parent
                }
                out.append(item)
            }
        }
    }

    /// The bounding rect, in the plane's local units, of everything its items
    /// (`items[plane.items]`) draw.
    func localExtent(of plane: Plane, items: [DrawItem]) -> CGRect {
        guard let toLocal = plane.mapping.inverted() else { return .zero }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for item in items[plane.items] {
            let m = item.mapping.concatenating(toLocal)
            let q = item.quad
            for (u, v) in [(q.minX, q.minY), (q.maxX, q.minY), (q.minX, q.maxY), (q.maxX, q.maxY)] {
                let h = m.apply(Double(u), Double(v))
                guard h.w > 1e-12 else { return plane.bounds }
                x0 = min(x0, h.x / h.w); y0 = min(y0, h.y / h.w); x1 = max(x1, h.x / h.w); y1 = max(y1, h.y / h.w)
            }
        }
        guard x0.isFinite, y0.isFinite, x1 > x0, y1 > y0 else { return plane.bounds }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Adds the planes of `layer`'s 3D context: each sublayer (each instance's,
    /// for a replicator, after the replicator's own plane) is a plane,
    /// except nested transform layers and depth-preserving replicators,
    /// whose planes join this context. `tint` multiplies the colours of
    /// replicator instances. Their items are appended to `items`; each plane
    /// holds the range of its own.
    mutating func collectPlanes(
        of layer: Int, toDevice: CATransform3D, toContext: CATransform3D,
        clip: Int32, opacity: Double, tint: PremultipliedColor?,
        items: inout [DrawItem], into planes: inout [Plane]
    ) {
        guard case .replicator(let replicator) = nodes[layer].content else {
            for sub in sublayers(of: layer) {
                collectPlane(
                    of: Int(sub), in: layer, toDevice: toDevice, toContext: toContext, clip: clip,
                    opacity: opacity, tint: tint, instance: nil, items: &items, into: &planes)
            }
            return
        }
        let start = items.count
        let mapping = PlaneMapping(toDevice)
        if opacity > 0, nodes[layer].state.isDoubleSided || mapping.determinant >= 0 {
            drawLayer(layer, toDevice: toDevice, mapping: mapping, clip: clip, withSublayers: false, into: &items)
        }
        if start < items.count {
            for i in start..<items.count { items[i].opacity *= Float(opacity) }
            Self.tint(&items, from: start, by: tint)
            planes.append(
                Plane(
                    toContext: toContext, mapping: mapping, bounds: nodes[layer].state.bounds,
                    items: start..<items.count))
        }
        forEachInstance(of: replicator, bounds: nodes[layer].state.bounds, tint: tint) {
            state, k, transform, instanceTint in
            for sub in state.sublayers(of: layer, instance: k) {
                state.collectPlane(
                    of: Int(sub), in: layer, toDevice: toDevice, toContext: toContext, clip: clip,
                    opacity: opacity, tint: instanceTint, instance: transform, items: &items,
                    into: &planes)
            }
        }
    }

    /// The planes of `sub`, a sublayer of `layer` in a 3D context (drawn as
    /// `instance` of `layer` when it replicates).
    private mutating func collectPlane(
        of sub: Int, in layer: Int, toDevice: CATransform3D,
        toContext: CATransform3D, clip: Int32, opacity: Double,
        tint: PremultipliedColor?, instance: CATransform3D?,
        items: inout [DrawItem], into planes: inout [Plane]
    ) {
        guard !nodes[sub].state.isHidden else { return }
        let local =
            instance.map { localTransform(of: sub, replicatedBy: layer, instance: $0) }
            ?? nodes[sub].toParent
        guard local.isFinite else { return }
        let subToContext = local.concatenating(toContext)
        if nodes[sub].preservesDepth {
            list.layerCount += 1
            collectPlanes(
                of: sub, toDevice: local.concatenating(toDevice), toContext: subToContext,
                clip: clip, opacity: opacity * Double(nodes[sub].state.opacity), tint: tint, items: &items,
                into: &planes)
            return
        }
        let start = items.count
        visit(
            sub, superlayer: layer, parentToDevice: toDevice, parentIsFlat: false, clip: clip,
            opacity: opacity, instance: instance, into: &items)
        if start == items.count { return }
        Self.tint(&items, from: start, by: tint)
        planes.append(
            Plane(
                toContext: subToContext, mapping: PlaneMapping(local.concatenating(toDevice)),
                bounds: nodes[sub].state.bounds, items: start..<items.count))
    }
}
