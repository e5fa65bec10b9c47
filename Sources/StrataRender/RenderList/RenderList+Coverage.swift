import Foundation

extension RenderList {
    /// Fragments the frame's draws cover: every item's quad projected into its
    /// pass and clipped to the pass's target, summed over all passes (what the
    /// GPU shades, overdraw included; cached passes that are not redrawn still
    /// count, so it is an upper bound).
    public var coveredPixels: Double {
        var total = 0.0
        for pass in passes {
            let target = pass.purpose == .screen
                ? CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) : pass.bounds
            for item in pass.items { total += Self.projectedArea(of: item, within: target) }
        }
        return total
    }

    /// The area, in target pixels, of `item.quad` mapped into the target and
    /// clipped to it (and to the eye plane).
    static func projectedArea(of item: DrawItem, within target: CGRect) -> Double {
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
            guard !polygon.isEmpty else { return 0 }
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
        guard polygon.count >= 3 else { return 0 }
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += (a.x / a.w) * (b.y / b.w) - (b.x / b.w) * (a.y / a.w)
        }
        return abs(area) / 2
    }
}
