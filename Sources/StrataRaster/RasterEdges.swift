import Foundation

/// One polygon edge in mask pixels, running downward (`y0 < y1`).
///
/// `dir` is +1 when the polygon went down along it, −1 when it went up; its x at height y is
/// `x0 + (y − y0) · slope`.
package struct RasterEdge {
    package var x0: Double
    package var y0: Double
    package var y1: Double
    package var slope: Double
    package var dir: Int32

    @inline(__always) package func x(at y: Double) -> Double { x0 + (y - y0) * slope }
}

/// Polygon edges in mask pixels, clipped to the mask and ready for scan conversion.
///
/// Clipping keeps winding numbers right inside the mask: parts above or below are dropped
/// (they cover no row), parts left of it become vertical at x = 0 (still counted by everything
/// to their right), parts right of it are dropped (nothing visible lies to their right).
/// Horizontal edges and edges with non-finite points are dropped; they enclose no area.
package struct RasterEdges {
    package let width: Double
    package let height: Double
    /// Whether end points are placed on Skia's grid (see `skiaSnap`).
    package let snapsLikeSkia: Bool
    private(set) var edges: [RasterEdge] = []

    package init(width: Int, height: Int, snapsLikeSkia: Bool = false) {
        self.width = Double(width)
        self.height = Double(height)
        self.snapsLikeSkia = snapsLikeSkia
    }

    /// A point as Skia's analytic anti-aliasing places edge end points: x and y cut to
    /// 1/256 pixel (toward zero), then y rounded to the nearest quarter pixel. Coordinates
    /// beyond ±2²³ are left alone (Skia would overflow there; they are clipped anyway).
    package static func skiaSnap(_ x: Double, _ y: Double) -> (Double, Double) {
        guard abs(x) < 8_388_608, abs(y) < 8_388_608 else { return (x, y) }
        let sx = (x * 256).rounded(.towardZero) / 256
        let ty = (y * 256).rounded(.towardZero) / 256
        return (sx, (ty * 4 + 0.5).rounded(.down) / 4)
    }

    /// Adds the closed polygon `points` (the edge from the last point to the first included).
    package mutating func addPolygon(_ points: [CGPoint]) {
        guard points.count > 1 else { return }
        var prev = points[points.count - 1]
        for p in points {
            addLine(prev, p)
            prev = p
        }
    }

    package mutating func addLine(_ p: CGPoint, _ q: CGPoint) {
        var (ax, ay, bx, by) = (Double(p.x), Double(p.y), Double(q.x), Double(q.y))
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        if snapsLikeSkia {
            (ax, ay) = Self.skiaSnap(ax, ay)
            (bx, by) = Self.skiaSnap(bx, by)
        }
        guard ay != by else { return }
        var d: Int32 = 1
        if ay > by {
            swap(&ax, &bx)
            swap(&ay, &by)
            d = -1
        }
        guard by > 0, ay < height else { return }
        let sl = (bx - ax) / (by - ay)
        guard sl.isFinite else { return }
        // Clip to the mask's rows.
        let top = max(ay, 0), bottom = min(by, height)
        guard top < bottom else { return }
        let xt = ax + (top - ay) * sl, xb = ax + (bottom - ay) * sl
        guard xt.isFinite, xb.isFinite else { return }
        if sl == 0 || (min(xt, xb) >= 0 && max(xt, xb) <= width) {
            // Wholly on one side of each bound (the usual case): one piece, no cuts.
            piece(top, bottom, top, xt, sl, d)
            return
        }
        // Cut where the edge crosses x = 0 and x = width, then treat each piece by its side.
        var c1 = top + (0 - xt) / sl, c2 = top + (width - xt) / sl
        if c2 < c1 { swap(&c1, &c2) }
        var ya = top
        if c1 > ya && c1 < bottom {
            piece(ya, c1, top, xt, sl, d)
            ya = c1
        }
        if c2 > ya && c2 < bottom {
            piece(ya, c2, top, xt, sl, d)
            ya = c2
        }
        piece(ya, bottom, top, xt, sl, d)
    }

    /// Adds the part of the line (through `xt` at height `top`, with slope `sl`) between
    /// `ya` and `yb`, which lies wholly on one side of x = 0 and of x = width.
    @inline(__always)
    private mutating func piece(
        _ ya: Double, _ yb: Double, _ top: Double, _ xt: Double, _ sl: Double,
        _ d: Int32
    ) {
        guard ya < yb else { return }
        let xa = xt + (ya - top) * sl
        let mid = xa + (yb - ya) / 2 * sl
        if mid >= width { return }
        if mid <= 0 {
            edges.append(RasterEdge(x0: 0, y0: ya, y1: yb, slope: 0, dir: d))
        } else {
            edges.append(RasterEdge(x0: min(max(xa, 0), width), y0: ya, y1: yb, slope: sl, dir: d))
        }
    }

    /// The edges grouped by the row their top lies in (a counting sort): the edges of row r
    /// are `edges[rowStart[r]..<rowStart[r + 1]]`, in no particular order inside the row.
    package func bucketedByRow() -> (edges: [RasterEdge], rowStart: [Int]) {
        let rows = Int(height)
        var rowStart = [Int](repeating: 0, count: rows + 1)
        guard !edges.isEmpty, rows > 0 else { return ([], rowStart) }
        for e in edges { rowStart[min(rows - 1, Int(e.y0)) + 1] += 1 }
        for r in 0..<rows { rowStart[r + 1] += rowStart[r] }
        var fill = rowStart
        let out = [RasterEdge](unsafeUninitializedCapacity: edges.count) { buffer, count in
            for e in edges {
                let r = min(rows - 1, Int(e.y0))
                (buffer.baseAddress! + fill[r]).initialize(to: e)
                fill[r] += 1
            }
            count = edges.count
        }
        return (out, rowStart)
    }

    /// Room for `n` more edges.
    package mutating func reserve(_ n: Int) { edges.reserveCapacity(edges.count + n) }
}
