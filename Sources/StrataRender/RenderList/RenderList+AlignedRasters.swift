import Foundation
import Strata

extension RenderList {
    /// Cuts the quad of every bitmap drawn alone (no fill, border, clip, mask or
    /// tint) whose rectangle lands on whole device pixels to that rectangle: the
    /// pixels around it are outside every edge test (half a pixel out, an
    /// anti-aliased edge covers nothing and a hard one stops), so the margin is
    /// shaded for nothing, and without it the bitmap is drawn as it is
    /// (``DrawItem/shading``).
    mutating func trimPixelAlignedRasters() {
        for p in passes.indices {
            for i in passes[p].items.indices {
                let item = passes[p].items[i]
                guard case .texture(.raster, _, let rect)? = item.content, item.kind == .layer,
                    item.fill.isClear, item.borderWidth == 0, item.clip < 0, item.mask == nil, item.tint == .white,
                    !item.clipsContentToShape, item.quad != rect, item.quad.contains(rect),
                    item.mapsToWholePixels(rect)
                else { continue }
                passes[p].items[i].quad = rect
            }
        }
    }
}

extension DrawItem {
    /// Whether `rect` (local units) maps onto a rectangle of whole device pixels:
    /// no rotation or perspective, and each edge within a thousandth of a pixel
    /// of a pixel boundary.
    func mapsToWholePixels(_ rect: CGRect) -> Bool {
        guard mapping.m12 == 0, mapping.m21 == 0, mapping.m13 == 0, mapping.m23 == 0, mapping.m33 > 0,
            rect.width > 0, rect.height > 0
        else { return false }
        func whole(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) <= 1e-3 }
        let w = mapping.m33
        return whole((mapping.m11 * Double(rect.minX) + mapping.m31) / w)
            && whole((mapping.m11 * Double(rect.maxX) + mapping.m31) / w)
            && whole((mapping.m22 * Double(rect.minY) + mapping.m32) / w)
            && whole((mapping.m22 * Double(rect.maxY) + mapping.m32) / w)
    }
}
