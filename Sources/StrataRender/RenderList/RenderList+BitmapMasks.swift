import Foundation
import Strata

extension RenderList {
    /// Samples the bitmap of a mask pass that draws one bitmap and nothing
    /// else (a Lottie mask's path, a shape layer as a mask) in the pass's
    /// place: the composite reads the part of the bitmap over its content
    /// (inverted where the pass was an opaque cover with the bitmap xor-ed
    /// out), and the pass is dropped. The pass was a target more to switch to
    /// and every pixel of it shaded once more; the bitmap, sampled where the
    /// pass sampled it when drawn, gives the composite the same alpha. Where
    /// the pass reaches past the bitmap, the composite is cut to the bitmap
    /// (around it the mask is transparent, or, inverted, opaque: the content
    /// is drawn there unmasked), so nothing samples past the bitmap's slot.
    mutating func foldBitmapMasks() {
        // Most frames have no mask pass: no walk of their items.
        guard passes.contains(where: { $0.purpose == .mask }) else { return }
        let uses = passSamplings()
        var dropped = Set<Int>()
        for p in passes.indices {
            // Items are read in place and copied only once a pass has a mask to fold:
            // most masks (turned, or not one bitmap) fold in no frame.
            var rebuilt: [DrawItem]?
            for i in passes[p].items.indices {
                guard passes[p].items[i].kind == .composite, case .pass(let m)? = passes[p].items[i].mask,
                    uses[m] == 1, let folded = bitmapMask(of: passes[m]),
                    let pieces = Self.pieces(of: passes[p].items[i], maskedBy: folded)
                else {
                    rebuilt?.append(passes[p].items[i])
                    continue
                }
                if rebuilt == nil {
                    rebuilt = Array(passes[p].items[..<i])
                    rebuilt!.reserveCapacity(passes[p].items.count + 4)
                }
                rebuilt!.append(contentsOf: pieces)
                dropped.insert(m)
            }
            if let rebuilt { passes[p].items = rebuilt }
        }
        guard !dropped.isEmpty else { return }
        removePasses(dropped)
    }

    /// A mask's bitmap as the pass drew it: the bitmap, its rectangle on the
    /// device, the part of it (unit square, reaching past it where the pass
    /// does) under the pass's bounds, and whether the pass inverts it.
    struct BitmapMask {
        var raster: RasterImage
        var onDevice: CGRect
        var area: SIMD4<Float>
        var inverted: Bool
        /// Turned a quarter: the bitmap's x runs along the device's y.
        var transposed: Bool
    }

    /// `composite` with `mask` sampled in its pass's place: where the bitmap
    /// lies, the composite reads it; around it the bitmap is transparent, so
    /// the composite draws nothing there, or (inverted) draws unmasked. Nil
    /// unless the composite is drawn without rotation or perspective.
    static func pieces(of composite: DrawItem, maskedBy mask: BitmapMask) -> [DrawItem]? {
        let m = composite.mapping
        guard m.m12 == 0, m.m21 == 0, m.m13 == 0, m.m23 == 0, m.m33 > 0, m.m11 > 0, m.m22 > 0 else { return nil }
        // The bitmap's rectangle in the composite's units.
        guard let inside = m.inverted()?.deviceBox(of: mask.onDevice, orElse: .null), !inside.isNull else {
            return nil
        }
        var masked = composite
        masked.mask = .raster(mask.raster)
        masked.maskPlacement = MaskPlacement(area: mask.area, inverted: mask.inverted, transposed: mask.transposed)
        masked.quad = composite.quad.intersection(inside)
        var pieces: [DrawItem] = masked.quad.isNull || masked.quad.isEmpty ? [] : [masked]
        guard mask.inverted else { return pieces }
        // Around the bitmap, one minus nothing: the content as it is, in up to four bands.
        let q = composite.quad
        let cut =
            masked.quad.isNull || masked.quad.isEmpty ? CGRect(x: q.minX, y: q.minY, width: 0, height: 0) : masked.quad
        let bands = [
            CGRect(x: q.minX, y: q.minY, width: q.width, height: cut.minY - q.minY),
            CGRect(x: q.minX, y: cut.maxY, width: q.width, height: q.maxY - cut.maxY),
            CGRect(x: q.minX, y: cut.minY, width: cut.minX - q.minX, height: cut.height),
            CGRect(x: cut.maxX, y: cut.minY, width: q.maxX - cut.maxX, height: cut.height),
        ]
        for band in bands where band.width > 0 && band.height > 0 {
            var plain = composite
            plain.mask = nil
            plain.quad = band
            pieces.append(plain)
        }
        return pieces
    }

    /// The bitmap `pass` draws (see ``BitmapMask``); nil unless the pass is a
    /// mask drawing one bitmap, whole, square to the device (scaled, flipped or
    /// turned a quarter), at about its own pixels.
    private func bitmapMask(of pass: RenderPass) -> BitmapMask? {
        guard pass.purpose == .mask, pass.cacheKey == nil, pass.blurSigma <= 0.05, pass.colorMap == nil,
            let first = pass.items.first, first.drawsOnlyItsContents, first.opacity == 1,
            case .texture(.raster(let raster), let uv, let rect)? = first.content,
            uv == CGRect(x: 0, y: 0, width: 1, height: 1), raster.width > 0, raster.height > 0,
            raster.hasClearEdges, !AtlasPlanner.minifies(first, .raster(raster))
        else { return nil }
        // Pieces of one bitmap (its painted runs) count as the bitmap; one item draws it whole.
        if pass.items.count == 1 {
            guard first.quad.encloses(rect) else { return nil }
        }
        for item in pass.items.dropFirst() {
            guard item.content == first.content, item.mapping == first.mapping, item.opacity == 1,
                item.blend == first.blend, item.drawsOnlyItsContents
            else { return nil }
        }
        guard let inverted = Self.inversion(of: first, in: pass) else { return nil }
        // Drawn square to the device: scaled (flipped too) or turned a quarter, no perspective.
        let m = first.mapping
        guard m.m13 == 0, m.m23 == 0, m.m33 > 0 else { return nil }
        let size = max(abs(m.m11), abs(m.m12), abs(m.m21), abs(m.m22))
        func none(_ v: Double) -> Bool { abs(v) <= 1e-9 * size }
        let transposed: Bool
        if none(m.m12), none(m.m21), !none(m.m11), !none(m.m22) {
            transposed = false
        } else if none(m.m11), none(m.m22), !none(m.m12), !none(m.m21) {
            transposed = true
        } else {
            return nil
        }
        let onDevice = m.deviceBox(of: rect, orElse: .null)
        let bounds = pass.bounds
        guard !onDevice.isNull, onDevice.width > 0, onDevice.height > 0, bounds.width > 0, bounds.height > 0 else {
            return nil
        }
        // The bitmap's unit coordinates along its x and y of a device point (on the axes
        // they vary along): u from the device x (y, turned), v from the device y (x, turned).
        func unitX(_ device: Double) -> Float {
            let local = (device * m.m33 - (transposed ? m.m32 : m.m31)) / (transposed ? m.m12 : m.m11)
            return Float((local - Double(rect.minX)) / Double(rect.width))
        }
        func unitY(_ device: Double) -> Float {
            let local = (device * m.m33 - (transposed ? m.m31 : m.m32)) / (transposed ? m.m21 : m.m22)
            return Float((local - Double(rect.minY)) / Double(rect.height))
        }
        // Where the composite's content starts and ends along each of the bitmap's axes
        // (x0 > x1 where it is flipped); turned, its x runs down the content.
        let (alongX, alongY) =
            transposed
            ? ((Double(bounds.minY), Double(bounds.maxY)), (Double(bounds.minX), Double(bounds.maxX)))
            : ((Double(bounds.minX), Double(bounds.maxX)), (Double(bounds.minY), Double(bounds.maxY)))
        let area = SIMD4<Float>(unitX(alongX.0), unitY(alongY.0), unitX(alongX.1), unitY(alongY.1))
        return BitmapMask(raster: raster, onDevice: onDevice, area: area, inverted: inverted, transposed: transposed)
    }

    /// Whether a mask pass that draws `bitmap` inverts it: false where the pass
    /// is the bitmap over transparent, true where it is an opaque cover (its
    /// colour is no matter: a mask reads alpha) with the bitmap xor-ed out,
    /// nil for any other pass.
    static func inversion(of bitmap: DrawItem, in pass: RenderPass) -> Bool? {
        switch (bitmap.blend, pass.background) {
        case (.normal, .clear): return false
        case (.xor, let cover) where cover.a == 1: return true
        default: return nil
        }
    }

    /// How many items sample each pass, as their contents or as their mask
    /// (a pass sampled once can be folded into the item that samples it).
    func passSamplings() -> [Int] {
        var uses = [Int](repeating: 0, count: passes.count)
        for pass in passes {
            for item in pass.items {
                if case .pass(let p)? = item.texture { uses[p] += 1 }
                if case .pass(let p)? = item.mask { uses[p] += 1 }
            }
        }
        return uses
    }

    /// Drops the offscreen passes no item samples any more, and then those
    /// only they sampled: a fold or a cut can take away a pass's last
    /// composite (a clip that shows none of it), and a pass nothing reads is
    /// drawn for nothing. Passes kept across frames (a cache key, the
    /// appearance atlas) stay.
    package mutating func dropUnsampledPasses() {
        func droppable(_ pass: RenderPass) -> Bool {
            pass.cacheKey == nil && pass.purpose != .screen && pass.purpose != .appearance
        }
        // Most frames have no such pass: no walk of their items.
        while passes.dropLast().contains(where: droppable) {
            let uses = passSamplings()
            let unsampled = Set(passes.indices.dropLast().filter { uses[$0] == 0 && droppable(passes[$0]) })
            if unsampled.isEmpty { return }
            removePasses(unsampled)
        }
    }

    /// Removes `dropped` passes, renumbering what the others' items sample.
    mutating func removePasses(_ dropped: Set<Int>) {
        var number = [Int](repeating: -1, count: passes.count)
        var kept: [RenderPass] = []
        kept.reserveCapacity(passes.count - dropped.count)
        for p in passes.indices where !dropped.contains(p) {
            number[p] = kept.count
            kept.append(passes[p])
        }
        // The kept passes' items are then theirs alone: renumbered in place, not copied.
        passes = []
        for p in kept.indices {
            for i in kept[p].items.indices {
                if case .texture(.pass(let old), let uv, let rect)? = kept[p].items[i].content {
                    kept[p].items[i].content = .texture(.pass(number[old]), uv: uv, rect: rect)
                }
                if case .pass(let old)? = kept[p].items[i].mask { kept[p].items[i].mask = .pass(number[old]) }
            }
        }
        passes = kept
    }
}
