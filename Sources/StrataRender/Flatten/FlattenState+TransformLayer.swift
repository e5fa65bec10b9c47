import Foundation
import Strata

extension FlattenState {
    /// A `CATransformLayer` that starts a 3D context: its sublayers (through nested
    /// transform layers) are planes in one space, drawn back to front, split
    /// where they cross.
    mutating func visitTransformLayer(_ layer: CATransformLayer, toDevice: CATransform3D, clip: Int32,
                                      opacity: Double, into out: inout [DrawItem]) {
        var planes: [Plane] = []
        // Depth is measured in the superlayer's space before it flattens the
        // context, so the perspective inside the context decides the order.
        let toContext = layer.transformToSuperlayer(layer.superlayer)
        collectPlanes(of: layer, toDevice: toDevice, toContext: toContext, clip: clip,
                      opacity: opacity, into: &planes)
        let inputs = planes.map { PlaneSorter.Input(toContext: $0.toContext, rect: localExtent(of: $0)) }
        for fragment in PlaneSorter.backToFront(inputs) {
            let plane = planes[fragment.plane]
            guard !fragment.cuts.isEmpty, let deviceToLocal = plane.mapping.inverted() else {
                out.append(contentsOf: plane.items)
                continue
            }
            // One chain of hard half-plane clips per distinct enclosing clip.
            var chains: [Int32: Int32] = [:]
            for var item in plane.items {
                if let tail = chains[item.clip] {
                    item.clip = tail
                } else {
                    var parent = item.clip
                    for cut in fragment.cuts {
                        let toCut = PlaneMapping(cut.a, -cut.b, 0, cut.b, cut.a, 0, cut.e, 0, 1)
                        list.clips.append(ClipShape(deviceToLocal: deviceToLocal.concatenating(toCut),
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

    /// The bounding rect, in the plane's local units, of everything its items draw.
    func localExtent(of plane: Plane) -> CGRect {
        guard let toLocal = plane.mapping.inverted() else { return .zero }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for item in plane.items {
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

    mutating func collectPlanes(of layer: CATransformLayer, toDevice: CATransform3D, toContext: CATransform3D,
                                clip: Int32, opacity: Double, into planes: inout [Plane]) {
        for sub in sortedSublayers(of: layer) where !sub.isHidden {
            let local = sub.transformToSuperlayer(layer)
            guard local.isFinite else { continue }
            let subToContext = local.concatenating(toContext)
            if let nested = sub as? CATransformLayer {
                list.layerCount += 1
                collectPlanes(of: nested, toDevice: local.concatenating(toDevice), toContext: subToContext,
                              clip: clip, opacity: opacity * Double(nested.opacity), into: &planes)
                continue
            }
            var items: [DrawItem] = []
            visit(sub, superlayer: layer, parentToDevice: toDevice, parentIsFlat: false, clip: clip,
                  opacity: opacity, into: &items)
            if items.isEmpty { continue }
            planes.append(Plane(toContext: subToContext, mapping: PlaneMapping(local.concatenating(toDevice)),
                                bounds: sub.bounds, items: items))
        }
    }
}
