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
        var planner = BatchPlanner(items: items)
        for i in items.indices {
            var key = OpenBatch.Key(
                items[i], texture: items[i].texture.map(textureOf) ?? .none,
                mask: items[i].mask.map(textureOf) ?? .none)
            if !meshes { key.geometry = .quad }
            planner.place(i, key)
        }
        let open = planner.open, reordered = planner.reordered
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
