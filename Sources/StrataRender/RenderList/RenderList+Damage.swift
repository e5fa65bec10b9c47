import Foundation

extension RenderList {
    /// At most this many damaged rectangles; more are merged into their bounding box.
    package static let maximumDamageRects = 8
    /// More changed items than this redraw everything: when most of a frame
    /// moves, measuring the damage costs more than it saves.
    package static let maximumDamagedItems = 64

    /// The device rectangles whose pixels can differ from `previous` (the
    /// frame the target holds): for every screen item that changed, its old
    /// and its new bounds. Empty when nothing differs; nil when the whole
    /// target must be redrawn (another size or background, offscreen passes,
    /// clips or ramps that changed, items added or removed, more than
    /// ``maximumDamagedItems`` changed, or damage over half the target, where
    /// one full redraw is cheaper).
    ///
    /// Rectangles are whole pixels, one pixel larger than the bounds on each
    /// side, clipped to the target and disjoint; a redraw scissored to them,
    /// of the items that meet them, gives the same pixels as a full redraw.
    package func damage(since previous: RenderList) -> [CGRect]? {
        guard pixelWidth == previous.pixelWidth, pixelHeight == previous.pixelHeight,
            background == previous.background, passes.count == previous.passes.count,
            clips == previous.clips, gradients == previous.gradients
        else { return nil }
        for (a, b) in zip(passes.dropLast(), previous.passes.dropLast()) {
            // A cached pass with the same key has the same pixels.
            if let key = a.cacheKey, key == b.cacheKey, a.bounds == b.bounds { continue }
            if a != b { return nil }
        }
        let items = screen.items, old = previous.screen.items
        guard items.count == old.count else { return nil }
        let target = CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        // Changed items are counted before any is projected: when most of a
        // frame moves, the walk stops at the limit having compared, not projected.
        var changed: [Int] = []
        for i in items.indices where items[i] != old[i] {
            if changed.count == Self.maximumDamagedItems { return nil }
            changed.append(i)
        }
        var rects: [CGRect] = []
        for i in changed {
            for box in [Self.deviceBounds(of: items[i], within: target), Self.deviceBounds(of: old[i], within: target)]
            where !box.isNull && box.width > 0 && box.height > 0 {
                rects.append(box)
            }
        }
        let merged = Self.disjointPixelRects(rects, within: target)
        let area = merged.reduce(0.0) { $0 + Double($1.width * $1.height) }
        return area * 2 > Double(pixelWidth * pixelHeight) ? nil : merged
    }

    /// `rects` grown to whole pixels plus one, clipped to `target`, with
    /// overlapping ones merged until none overlap (at most
    /// ``maximumDamageRects``, else their bounding box).
    static func disjointPixelRects(_ rects: [CGRect], within target: CGRect) -> [CGRect] {
        var out: [CGRect] = rects.compactMap { r in
            let x0 = floor(r.minX) - 1, y0 = floor(r.minY) - 1, x1 = ceil(r.maxX) + 1, y1 = ceil(r.maxY) + 1
            let c = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(target)
            return c.isNull || c.isEmpty ? nil : c
        }
        var merging = true
        while merging {
            merging = false
            outer: for i in out.indices {
                for j in out.indices where j > i && out[i].intersects(out[j]) {
                    out[i] = out[i].union(out[j])
                    out.remove(at: j)
                    merging = true
                    break outer
                }
            }
        }
        if out.count > maximumDamageRects {
            out = [out.dropFirst().reduce(out[0]) { $0.union($1) }]
        }
        return out
    }
}
