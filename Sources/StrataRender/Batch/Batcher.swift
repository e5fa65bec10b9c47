import Foundation
import Strata

/// Merges consecutive draw items into instanced draw calls.
///
/// Every item kind has the same per-instance layout, and gradients and clips
/// live in shared textures, so the only state that can differ between
/// neighbours is the program (``Shading``), the contents texture (atlas page or
/// pass) and the mask texture. Items that sample no texture join any batch of
/// their program. Order is never changed: the painter's order is the picture.
/// A layer-program batch carries the union of its items' ``LayerFeatures``, and
/// every pixel of it pays for all of them (a software rasterizer runs each
/// part for every pixel block). So an item whose features would make the batch
/// dearer than a draw call of its own starts a new batch: a large composite
/// beside a small clipped gradient is shaded without the clip and gradient
/// code. A batch of plain shapes gets a program with nothing else in it.
public enum Batcher {
    /// What a draw call costs, in pixels of a plain body (``pixelCost(_:)``).
    static let drawCallCost = 8_000.0

    /// A rough cost per pixel of a program with `features`, a plain body's being 1.
    static func pixelCost(_ features: LayerFeatures) -> Double {
        let weights: [(LayerFeatures, Double)] = [
            (.bodies, 1), (.shadows, 2), (.composites, 1), (.gradients, 1.5), (.textures, 1), (.borders, 1.5),
            (.hardEdges, 1), (.clips, 3), (.arcs, 1.5),
        ]
        return weights.reduce(0.5) { features.contains($1.0) ? $0 + $1.1 : $0 }
    }

    /// About how many device pixels `item`'s quad covers.
    static func pixelArea(_ item: DrawItem) -> Double {
        let q = item.quad, m = item.mapping
        guard let a = m.project(Double(q.minX), Double(q.minY)), let b = m.project(Double(q.maxX), Double(q.minY)),
              let c = m.project(Double(q.maxX), Double(q.maxY)), let d = m.project(Double(q.minX), Double(q.maxY))
        else { return 1e6 }
        let twice = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        let area = abs(twice) / 2
        return area.isFinite ? area : 1e6
    }

    /// The batches of `items`, given where each texture source lives.
    public static func batches(_ items: [DrawItem], textureOf: (TextureSource) -> BatchTexture) -> [DrawBatch] {
        var out: [DrawBatch] = []
        var start = 0
        var texture = BatchTexture.none, mask = BatchTexture.none
        var shading = items.first?.shading ?? .layer
        var features: LayerFeatures = []
        var pixels = 0.0
        var blend = items.first?.blend ?? .normal
        func close(_ end: Int) {
            var batch = DrawBatch(range: start..<end, texture: texture, mask: mask, shading: shading,
                                  features: shading == .layer ? features : [])
            batch.blend = blend
            out.append(batch)
        }
        for (i, item) in items.enumerated() {
            let t = item.texture.map(textureOf) ?? .none
            let m = item.mask.map(textureOf) ?? .none
            let s = item.shading
            let fitsTexture = t == .none || texture == .none || t == texture
            let fitsMask = m == .none || mask == .none || m == mask
            let own = s == .layer ? item.layerFeatures : []
            let area = s == .layer ? pixelArea(item) : 0
            var fitsProgram = true
            if i > start && s == .layer && shading == .layer && !own.isSubset(of: features) {
                let merged = pixelCost(features.union(own)) * (pixels + area)
                let apart = pixelCost(features) * pixels + pixelCost(own) * area + drawCallCost
                fitsProgram = merged <= apart
            }
            // A batch of particles is a draw of its own (its births, not its instance, are drawn).
            let alone = s == .particles || shading == .particles
            if i > start && (alone || !(fitsTexture && fitsMask && fitsProgram && s == shading && item.blend == blend)) {
                close(i)
                start = i
                texture = .none
                mask = .none
                features = []
                pixels = 0
            }
            shading = s
            blend = item.blend
            if s == .layer {
                features.formUnion(own)
                pixels += area
            }
            if t != .none { texture = t }
            if m != .none { mask = m }
        }
        if start < items.count { close(items.count) }
        return out
    }
}
