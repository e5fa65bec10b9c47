import Foundation
import Strata

extension RenderList {
    /// Draws the one item of a masked-content pass where its composite was,
    /// reading the composite's mask (a mask pass, or a mask's bitmap folded
    /// by ``foldBitmapMasks()``) by device position, and drops the pass. A
    /// pass of one item drawn over transparent and composited at full
    /// strength is that item: drawn directly, times the mask, it gives the
    /// same pixels, without a target to switch to and without shading its
    /// pixels twice. Most Lottie mattes and masks cover one shape.
    mutating func foldMaskedContent() {
        guard passes.contains(where: { $0.purpose == .maskedContent && $0.items.count == 1 }) else { return }
        var uses = [Int](repeating: 0, count: passes.count)
        for pass in passes {
            for item in pass.items {
                if case .texture(.pass(let p), _, _)? = item.content { uses[p] += 1 }
                if case .pass(let p)? = item.mask { uses[p] += 1 }
            }
        }
        var dropped = Set<Int>()
        for p in passes.indices {
            for i in passes[p].items.indices {
                guard case .texture(.pass(let k), _, _)? = passes[p].items[i].content, uses[k] == 1,
                    let direct = Self.maskedItem(replacing: passes[p].items[i], of: passes[k])
                else { continue }
                passes[p].items[i] = direct
                dropped.insert(k)
            }
        }
        guard !dropped.isEmpty else { return }
        removePasses(dropped)
    }

    /// The item of `pass` drawn in the place of `composite` (which shows that
    /// pass through its mask), or nil unless the two are exactly alike: the
    /// composite shows the whole pass on the device with its mask and an
    /// opacity alone; the pass holds one plain item (one item's pixels over
    /// transparent, faded, are the item faded).
    static func maskedItem(replacing composite: DrawItem, of pass: RenderPass) -> DrawItem? {
        guard composite.kind == .composite, let mask = composite.mask, pass.purpose == .maskedContent,
            pass.items.count == 1, pass.cacheKey == nil, pass.blurSigma <= 0.05, pass.colorMap == nil,
            pass.background.isClear, composite.mapping == .identity,
            composite.blend == .normal, composite.fill.isClear, composite.tint == .white,
            composite.blurSigma == 0,
            case .texture(_, let uv, let bounds)? = composite.content,
            uv == CGRect(x: 0, y: 0, width: 1, height: 1), bounds == pass.bounds, bounds.width > 0,
            bounds.height > 0
        else { return nil }
        var item = pass.items[0]
        guard item.kind == .layer, item.mask == nil, item.blend == .normal, item.tint == .white,
            composite.clip < 0 || item.clip < 0 || item.clip == composite.clip
        else { return nil }
        // The item reads the mask by device position, which an affine mapping keeps linear.
        let m = item.mapping
        guard m.m13 == 0, m.m23 == 0, m.m33 > 0 else { return nil }
        // The composite draws where its quad and its content meet (a folded bitmap
        // cuts it to the bitmap): the item is drawn there only.
        let region = composite.quad.intersection(bounds)
        guard !region.isNull, region.width > 0, region.height > 0 else { return nil }
        let placement = composite.maskPlacement
        let area = Self.subArea(
            placement?.area ?? SIMD4(0, 0, 1, 1), transposed: placement?.transposed ?? false,
            of: region, within: bounds)
        item.mask = mask
        item.maskPlacement = MaskPlacement(
            area: area, inverted: placement?.inverted ?? false, transposed: placement?.transposed ?? false,
            region: region)
        if composite.clip >= 0 { item.clip = composite.clip }
        item.opacity *= composite.opacity
        return item
    }

    /// The part of `area` (a mask's unit coordinates at the start and end of
    /// `bounds` along each axis; along the other axis where `transposed`) that
    /// lies over `region`, a rectangle inside `bounds`.
    package static func subArea(_ area: SIMD4<Float>, transposed: Bool, of region: CGRect, within bounds: CGRect)
        -> SIMD4<Float>
    {
        func fraction(_ v: CGFloat, _ from: CGFloat, _ length: CGFloat) -> Float { Float((v - from) / length) }
        let fx0 = fraction(region.minX, bounds.minX, bounds.width)
        let fx1 = fraction(region.maxX, bounds.minX, bounds.width)
        let fy0 = fraction(region.minY, bounds.minY, bounds.height)
        let fy1 = fraction(region.maxY, bounds.minY, bounds.height)
        func lerp(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }
        // The mask's x runs along the content's x, or (turned) along its y.
        let (alongX0, alongX1, alongY0, alongY1) = transposed ? (fy0, fy1, fx0, fx1) : (fx0, fx1, fy0, fy1)
        return SIMD4(
            lerp(area.x, area.z, alongX0), lerp(area.y, area.w, alongY0), lerp(area.x, area.z, alongX1),
            lerp(area.y, area.w, alongY1))
    }
}
