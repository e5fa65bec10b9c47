import Foundation
import Strata

extension RenderList {
    /// Draws the items of a masked-content pass where its composite was, each
    /// reading the composite's mask (a mask pass, or a mask's bitmap folded
    /// by ``foldBitmapMasks()``) by device position, and drops the pass.
    /// Items that touch no pixel in common, drawn over transparent and
    /// composited at an opacity, are those items at that opacity: drawn
    /// directly, times the mask, they give the same pixels, without a target
    /// to switch to and without shading their pixels twice. Most Lottie
    /// mattes and masks cover one shape.
    ///
    /// A pass shown by several composites (a folded bitmap mask cuts its
    /// composite into the part under the bitmap and unmasked parts around
    /// it) is folded into each where every item can be cut exactly to that
    /// composite's part, and dropped once all are folded.
    mutating func foldMaskedContent() {
        guard passes.contains(where: { $0.purpose == .maskedContent }) else { return }
        let uses = passSamplings()
        var pieces = [Int](repeating: 0, count: passes.count)
        for pass in passes {
            for item in pass.items where item.kind == .composite {
                if case .texture(.pass(let k), _, _)? = item.content { pieces[k] += 1 }
            }
        }
        var folded = [Int](repeating: 0, count: passes.count)
        var dropped = Set<Int>()
        for p in passes.indices {
            // Items are read in place and copied only once a pass has content to fold.
            var rebuilt: [DrawItem]?
            for i in passes[p].items.indices {
                guard case .texture(.pass(let k), _, _)? = passes[p].items[i].content,
                    uses[k] == 1 || pieces[k] == uses[k],
                    var direct = Self.maskedItems(
                        replacing: passes[p].items[i], of: passes[k], cutsExactly: uses[k] > 1)
                else {
                    rebuilt?.append(passes[p].items[i])
                    continue
                }
                // A mask pass of one bitmap turned on the device, read by these items alone:
                // they read the bitmap itself.
                if case .pass(let m)? = direct.first?.mask, uses[m] == 1,
                    let turned = Self.turnedBitmapMask(of: passes[m]),
                    direct.allSatisfy({ Self.reads(turned, masking: $0, within: passes[k].bounds) })
                {
                    let placement = MaskPlacement(
                        area: SIMD4(0, 0, 1, 1), inverted: turned.inverted, unitMap: turned.unitMap)
                    for j in direct.indices {
                        direct[j].mask = .raster(turned.raster)
                        direct[j].maskPlacement = placement
                    }
                    dropped.insert(m)
                }
                if rebuilt == nil {
                    rebuilt = Array(passes[p].items[..<i])
                    rebuilt!.reserveCapacity(passes[p].items.count + direct.count)
                }
                rebuilt!.append(contentsOf: direct)
                folded[k] += 1
                if folded[k] == uses[k] { dropped.insert(k) }
            }
            if let rebuilt { passes[p].items = rebuilt }
        }
        guard !dropped.isEmpty else { return }
        removePasses(dropped)
    }

    /// The items of `pass` drawn in the place of `composite` (which shows that
    /// pass through its mask, or a part of it unmasked), or nil unless the two
    /// are exactly alike: the composite shows the pass on the device with its
    /// mask and an opacity alone; the pass holds plain items whose device boxes
    /// do not meet (items' pixels over transparent, faded, are the items faded
    /// where no two of them share a pixel). Each is cut to where the
    /// composite drew where its mapping allows (an item that is not is not
    /// folded when it would shade more than twice the composite's pixels, nor
    /// at all where `cutsExactly`: other composites show the rest of the pass).
    static func maskedItems(replacing composite: DrawItem, of pass: RenderPass, cutsExactly: Bool = false)
        -> [DrawItem]?
    {
        guard composite.kind == .composite, composite.mask != nil || cutsExactly, pass.purpose == .maskedContent,
            !pass.items.isEmpty, pass.items.count <= maximumFoldedItems, pass.cacheKey == nil,
            pass.blurSigma <= 0.05, pass.colorMap == nil,
            pass.background.isClear, composite.mapping == .identity,
            composite.blend == .normal, composite.fill.isClear, composite.tint == .white,
            composite.blurSigma == 0,
            case .texture(_, let uv, let bounds)? = composite.content,
            uv == CGRect(x: 0, y: 0, width: 1, height: 1), bounds == pass.bounds, bounds.width > 0,
            bounds.height > 0
        else { return nil }
        // The composite draws where its quad and its content meet (a folded bitmap
        // cuts it to the bitmap): the items are drawn there only.
        let region = composite.quad.intersection(bounds)
        guard !region.isNull, region.width > 0, region.height > 0 else { return nil }
        let placement = composite.maskPlacement
        let area = Self.subArea(
            placement?.area ?? SIMD4(0, 0, 1, 1), transposed: placement?.transposed ?? false,
            of: region, within: bounds)
        // A mask pass covers the content's part of the device pixel for pixel.
        let onPixels =
            region.minX.rounded() == region.minX && region.minY.rounded() == region.minY
            && region.maxX.rounded() == region.maxX && region.maxY.rounded() == region.maxY
        let mask = composite.mask
        var texelForPixel = false
        if case .pass? = mask, placement == nil, onPixels { texelForPixel = true }
        let folded = MaskPlacement(
            area: area, inverted: placement?.inverted ?? false, transposed: placement?.transposed ?? false,
            region: region, texelForPixel: texelForPixel)
        // Pieces of one composite are cut where their pixels part: a pixel is a piece's
        // when its centre lies inside, so an edge between centres moves to the pixel
        // boundary after the last one it holds. Items drawn on whole pixels round their
        // quads, and two neighbours rounding one fractional edge apart would leave a
        // column of pixels to neither.
        func pixelEdge(_ v: CGFloat) -> CGFloat { (v - 0.5).rounded(.up) }
        let cut =
            cutsExactly
            ? CGRect(
                x: pixelEdge(region.minX), y: pixelEdge(region.minY),
                width: pixelEdge(region.maxX) - pixelEdge(region.minX),
                height: pixelEdge(region.maxY) - pixelEdge(region.minY)) : region
        var items: [DrawItem] = []
        items.reserveCapacity(pass.items.count)
        var boxes: [CGRect] = []
        for var item in pass.items {
            // Each reads the mask by device position, which an affine mapping keeps linear.
            let m = item.mapping
            guard item.kind == .layer, item.mask == nil, item.blend == .normal, item.tint == .white,
                composite.clip < 0 || item.clip < 0 || item.clip == composite.clip,
                m.m13 == 0, m.m23 == 0, m.m33 > 0
            else { return nil }
            let box = m.deviceBox(of: item.quad, orElse: .null)
            guard !box.isNull else { return nil }
            if pass.items.count > 1 {
                guard !boxes.contains(where: { Self.share(box, $0) }) else { return nil }
                boxes.append(box)
            }
            // Drawn where the composite was only: the quad cut to the region where the
            // mapping keeps rectangles square; else the item must not shade far more
            // pixels than the composite did.
            if m.m12 == 0, m.m21 == 0, let toLocal = m.inverted() {
                item.quad = item.quad.intersection(toLocal.deviceBox(of: cut, orElse: .null))
                if item.quad.isNull || item.quad.isEmpty { continue }
            } else if cutsExactly || box.width * box.height > 2 * region.width * region.height {
                return nil
            }
            if let mask {
                item.mask = mask
                item.maskPlacement = folded
            }
            if composite.clip >= 0 { item.clip = composite.clip }
            item.opacity *= composite.opacity
            items.append(item)
        }
        return items
    }

    /// The most items of one pass drawn in its composite's place (the overlap
    /// test compares every two).
    static let maximumFoldedItems = 64

    /// Whether two device boxes reach a pixel in common.
    static func share(_ a: CGRect, _ b: CGRect) -> Bool {
        func pixels(_ r: CGRect) -> CGRect {
            let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
            return CGRect(x: x0, y: y0, width: r.maxX.rounded(.up) - x0, height: r.maxY.rounded(.up) - y0)
        }
        let i = pixels(a).intersection(pixels(b))
        return !i.isNull && i.width > 0 && i.height > 0
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

    /// A mask's bitmap turned on the device, as items read it by position
    /// (see ``turnedBitmapMask(of:)``).
    struct TurnedBitmapMask {
        var raster: RasterImage
        /// The bitmap's unit coordinates of a device point (``MaskPlacement/unitMap``).
        var unitMap: SIMD8<Float>
        var inverted: Bool
    }

    /// The bitmap a mask pass draws, whole and alone, under any affine
    /// mapping (turned, sheared), for items to read by device position through
    /// the inverse of that mapping. Read clamped to its edges, with the
    /// anti-aliased edges the pass drew it with, it is transparent past them,
    /// as the pass was. Nil for any other pass.
    static func turnedBitmapMask(of pass: RenderPass) -> TurnedBitmapMask? {
        guard pass.purpose == .mask, pass.cacheKey == nil, pass.blurSigma <= 0.05, pass.colorMap == nil,
            pass.items.count == 1
        else { return nil }
        let first = pass.items[0]
        guard first.drawsOnlyItsContents, first.opacity == 1,
            case .texture(.raster(let raster), let uv, let rect)? = first.content,
            uv == CGRect(x: 0, y: 0, width: 1, height: 1), raster.width > 0, raster.height > 0,
            raster.hasClearEdges || first.antialiasedEdges == 0b1111, rect.width > 0, rect.height > 0,
            first.quad.encloses(rect), !AtlasPlanner.minifies(first, .raster(raster)),
            let inverted = Self.inversion(of: first, in: pass)
        else { return nil }
        let m = first.mapping
        guard m.m13 == 0, m.m23 == 0, m.m33 > 0 else { return nil }
        // Device (x, y) = (u·m11 + v·m21 + m31, u·m12 + v·m22 + m32) / m33, inverted.
        let det = m.m11 * m.m22 - m.m21 * m.m12
        guard abs(det) > 1e-12 * max(abs(m.m11 * m.m22), abs(m.m21 * m.m12), 1e-300) else { return nil }
        let w = Double(rect.width), h = Double(rect.height)
        let u0 = (-m.m22 * m.m31 + m.m21 * m.m32) / det, v0 = (m.m12 * m.m31 - m.m11 * m.m32) / det
        let map = SIMD8<Float>(
            Float(m.m22 * m.m33 / det / w), Float(-m.m21 * m.m33 / det / w),
            Float(-m.m12 * m.m33 / det / h), Float(m.m11 * m.m33 / det / h),
            Float((u0 - Double(rect.minX)) / w), Float((v0 - Double(rect.minY)) / h), 0, 0)
        return TurnedBitmapMask(raster: raster, unitMap: map, inverted: inverted)
    }

    /// Whether `item` (masked by the pass of `mask` over `bounds`) can read
    /// `mask` itself: a plain item with no border (its border colour carries
    /// the map's shift); for an inverted mask, which is opaque past the
    /// bitmap, one lying inside `bounds`, where the composite drew.
    static func reads(_ mask: TurnedBitmapMask, masking item: DrawItem, within bounds: CGRect) -> Bool {
        guard item.kind == .layer, item.borderWidth == 0 else { return false }
        guard mask.inverted else { return true }
        let reach = item.mapping.deviceBox(of: item.quad, orElse: .null)
        return !reach.isNull && bounds.encloses(reach)
    }
}
