import Foundation
import Strata

extension FlattenState {
    /// A `CATransformLayer` that starts a 3D context: its sublayers (through nested
    /// transform layers) are planes in one space, drawn back to front.
    mutating func visitTransformLayer(_ layer: CATransformLayer, toDevice: CATransform3D, clip: Int32,
                                      opacity: Double, into out: inout [DrawItem]) {
        var planes: [Plane] = []
        // Depth is measured in the superlayer's space before it flattens the
        // context, so the perspective inside the context decides the order.
        let toContext = layer.transformToSuperlayer(layer.superlayer)
        collectPlanes(of: layer, toDevice: toDevice, toContext: toContext, clip: clip,
                      opacity: opacity, into: &planes)
        planes.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.order < $1.order }
        for plane in planes { out.append(contentsOf: plane.items) }
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
            let b = sub.bounds
            let c = subToContext.apply(x: b.midX, y: b.midY, z: 0)
            let depth = c.w > 1e-9 ? Double(c.z / c.w) : -Double.greatestFiniteMagnitude
            planes.append(Plane(depth: depth, order: planes.count, items: items))
        }
    }
}
