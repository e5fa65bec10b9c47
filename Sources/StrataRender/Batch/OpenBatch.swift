import Foundation
import Strata

/// A batch being filled: what it binds and draws with, and its items.
struct OpenBatch {
    /// What an item needs of the batch it joins.
    struct Key {
        var texture: BatchTexture
        var mask: BatchTexture
        var shading: Shading
        var features: LayerFeatures
        var blend: BlendMode
        var geometry: DrawGeometry

        init(_ item: borrowing DrawItem, texture: BatchTexture, mask: BatchTexture) {
            self.texture = texture
            self.mask = mask
            // Only the layer program mixes with a backdrop; it draws every item
            // the smaller programs do but bulk particles (never given such a blend).
            shading = item.blend.readsBackdrop && item.kind != .particles ? .layer : item.shading
            features = shading == .layer ? item.layerFeatures : []
            blend = item.blend
            geometry = item.geometry
        }
    }

    var key: Key
    var members: [Int]
    /// The device pixels its members cover (bounding boxes), once asked for.
    var pixels: Double?

    init(_ item: Int, _ key: Key) {
        self.key = key
        members = [item]
    }

    func accepts(_ item: Key) -> Bool {
        // A batch of particles is a draw of its own (its births, not its instance, are drawn).
        guard item.shading == key.shading, item.shading != .particles, item.blend == key.blend,
            item.geometry == key.geometry,
            item.texture == .none || key.texture == .none || item.texture == key.texture,
            item.mask == .none || key.mask == .none || item.mask == key.mask
        else { return false }
        return item.features.intersection(Batcher.costlyFeatures) == key.features.intersection(Batcher.costlyFeatures)
    }

    mutating func add(_ item: Int, _ other: Key) {
        members.append(item)
        key.features.formUnion(other.features)
        if other.texture != .none { key.texture = other.texture }
        if other.mask != .none { key.mask = other.mask }
    }

    func drawBatch(_ range: Range<Int>) -> DrawBatch {
        var batch = DrawBatch(
            range: range, texture: key.texture, mask: key.mask, shading: key.shading,
            features: key.features)
        batch.blend = key.blend
        batch.geometry = key.geometry
        return batch
    }
}
