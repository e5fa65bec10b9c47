import Foundation

extension RenderList {
    /// Fragments the frame's draws cover: every item's quad projected into its
    /// pass and clipped to the pass's target, summed over the passes (what
    /// the GPU shades, overdraw included). Passes in `skipped` (kept from an
    /// earlier frame) count nothing; with `rects`, the screen pass counts only
    /// what lies inside them (a redraw scissored to disjoint damage rectangles).
    public func coveredPixels(skipping skipped: Set<Int> = [], screenWithin rects: [CGRect]? = nil) -> Double {
        var total = 0.0
        for (index, pass) in passes.enumerated() where !skipped.contains(index) {
            let isScreen = index == passes.count - 1
            let targets = isScreen ? rects ?? [CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)]
                                   : [pass.bounds]
            for target in targets {
                for item in pass.items { total += Self.projectedArea(of: item, within: target) }
            }
        }
        return total
    }

    /// The device-pixel bounding box of `item.quad` in `target` (clipped to it
    /// and to the eye plane); null when none of it is there.
    public static func deviceBounds(of item: DrawItem, within target: CGRect) -> CGRect {
        let polygon = projectedPolygon(of: item, within: target)
        guard polygon.count >= 3 else { return .null }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in polygon {
            x0 = min(x0, p.x / p.w); y0 = min(y0, p.y / p.w); x1 = max(x1, p.x / p.w); y1 = max(y1, p.y / p.w)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The area, in target pixels, of `item.quad` mapped into the target and
    /// clipped to it (and to the eye plane).
    static func projectedArea(of item: DrawItem, within target: CGRect) -> Double {
        let polygon = projectedPolygon(of: item, within: target)
        guard polygon.count >= 3 else { return 0 }
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += (a.x / a.w) * (b.y / b.w) - (b.x / b.w) * (a.y / a.w)
        }
        return abs(area) / 2
    }

    /// `item.quad` mapped to homogeneous device points and clipped to w > 0
    /// and to `target`.
    static func projectedPolygon(of item: DrawItem, within target: CGRect) -> [(x: Double, y: Double, w: Double)] {
        let q = item.quad
        var polygon: [(x: Double, y: Double, w: Double)] = [
            (Double(q.minX), Double(q.minY), 1), (Double(q.maxX), Double(q.minY), 1),
            (Double(q.maxX), Double(q.maxY), 1), (Double(q.minX), Double(q.maxY), 1),
        ].map { item.mapping.apply($0.0, $0.1) }
        // Homogeneous clipping: w > ε, then the four sides of the target (x ≥ x0·w …).
        let x0 = Double(target.minX), x1 = Double(target.maxX), y0 = Double(target.minY), y1 = Double(target.maxY)
        let planes: [((x: Double, y: Double, w: Double)) -> Double] = [
            { $0.w - 1e-6 }, { $0.x - x0 * $0.w }, { x1 * $0.w - $0.x }, { $0.y - y0 * $0.w }, { y1 * $0.w - $0.y },
        ]
        for distance in planes {
            guard !polygon.isEmpty else { return [] }
            var kept: [(x: Double, y: Double, w: Double)] = []
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let da = distance(a), db = distance(b)
                if da >= 0 { kept.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    kept.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.w + (b.w - a.w) * t))
                }
            }
            polygon = kept
        }
        return polygon
    }
}
