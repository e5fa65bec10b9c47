import Foundation
import Strata

/// Groups a pass's draw items into instanced draw calls.
///
/// Every item kind has the same per-instance layout, and gradients and clips
/// live in shared textures, so the only state that can differ between
/// neighbours is the program (``Shading``), the contents texture (atlas page or
/// pass), the mask texture, the blend and the mesh (``DrawGeometry``). Items
/// that sample no texture join any batch of their program. A layer-program
/// batch carries the union of its items' ``LayerFeatures``, so a batch of plain
/// shapes gets a program with nothing else in it; but an item does not join a
/// batch whose costly features (``costlyFeatures``) differ from its own, since
/// every pixel of the batch would pay for them, nor one whose clips,
/// composites, gradients or masks (``weightyFeatures``) differ from its own
/// unless the pixels that would pay for them are few.
///
/// The painter's order is the picture, so an item joins an earlier batch than
/// the last only when it overlaps no item drawn after that batch: then moving
/// it there changes no pixel. Items of the progress rings, spinners and cards
/// that alternate in real scenes so share a few draws instead of one each.
///
/// A draw whose blend reads the backdrop (``BlendMode/readsBackdrop``) copies
/// the target under it once, before it: its items must not share a pixel with
/// one another, or a later item would mix with the backdrop without the
/// earlier one. Overlap against such items is judged on whole pixels, since a
/// pixel two items only touch is still written by both.
package enum Batcher {
    /// Features whose code costs every pixel of a batch much more than a plain
    /// shape does (Mesa's rasterizer runs a program's every instruction).
    /// Shadows are not among them: each lies under its own layer's body, so
    /// keeping them apart would mostly double the draws.
    package static let costlyFeatures: LayerFeatures = [
        .arcs, .dashes, .radialGradients, .conicGradients,
        .continuousCorners,
    ]

    /// Features whose code costs a pixel of a batch less than the costly ones:
    /// an item joins a batch that has one it lacks, or brings one the batch
    /// lacks, only where the pixels that would pay for it are few (a draw of
    /// their own costs about what some thousands of such pixels do).
    package static let weightyFeatures: LayerFeatures = [
        .clips, .composites, .gradients, .maskedBodies, .mappedMasks, .texelMasks,
    ]

    /// The most device pixels (bounding boxes) that may pay for a weighty
    /// feature they do not use rather than be drawn apart.
    static let weightyPixels = 4096.0

    /// How many items an item may be checked against for overlap on its way
    /// back to an earlier batch: bounds the work per item in large scenes.
    static let overlapChecks = 256

    /// The batches of `items`, given where each texture source lives, with
    /// ranges into `items` in ``plan(_:textureOf:)``'s order.
    package static func batches(_ items: [DrawItem], textureOf: (TextureSource) -> BatchTexture) -> [DrawBatch] {
        plan(items, textureOf: textureOf).batches
    }

    /// The batches of `items` and the order to draw the items in: `order` lists
    /// indices into `items` (nil when it is their own order), and each batch's
    /// range indexes `order`. Without `meshes` every item is drawn as its quad.
    package static func plan(
        _ items: [DrawItem], meshes: Bool = true,
        textureOf: (TextureSource) -> BatchTexture
    ) -> (batches: [DrawBatch], order: [Int]?) {
        var open: [OpenBatch] = []
        var bounds: [CGRect] = []
        let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
        func deviceBounds(_ i: Int) -> CGRect {
            if bounds.isEmpty {
                bounds = [CGRect](repeating: CGRect(x: CGFloat.nan, y: 0, width: 0, height: 0), count: items.count)
            }
            if bounds[i].origin.x.isNaN { bounds[i] = RenderList.deviceBounds(of: items[i], within: everywhere) }
            return bounds[i]
        }
        func sharePixels(_ i: Int, _ j: Int) -> Bool {
            let a = deviceBounds(i).integral, b = deviceBounds(j).integral
            return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        /// `a.intersects(b)` (edges that touch meet), without making the intersection.
        func meet(_ a: CGRect, _ b: CGRect) -> Bool {
            !a.isNull && !b.isNull && a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
        }
        func pixels(_ i: Int) -> Double {
            let box = deviceBounds(i)
            return box.isNull ? 0 : Double(box.width * box.height)
        }
        /// Whether the pixels that would pay for a weighty feature they lack are few.
        func fewPay(_ i: Int, _ key: OpenBatch.Key, joining b: Int) -> Bool {
            let item = key.features.intersection(weightyFeatures)
            let batch = open[b].key.features.intersection(weightyFeatures)
            if !item.isSuperset(of: batch), pixels(i) > weightyPixels { return false }
            if !batch.isSuperset(of: item) {
                if open[b].pixels == nil { open[b].pixels = open[b].members.reduce(0) { $0 + pixels($1) } }
                if open[b].pixels! > weightyPixels { return false }
            }
            return true
        }
        var reordered = false
        for (i, item) in items.enumerated() {
            var key = OpenBatch.Key(
                item, texture: item.texture.map(textureOf) ?? .none,
                mask: item.mask.map(textureOf) ?? .none)
            if !meshes { key.geometry = .quad }
            var joined: Int?
            var checks = overlapChecks
            var b = open.count - 1
            while b >= 0 {
                let backdrop = key.blend.readsBackdrop || open[b].key.blend.readsBackdrop
                func overlaps(_ j: Int) -> Bool {
                    backdrop ? sharePixels(i, j) : meet(deviceBounds(j), deviceBounds(i))
                }
                if open[b].accepts(key), fewPay(i, key, joining: b) {
                    // A backdrop batch takes only items that share no pixel with its own.
                    if !key.blend.readsBackdrop
                        || (open[b].members.count <= checks && !open[b].members.contains(where: overlaps))
                    {
                        joined = b
                    }
                    break
                }
                // Passing over batch b puts the item before its items: only where it overlaps none.
                guard open[b].members.count <= checks else { break }
                checks -= open[b].members.count
                if open[b].members.contains(where: overlaps) { break }
                b -= 1
            }
            if let joined {
                if open[joined].pixels != nil { open[joined].pixels! += pixels(i) }
                open[joined].add(i, key)
                if joined != open.count - 1 { reordered = true }
            } else {
                open.append(OpenBatch(i, key))
            }
        }
        var batches: [DrawBatch] = []
        batches.reserveCapacity(open.count)
        var order: [Int] = []
        if reordered { order.reserveCapacity(items.count) }
        var start = 0
        for batch in open {
            let end = start + batch.members.count
            if reordered { order.append(contentsOf: batch.members) }
            batches.append(batch.drawBatch(start..<end))
            start = end
        }
        return (batches, reordered ? order : nil)
    }
}

/// A batch being filled: what it binds and draws with, and its items.
private struct OpenBatch {
    /// What an item needs of the batch it joins.
    struct Key {
        var texture: BatchTexture
        var mask: BatchTexture
        var shading: Shading
        var features: LayerFeatures
        var blend: BlendMode
        var geometry: DrawGeometry

        init(_ item: DrawItem, texture: BatchTexture, mask: BatchTexture) {
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
