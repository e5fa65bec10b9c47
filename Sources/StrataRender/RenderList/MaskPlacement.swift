import Foundation

/// How a composite reads a mask other than a pass over its own content (a
/// mask's bitmap sampled in its pass's place, ``RenderList/foldBitmapMasks()``),
/// or where a masked item that is not a composite reads its mask
/// (``RenderList/foldMaskedContent()``): a reference, so that the items that
/// have none, nearly all, carry one word.
package final class MaskPlacement: Hashable, Sendable {
    /// The part of the mask (x0, y0, x1, y1 in its unit square) over the
    /// composite's content rect, from its start to its end along each axis
    /// (x0 > x1 where the mask is flipped).
    package let area: SIMD4<Float>
    /// Whether one minus the mask's alpha multiplies the result (an inverted matte).
    package let inverted: Bool
    /// Whether the mask is turned a quarter: its x runs along the content's y.
    package let transposed: Bool
    /// For an item that is not a composite: the device rectangle `area`
    /// spans (it reads the mask by device position); outside it the item
    /// draws nothing, as the composite it replaces drew nothing there.
    package let region: CGRect?
    /// For an item that is not a composite, masked by a bitmap turned on the
    /// device (``RenderList/foldMaskedContent()``): the bitmap's unit
    /// coordinates of a device point, `(x·m0 + y·m1 + m4, x·m2 + y·m3 + m5)`
    /// (m6, m7 unused); the bitmap is read clamped to its anti-aliased
    /// edges, so past it the mask is transparent. `area` and `region` are
    /// then unused.
    package let unitMap: SIMD8<Float>?
    /// For an item read by `region`: the mask's texels lie on the device's
    /// pixels over it (a mask pass, read where it was drawn), so each pixel
    /// reads its texel as it is, unfiltered.
    package let texelForPixel: Bool

    package init(
        area: SIMD4<Float>, inverted: Bool, transposed: Bool = false, region: CGRect? = nil,
        unitMap: SIMD8<Float>? = nil, texelForPixel: Bool = false
    ) {
        self.area = area
        self.inverted = inverted
        self.transposed = transposed
        self.region = region
        self.unitMap = unitMap
        self.texelForPixel = texelForPixel
    }

    package static func == (a: MaskPlacement, b: MaskPlacement) -> Bool {
        a.area == b.area && a.inverted == b.inverted && a.transposed == b.transposed && a.region == b.region
            && a.unitMap == b.unitMap && a.texelForPixel == b.texelForPixel
    }

    package func hash(into h: inout Hasher) {
        h.combine(area)
        h.combine(inverted)
        h.combine(transposed)
        if let region {
            h.combine(region.origin.x)
            h.combine(region.origin.y)
            h.combine(region.size.width)
            h.combine(region.size.height)
        }
        h.combine(unitMap)
        h.combine(texelForPixel)
    }
}
