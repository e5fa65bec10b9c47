import Foundation
import Strata

/// Merges consecutive draw items into instanced draw calls.
///
/// Every item kind has the same per-instance layout, and gradients and clips
/// live in shared textures, so the only state that can differ between
/// neighbours is the program (``Shading``), the contents texture (atlas page or
/// pass) and the mask texture. Items that sample no texture join any batch of
/// their program. Order is never changed: the painter's order is the picture.
/// A layer-program batch carries the union of its items' ``LayerFeatures``, so
/// splitting into batches never adds a draw call, and a batch of plain shapes
/// gets a program with nothing else in it.
package enum Batcher {
    /// The batches of `items`, given where each texture source lives.
    package static func batches(_ items: [DrawItem], textureOf: (TextureSource) -> BatchTexture) -> [DrawBatch] {
        var out: [DrawBatch] = []
        var start = 0
        var texture = BatchTexture.none, mask = BatchTexture.none
        var shading = items.first?.shading ?? .layer
        var features: LayerFeatures = []
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
            // A batch of particles is a draw of its own (its births, not its instance, are drawn).
            let alone = s == .particles || shading == .particles
            if i > start && (alone || !(fitsTexture && fitsMask && s == shading && item.blend == blend)) {
                close(i)
                start = i
                texture = .none
                mask = .none
                features = []
            }
            shading = s
            blend = item.blend
            if s == .layer { features.formUnion(item.layerFeatures) }
            if t != .none { texture = t }
            if m != .none { mask = m }
        }
        if start < items.count { close(items.count) }
        return out
    }
}
