import Foundation
import Strata

extension FlattenState {
    /// An emitter layer's particles, in its drawing order: each one textured
    /// quad (a `.particle` item) of its cell's image (a slot of the same atlas page as every other
    /// particle of that image, so a cell's particles batch into one
    /// instanced draw), turned, scaled and tinted by its colour. `additive`
    /// particles carry their colour with alpha 0, which premultiplied
    /// source-over blending turns into adding it. Clipped to the layer's
    /// rounded bounds with `masksToBounds`.
    ///
    /// Without `preservesDepth` a particle's z is dropped (it lies in the
    /// layer's plane); with it, its z goes through the layer's transform and
    /// the superlayer's perspective like a sublayer's `zPosition`.
    ///
    /// A ``ParticleBatch`` is one `.particles` item instead, in the same
    /// place among the layer's items (so painter's order with the layers
    /// around it holds): the GPU draws each particle as the `.particle` item
    /// above would be drawn.
    mutating func appendParticles(
        of emitter: EmitterContent, in layer: Int, toDevice: CATransform3D, mapping: PlaneMapping,
        clip: Int32, into items: inout [DrawItem]
    ) {
        let particles = emitter.particles
        guard !particles.isEmpty || emitter.batch?.count ?? 0 > 0 else { return }
        var particleClip = clip
        if nodes[layer].state.masksToBounds {
            guard let toLocal = mapping.inverted() else { return }
            let bounds = nodes[layer].state.bounds
            list.clips.append(
                ClipShape(
                    deviceToLocal: toLocal, rect: bounds,
                    radii: CornerRadii(
                        radius: Double(nodes[layer].state.cornerRadius),
                        corners: nodes[layer].state.maskedCorners, size: bounds.size),
                    continuousCorners: nodes[layer].state.cornerCurve == .continuous, parent: clip))
            particleClip = Int32(list.clips.count - 1)
        }
        let additive = emitter.renderMode == .additive
        let preservesDepth = emitter.preservesDepth
        let label = itemLabel(layer).with(.particles)
        if let batch = emitter.batch {
            if let item = Self.particleBatchItem(
                batch, additive: additive, mapping: mapping, label: label,
                clip: particleClip)
            {
                items.append(item)
            }
            return
        }
        items.reserveCapacity(items.count + particles.count)
        for particle in particles {
            if let item = Self.particleItem(
                particle, additive: additive, preservesDepth: preservesDepth,
                toDevice: toDevice, mapping: mapping, label: label, clip: particleClip)
            {
                items.append(item)
            }
        }
    }

    /// An emitter's batch of particles as one item in the layer's plane, its
    /// quad holding every particle's (anti-aliasing margin included), or nil
    /// when none draws.
    static func particleBatchItem(
        _ batch: ParticleBatch, additive: Bool, mapping: PlaneMapping, label: ItemLabel,
        clip: Int32
    ) -> DrawItem? {
        let bounds = batch.bounds
        guard batch.count > 0, !bounds.isNull, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        // Each particle's margin is 1.5 device pixels in its plane, at most its
        // own size (which the bounds already hold twice over); turned, a
        // margin reaches √2 times as far.
        var ppu = Double.infinity
        for (u, v) in [
            (bounds.midX, bounds.midY), (bounds.minX, bounds.minY), (bounds.maxX, bounds.minY),
            (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY),
        ] {
            ppu = min(ppu, mapping.pixelsPerUnit(at: Double(u), Double(v)))
        }
        let largest = Double(max(bounds.width, bounds.height))
        let margin = 2.0.squareRoot() * (ppu > 0 && ppu.isFinite ? min(1.5 / ppu, largest) : largest)
        return DrawItem(
            kind: .particles, label: label, mapping: mapping,
            quad: bounds.insetBy(dx: -margin, dy: -margin), shape: bounds,
            content: .particles(batch, additive: additive), clip: clip)
    }

    /// One particle of an emitter as an item, or nil when it draws nothing.
    static func particleItem(
        _ particle: EmitterParticle, additive: Bool, preservesDepth: Bool,
        toDevice: CATransform3D, mapping: PlaneMapping, label: ItemLabel, clip: Int32
    ) -> DrawItem? {
        guard let image = particle.contents, image.width > 0, image.height > 0, particle.scale > 0 else { return nil }
        let alpha = particle.alpha
        guard alpha > 0 else { return nil }
        let size = particle.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        let rect = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        // The particle's plane: turned about its centre, placed at its position.
        let c = Double(cos(particle.angle)), s = Double(sin(particle.angle))
        let x = Double(particle.position.x), y = Double(particle.position.y), z = Double(particle.zPosition)
        let particleMapping: PlaneMapping
        if preservesDepth && z != 0 {
            let placed = CATransform3D(
                m11: CGFloat(c), m12: CGFloat(s), m13: 0, m14: 0,
                m21: CGFloat(-s), m22: CGFloat(c), m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 1, m34: 0,
                m41: CGFloat(x), m42: CGFloat(y), m43: CGFloat(z), m44: 1)
            particleMapping = PlaneMapping(placed.concatenating(toDevice))
        } else {
            particleMapping = PlaneMapping(c, s, 0, -s, c, 0, x, y, 1).concatenating(mapping)
        }
        let ppu = particleMapping.pixelsPerUnit(at: 0, 0)
        guard ppu > 0, ppu.isFinite else { return nil }
        let margin = min(1.5 / ppu, Double(max(rect.width, rect.height)))
        let r = particle.red * alpha, g = particle.green * alpha, b = particle.blue * alpha
        var item = DrawItem(
            kind: .particle, label: label, mapping: particleMapping,
            quad: rect.insetBy(dx: -margin, dy: -margin), shape: rect,
            content: .texture(.image(image), uv: particle.contentsRect, rect: rect),
            borderColor: PremultipliedColor(r: r, g: g, b: b, a: additive ? 0 : alpha),
            clip: clip)
        item.mipmapsWhenMinified = particle.mipmapped
        return item
    }
}
