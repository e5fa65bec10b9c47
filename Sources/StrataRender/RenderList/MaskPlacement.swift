import Foundation

/// How a composite reads a mask other than a pass over its own content (a
/// mask's bitmap sampled in its pass's place, ``RenderList/foldBitmapMasks()``):
/// a reference, so that the items that have none, nearly all, carry one word.
package final class MaskPlacement: Hashable, Sendable {
    /// The part of the mask (x0, y0, x1, y1 in its unit square) over the
    /// composite's content rect.
    package let area: SIMD4<Float>
    /// Whether one minus the mask's alpha multiplies the result (an inverted matte).
    package let inverted: Bool

    package init(area: SIMD4<Float>, inverted: Bool) {
        self.area = area
        self.inverted = inverted
    }

    package static func == (a: MaskPlacement, b: MaskPlacement) -> Bool {
        a.area == b.area && a.inverted == b.inverted
    }

    package func hash(into h: inout Hasher) {
        h.combine(area)
        h.combine(inverted)
    }
}
