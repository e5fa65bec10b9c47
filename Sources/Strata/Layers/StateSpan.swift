import Foundation

/// The bytes of one plain-data field of `LayerState` (no references in it):
/// what a reused presentation copy gets back from its model layer for each
/// animated property, copied as memory (see `restoreAnimatedProperties`).
struct StateSpan: Hashable {
    /// The field's byte offset in `LayerState`.
    let offset: Int
    /// The field's size in bytes.
    let size: Int
}
