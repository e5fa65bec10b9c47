import Foundation
import Strata

extension RenderList {
    /// Fragments the frame's draws cover: every item's quad projected into its
    /// pass and clipped to the pass's target, summed over the passes (what
    /// the GPU shades, overdraw included). Passes in `skipped` (kept from an
    /// earlier frame) count nothing; with `rects`, the screen pass counts only
    /// what lies inside them (a redraw scissored to disjoint damage rectangles).
    package func coveredPixels(skipping skipped: Set<Int> = [], screenWithin rects: [CGRect]? = nil) -> Double {
        var total = 0.0
        for (index, pass) in passes.enumerated() where !skipped.contains(index) {
            let isScreen = index == passes.count - 1
            let targets =
                isScreen
                ? rects ?? [CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)]
                : [pass.bounds]
            for target in targets {
                for item in pass.items {
                    if case .particles(let batch, _)? = item.content {
                        total += Self.particleArea(of: batch, mapping: item.mapping, within: target, of: item)
                    } else if let hole = item.frameHole, item.ringBand == nil {
                        // The frame mesh's share of the quad (exact under an affine mapping).
                        let share = 1 - Double(hole.width * hole.height) / Double(item.quad.width * item.quad.height)
                        total += Self.projectedArea(of: item, within: target) * share
                    } else if let band = item.ringBand {
                        // The ring mesh's share of the quad (exact under an affine mapping).
                        let share = DrawItem.ringMeshArea(band) / Double(item.quad.width * item.quad.height)
                        total += Self.projectedArea(of: item, within: target) * share
                    } else {
                        total += Self.projectedArea(of: item, within: target)
                    }
                }
            }
        }
        return total
    }

    /// The pixels a batch's particles cover: each one's rectangle at the
    /// batch's time, grown by its anti-aliasing margin, at the mapping's
    /// density at the batch's centre (particles are small), at most the
    /// item's own quad's area within `target` per particle.
    static func particleArea(
        of batch: ParticleBatch, mapping: PlaneMapping, within target: CGRect,
        of item: DrawItem
    ) -> Double {
        let bounds = projectedArea(of: item, within: target)
        guard bounds > 0 else { return 0 }
        let ppu = mapping.pixelsPerUnit(at: Double(item.quad.midX), Double(item.quad.midY))
        var total = 0.0
        batch.forEachDrawn { birth, look, age in
            let s = max(0, Double(birth.scale) + Double(birth.scaleSpeed) * age)
            let w = Double(look.size.width) * s * ppu + 3, h = Double(look.size.height) * s * ppu + 3
            total += min(w * h, bounds)
        }
        return total
    }

    /// The device-pixel bounding box of `item.quad` in `target` (clipped to it
    /// and to the eye plane); null when none of it is there.
    package static func deviceBounds(of item: DrawItem, within target: CGRect) -> CGRect {
        withProjectedPolygon(of: item, within: target) { polygon in
            guard polygon.count >= 3 else { return .null }
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for p in polygon {
                x0 = min(x0, p.x / p.w); y0 = min(y0, p.y / p.w); x1 = max(x1, p.x / p.w); y1 = max(y1, p.y / p.w)
            }
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// The area, in target pixels, of `item.quad` mapped into the target and
    /// clipped to it (and to the eye plane).
    static func projectedArea(of item: DrawItem, within target: CGRect) -> Double {
        withProjectedPolygon(of: item, within: target) { polygon in
            guard polygon.count >= 3 else { return 0 }
            var area = 0.0
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                area += (a.x / a.w) * (b.y / b.w) - (b.x / b.w) * (a.y / a.w)
            }
            return abs(area) / 2
        }
    }

    /// A homogeneous device point.
    typealias HomogeneousPoint = (x: Double, y: Double, w: Double)

    /// Calls `body` with `item.quad` mapped to homogeneous device points and
    /// clipped to w > 0 and to `target`. The polygon lives on the stack: damage
    /// and coverage project every item of a frame, and arrays here cost several
    /// allocations per item.
    static func withProjectedPolygon<R>(
        of item: DrawItem, within target: CGRect,
        _ body: (UnsafeBufferPointer<HomogeneousPoint>) -> R
    ) -> R {
        // A convex quad clipped by five planes has at most 4 + 5 corners; rounding can
        // make a nearly flat one cross a plane more often, so there is room, and a bound.
        let capacity = 16
        return withUnsafeTemporaryAllocation(of: HomogeneousPoint.self, capacity: 2 * capacity) { buffer in
            let base = buffer.baseAddress!
            var polygon = base, scratch = base + capacity
            let q = item.quad, m = item.mapping
            polygon[0] = m.apply(Double(q.minX), Double(q.minY))
            polygon[1] = m.apply(Double(q.maxX), Double(q.minY))
            polygon[2] = m.apply(Double(q.maxX), Double(q.maxY))
            polygon[3] = m.apply(Double(q.minX), Double(q.maxY))
            var count = 4
            // Homogeneous clipping: w > ε, then the four sides of the target (x ≥ x0·w …).
            let x0 = Double(target.minX), x1 = Double(target.maxX), y0 = Double(target.minY), y1 = Double(target.maxY)
            @inline(__always) func distance(_ plane: Int, _ p: HomogeneousPoint) -> Double {
                switch plane {
                case 0: return p.w - 1e-6
                case 1: return p.x - x0 * p.w
                case 2: return x1 * p.w - p.x
                case 3: return p.y - y0 * p.w
                default: return y1 * p.w - p.y
                }
            }
            for plane in 0..<5 where count > 0 {
                var kept = 0
                for i in 0..<count where kept < capacity - 1 {
                    let a = polygon[i], b = polygon[(i + 1) % count]
                    let da = distance(plane, a), db = distance(plane, b)
                    if da >= 0 { scratch[kept] = a; kept += 1 }
                    if (da >= 0) != (db >= 0) {
                        let t = da / (da - db)
                        scratch[kept] = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.w + (b.w - a.w) * t)
                        kept += 1
                    }
                }
                swap(&polygon, &scratch)
                count = kept
            }
            return body(UnsafeBufferPointer(start: polygon, count: count))
        }
    }
}
