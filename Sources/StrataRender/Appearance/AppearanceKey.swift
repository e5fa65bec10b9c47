import Foundation

/// What a layer's cached appearance looks like, independent of where it is:
/// its items in its own plane (mapping, labels, clips and anti-aliasing margins
/// left out) and the pixels per point it is rendered at. Equal keys mean equal
/// pixels, so identical layers share one cache entry.
package struct AppearanceKey: Hashable, Sendable {
    /// The layer's items, normalized (see ``init(items:scaleU:scaleV:)``).
    var items: [DrawItem]
    /// Pass pixels per local unit along the layer's x and y axes.
    var scaleU: Double, scaleV: Double
    /// The hash of the rest, computed once: a key is looked up several times a
    /// frame for every cached layer.
    let precomputedHash: Int
    /// The hash of `items` alone: the same look at other scales is hashed without them.
    private let itemsHash: Int

    /// The key of `items` (one layer's, all in its plane) rendered at
    /// `scaleU × scaleV` pass pixels per local unit.
    init(items: [DrawItem], scaleU: Double, scaleV: Double) {
        let normalized = items.map(\.placementFree)
        self.init(normalizedItems: normalized, itemsHash: normalized.hashValue, scaleU: scaleU, scaleV: scaleV)
    }

    /// The same look rendered at other scales.
    func rescaled(scaleU: Double, scaleV: Double) -> AppearanceKey {
        AppearanceKey(normalizedItems: items, itemsHash: itemsHash, scaleU: scaleU, scaleV: scaleV)
    }

    private init(normalizedItems items: [DrawItem], itemsHash: Int, scaleU: Double, scaleV: Double) {
        self.items = items
        self.itemsHash = itemsHash
        self.scaleU = scaleU
        self.scaleV = scaleV
        var hasher = Hasher()
        hasher.combine(itemsHash)
        hasher.combine(scaleU)
        hasher.combine(scaleV)
        precomputedHash = hasher.finalize()
    }

    package static func == (a: AppearanceKey, b: AppearanceKey) -> Bool {
        a.precomputedHash == b.precomputedHash && a.scaleU == b.scaleU && a.scaleV == b.scaleV && a.items == b.items
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    /// Whether `items` (not normalized) at these scales make this key, without
    /// hashing them: consecutive layers often look alike.
    func matches(_ items: ArraySlice<DrawItem>, scaleU: Double, scaleV: Double) -> Bool {
        guard scaleU == self.scaleU, scaleV == self.scaleV, items.count == self.items.count else { return false }
        // By index, each field in place: copying items (`zip`, `placementFree`)
        // cost several kilobytes per layer whose look is new in the frame.
        var k = self.items.startIndex
        for i in items.indices {
            guard items[i].looksLike(normalized: self.items[k]) else { return false }
            k += 1
        }
        return true
    }
}

extension DrawItem {
    /// Whether `placementFree` of this item equals `normalized` (an item of a
    /// key): every field but those `placementFree` resets, compared in place.
    func looksLike(normalized other: DrawItem) -> Bool {
        kind == other.kind && other.mapping == .identity && other.quad == .zero && other.clip == -1
            && other.opacity == 1 && shape == other.shape && radii == other.radii
            && continuousCorners == other.continuousCorners && fill == other.fill && content == other.content
            && clipsContentToShape == other.clipsContentToShape && mask == other.mask
            && maskPlacement == other.maskPlacement && borderWidth == other.borderWidth
            && borderColor == other.borderColor && tint == other.tint && blend == other.blend
            && blurSigma == other.blurSigma && antialiasedEdges == other.antialiasedEdges
            && sampledTexelForPixel == other.sampledTexelForPixel && mipmapsWhenMinified == other.mipmapsWhenMinified
    }

    /// The item with where and under what it is drawn (mapping, quad, clip,
    /// opacity) reset: what its pixels in its own plane depend on (its label
    /// never counts, ``ItemLabel``).
    var placementFree: DrawItem {
        var item = self
        item.mapping = .identity
        item.quad = .zero
        item.clip = -1
        item.opacity = 1
        return item
    }
}
