import Foundation

/// How a composite reads a mask other than a pass over its own content (a
/// mask's bitmap sampled in its pass's place, ``RenderList/foldBitmapMasks()``):
/// a reference, so that the items that have none, nearly all, carry one word.
package final class MaskPlacement: Hashable, Sendable {
    /// The part of the mask (x0, y0, x1, y1 in its unit square) over the
    /// composite's content rect, from its start to its end along each axis
    /// (x0 > x1 where the mask is flipped).
    package let area: SIMD4<Float>
    /// Whether one minus the mask's alpha multiplies the result (an inverted matte).
    package let inverted: Bool
    /// Whether the mask is turned a quarter: its x runs along the content's y.
    package let transposed: Bool

    package init(area: SIMD4<Float>, inverted: Bool, transposed: Bool = false) {
        self.area = area
        self.inverted = inverted
        self.transposed = transposed
    }

    package static func == (a: MaskPlacement, b: MaskPlacement) -> Bool {
        a.area == b.area && a.inverted == b.inverted && a.transposed == b.transposed
    }

    package func hash(into h: inout Hasher) {
        h.combine(area)
        h.combine(inverted)
        h.combine(transposed)
    }
}
