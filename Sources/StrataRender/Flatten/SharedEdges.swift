import Foundation
import Strata

/// Finds edges that abutting layers share and turns their anti-aliasing off.
///
/// Two anti-aliased edges on the same line each cover a boundary pixel by
/// about half, and half over half lets a quarter of the background through: a
/// visible seam. Items in one plane (mappings equal up to a translation in the
/// plane) whose square edges meet exactly are drawn with hard edges there
/// instead; the shader extends a hard edge by half a pixel, so the pixels on
/// the line are covered by both neighbours rather than by neither.
package enum SharedEdges {
    /// Clears the anti-aliasing bit of every shared edge among `items`.
    package static func process(_ items: inout [DrawItem]) {
        var planes: [PlaneKey: [(index: Int, rect: CGRect)]] = [:]
        // An empty shape (a bitmap's item draws its contents alone) has no edge to share.
        // By index: `for item in items` copies each item, references and all.
        for i in items.indices
        where items[i].kind == .layer && items[i].radii.isZero && items[i].shape.width > 0
            && items[i].shape.height > 0
        {
            guard let (key, offset) = PlaneKey.of(items[i].mapping) else { continue }
            let rect = items[i].shape.offsetBy(dx: offset.x, dy: offset.y)
            // Edges past any screen share nothing (and their ranges would not be numbers).
            guard [rect.minX, rect.maxX, rect.minY, rect.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e12 }) else {
                continue
            }
            planes[key, default: []].append((i, rect))
        }
        for (_, members) in planes where members.count > 1 {
            // Edges by line: vertical edges keyed by x, horizontal by y.
            var maxX: [Int64: [ClosedRange<Double>]] = [:], minX: [Int64: [ClosedRange<Double>]] = [:]
            var maxY: [Int64: [ClosedRange<Double>]] = [:], minY: [Int64: [ClosedRange<Double>]] = [:]
            for m in members {
                let r = m.rect
                maxX[key(r.maxX), default: []].append(Double(r.minY)...Double(r.maxY))
                minX[key(r.minX), default: []].append(Double(r.minY)...Double(r.maxY))
                maxY[key(r.maxY), default: []].append(Double(r.minX)...Double(r.maxX))
                minY[key(r.minY), default: []].append(Double(r.minX)...Double(r.maxX))
            }
            // Each line's spans merged once: a row of thousands of items (a
            // replicator's) then costs a binary search per edge, not a sort.
            let (maxXs, minXs, maxYs, minYs) = (merged(maxX), merged(minX), merged(maxY), merged(minY))
            for m in members {
                let r = m.rect
                var edges = items[m.index].antialiasedEdges
                if covers(maxXs[key(r.minX)], Double(r.minY)...Double(r.maxY)) { edges &= ~0b0001 }
                if covers(minXs[key(r.maxX)], Double(r.minY)...Double(r.maxY)) { edges &= ~0b0010 }
                if covers(maxYs[key(r.minY)], Double(r.minX)...Double(r.maxX)) { edges &= ~0b0100 }
                if covers(minYs[key(r.maxY)], Double(r.minX)...Double(r.maxX)) { edges &= ~0b1000 }
                items[m.index].antialiasedEdges = edges
            }
        }
    }

    /// A coordinate quantized so that equal edges meet despite rounding.
    static func key(_ v: CGFloat) -> Int64 { Int64((Double(v) * 4096).rounded()) }

    /// Each line's spans as their union: disjoint, sorted spans (spans closer
    /// than the key's quantum count as touching).
    static func merged(_ lines: [Int64: [ClosedRange<Double>]]) -> [Int64: [ClosedRange<Double>]] {
        lines.mapValues { spans in
            let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
            var out: [ClosedRange<Double>] = []
            out.reserveCapacity(sorted.count)
            for s in sorted {
                if let last = out.last, s.lowerBound <= last.upperBound + eps {
                    out[out.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
                } else {
                    out.append(s)
                }
            }
            return out
        }
    }

    static let eps = 1.0 / 4096

    /// Whether `union` (disjoint sorted spans, from `merged`) covers `span`.
    static func covers(_ union: [ClosedRange<Double>]?, _ span: ClosedRange<Double>) -> Bool {
        guard let union, !union.isEmpty else { return false }
        // The last span starting at or before the query's start (within eps).
        var lo = 0, hi = union.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if union[mid].lowerBound <= span.lowerBound + eps { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return false }
        return union[lo - 1].upperBound >= span.upperBound - eps
    }

    /// The linear part of a plane mapping; items with equal keys lie in one
    /// plane, offset from each other by a translation in it.
    struct PlaneKey: Hashable {
        var q: [Int64]

        /// The key and the translation that takes the item's local coordinates
        /// into the plane's shared coordinates (relative to the mapping's origin).
        static func of(_ m: PlaneMapping) -> (PlaneKey, CGPoint)? {
            let linear = [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23]
            let scale = linear.map(abs).max() ?? 0
            guard scale > 0, m.isFinite else { return nil }
            // Split the translation row c into dx·a + dy·b (a translation within
            // the plane, by least squares) and the rest, which is the same for
            // every item of the plane and so goes into the key.
            let (a, b, c) = ((m.m11, m.m12, m.m13), (m.m21, m.m22, m.m23), (m.m31, m.m32, m.m33))
            let aa = a.0 * a.0 + a.1 * a.1 + a.2 * a.2, bb = b.0 * b.0 + b.1 * b.1 + b.2 * b.2
            let ab = a.0 * b.0 + a.1 * b.1 + a.2 * b.2
            let ac = a.0 * c.0 + a.1 * c.1 + a.2 * c.2, bc = b.0 * c.0 + b.1 * c.1 + b.2 * c.2
            let det = aa * bb - ab * ab
            guard abs(det) > 1e-12 * scale * scale * scale * scale else { return nil }
            let dx = (ac * bb - bc * ab) / det, dy = (bc * aa - ac * ab) / det
            let rest = (c.0 - dx * a.0 - dy * b.0, c.1 - dx * a.1 - dy * b.1, c.2 - dx * a.2 - dy * b.2)
            // Clamped: a plane a googol points away must not trap the conversion.
            func q(_ v: Double) -> Int64 {
                let x = (v / scale * 1e7).rounded()
                return x.isFinite ? Int64(max(min(x, 9e18), -9e18)) : Int64.min
            }
            let key = PlaneKey(q: linear.map(q) + [q(rest.0), q(rest.1), q(rest.2)])
            return (key, CGPoint(x: dx, y: dy))
        }
    }
}
