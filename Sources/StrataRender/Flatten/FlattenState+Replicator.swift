import Foundation
import Strata

extension FlattenState {
    /// Replicator instances (past the first, which is the sublayers
    /// themselves) stop being drawn once they have visited this many layers in
    /// a frame: nested replicators multiply their counts, and no tree may take
    /// without end to flatten.
    static let maximumReplicatedLayers = 250_000

    /// A replicator's instances, flattened into its plane: the sublayers of
    /// each instance in turn (instance-major, each sorted by `zPosition`),
    /// drawn through the instance's transform and multiplied by its colour.
    /// The sublayers are visited once per instance; nothing is copied. The
    /// colour multiplies each item a layer draws, as if every layer's colours
    /// were multiplied; a sublayer drawn through an offscreen pass (group
    /// opacity over overlapping parts, a mask, rasterization) is multiplied
    /// as a whole where the pass is composited.
    mutating func drawInstances(
        of replicator: ReplicatorContent, in layer: Int, toDevice: CATransform3D,
        clip: Int32, into items: inout [DrawItem]
    ) {
        forEachInstance(of: replicator, bounds: nodes[layer].state.bounds, tint: nil) { state, k, transform, tint in
            let start = items.count
            for sub in state.sublayers(of: layer, instance: k) {
                state.visit(
                    Int(sub), superlayer: layer, parentToDevice: toDevice, parentIsFlat: true, clip: clip,
                    opacity: 1, instance: transform, into: &items)
            }
            Self.tint(&items, from: start, by: tint)
        }
    }

    /// Calls `body` with each instance of `replicator` (a layer with
    /// `bounds`) to draw: its index, its
    /// transform in the replicator's bounds space (nil for instance 0, drawn
    /// as the sublayers are) and its colour times `tint` (nil for white).
    /// Skips instances whose colour is fully transparent; stops at
    /// ``maximumReplicatedLayers``.
    mutating func forEachInstance(
        of replicator: ReplicatorContent, bounds: CGRect, tint: PremultipliedColor?,
        _ body: (inout FlattenState, Int, CATransform3D?, PremultipliedColor?) -> Void
    ) {
        let count = replicator.instanceCount
        guard count > 0 else { return }
        let step = replicator.instanceTransform
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let toCentre = CATransform3DMakeTranslation(-centre.x, -centre.y, 0)
        let fromCentre = CATransform3DMakeTranslation(centre.x, centre.y, 0)
        var power = CATransform3DIdentity
        for k in 0..<count {
            guard replicatedLayers < Self.maximumReplicatedLayers else { return }
            // Instance k is instance k − 1 moved by the step (about the centre):
            // the same matrix as the model's `transform(ofInstance:)`, one product each.
            let transform = k == 0 ? nil : toCentre.concatenating(power).concatenating(fromCentre)
            let color = PremultipliedColor(replicator.color(ofInstance: k))
            var instanceTint: PremultipliedColor? = color == .white ? nil : color
            if let tint { instanceTint = instanceTint.map { Self.multiply($0, tint) } ?? tint }
            // An instance faded out entirely draws nothing.
            if instanceTint.map({ $0.a > 0 }) ?? true {
                let visited = list.layerCount
                body(&self, k, transform, instanceTint)
                if k > 0 { replicatedLayers += list.layerCount - visited }
            }
            power = power.concatenating(step)
            // A step that is not finite makes every later instance undrawable.
            if !power.isFinite { return }
        }
    }

    /// `sub`'s bounds space → its replicator's bounds space when drawn as an
    /// instance: the sublayer's own placement, then the instance's transform,
    /// then the replicator's `sublayerTransform` about its anchor point.
    func localTransform(of sub: Int, replicatedBy replicator: Int, instance: CATransform3D) -> CATransform3D {
        let m = transformToSuperlayerBounds(of: sub).concatenating(instance)
        guard replicator >= 0 else { return m }
        return LayerState.sublayerTransformed(
            m, by: nodes[replicator].state.sublayerTransform,
            about: LayerState.anchorPointInBounds(
                nodes[replicator].state.bounds, nodes[replicator].state.anchorPoint,
                nodes[replicator].state.anchorPointZ))
    }

    /// Multiplies the colours of `items[start...]` by `tint` (premultiplied; nil: unchanged).
    static func tint(_ items: inout [DrawItem], from start: Int, by tint: PremultipliedColor?) {
        guard let tint else { return }
        for i in start..<items.count { items[i].tint = multiply(items[i].tint, tint) }
    }

    static func multiply(_ a: PremultipliedColor, _ b: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(r: a.r * b.r, g: a.g * b.g, b: a.b * b.b, a: a.a * b.a)
    }
}
