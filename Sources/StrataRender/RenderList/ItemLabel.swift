/// Which layer a ``DrawItem`` was drawn for and which part of it: an entry of
/// its render list's ``ItemLabels`` and a suffix, for dumps, GL debug labels
/// and tests. ``RenderList/label(of:)`` spells it out.
///
/// Items are copied and hashed whole many times a frame (cache keys, damage,
/// batching), so the label is one 32-bit word, not a string:
///
/// ```
///  31                                        8 7          0
/// ┌───────────────────────────────────────────┬────────────┐
/// │ name: index into the list's ItemLabels     │ part       │
/// │ (0xFFFFFF: no name)                        │ (Part)     │
/// └───────────────────────────────────────────┴────────────┘
/// ```
///
/// Every label equals every other and adds nothing to a hash: labels name
/// items for people, and two items that draw the same pixels are the same to
/// the appearance cache, pass cache keys and damage, whatever their layers
/// are called.
package struct ItemLabel: Hashable, Sendable, BitwiseCopyable {
    /// The part of a layer an item draws, spelled as a suffix of the layer's name.
    package enum Part: UInt8, Sendable, CaseIterable {
        case body, border, shadow, contents, oldContents, cached, group, blend, filter, masked, raster, silhouette
        case particles

        /// What follows the layer's name in a dump.
        package var suffix: String {
            switch self {
            case .body: ""
            case .border: ".border"
            case .shadow: ".shadow"
            case .contents: ".contents"
            case .oldContents: ".contents.old"
            case .cached: ".cached"
            case .group: ".group"
            case .blend: ".blend"
            case .filter: ".filter"
            case .masked: ".masked"
            case .raster: ".raster"
            case .silhouette: ".silhouette"
            case .particles: ".particles"
            }
        }
    }

    /// The name index (high 24 bits) and the part (low 8 bits).
    private var bits: UInt32

    /// The name index that means no name.
    static let unnamed: UInt32 = 0xFF_FFFF

    /// A label of no layer: printed as its part's suffix alone.
    package static let none = ItemLabel(name: unnamed, part: .body)

    /// The label of `part` of the layer named by entry `name` of a list's ``ItemLabels``.
    init(name: UInt32, part: Part) {
        precondition(name <= Self.unnamed, "ItemLabel: more than 2^24 − 1 names in one render list")
        bits = name << 8 | UInt32(part.rawValue)
    }

    /// The entry of the list's ``ItemLabels`` holding the layer's name, or nil for none.
    package var name: Int? {
        let name = bits >> 8
        return name == Self.unnamed ? nil : Int(name)
    }

    /// The part of the layer the item draws.
    package var part: Part { Part(rawValue: UInt8(truncatingIfNeeded: bits)) ?? .body }

    /// The same layer's `part`.
    package func with(_ part: Part) -> ItemLabel { ItemLabel(name: bits >> 8, part: part) }

    /// Labels never tell items apart (see above).
    package static func == (_: ItemLabel, _: ItemLabel) -> Bool { true }

    /// Labels add nothing to an item's hash (see above).
    package func hash(into _: inout Hasher) {}
}
