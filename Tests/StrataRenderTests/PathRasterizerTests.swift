import Foundation
import Strata
import StrataRaster
import StrataRender
import Testing
import _StrataTestSupport

@Suite("Path rasterizer")
struct PathRasterizerTests {
    func fill(
        _ path: CGPath, _ rule: CGPathFillRule = .winding, _ t: CGAffineTransform = .identity,
        _ w: Int = 64, _ h: Int = 64, _ precision: PathRasterizer.Precision = .chromium
    ) -> CoverageMask {
        PathRasterizer.fill(path: path, rule: rule, transform: t, width: w, height: h, precision: precision)
    }

    func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: w, height: h), transform: nil)
    }

    /// Rows made only where their edges wrote hold the bytes of rows summed cell by cell:
    /// random polygons crossing themselves and the bitmap's sides, exact and sampled rows.
    @Test(arguments: [false, true]) func rowsSkippingUnwrittenCellsMatchRowsSummedWhole(evenOdd: Bool) {
        var rng = SplitMix(seed: 7)
        for shape in 0..<17 {
            var edges = RasterEdges(width: 97, height: 70)
            let polygons = 1 + shape % 3
            for _ in 0..<polygons {
                // The last, a scribble of short edges in a few rows: those rows are sampled.
                let count = shape == 16 ? 1500 : shape < 8 ? 3 + shape % 6 : 60 + shape * 4
                let (xs, ys) = shape == 16 ? (30.0...60.0, 20.0...40.0) : (-20.0...117.0, -10.0...80.0)
                edges.addPolygon(
                    (0..<count).map { _ in
                        CGPoint(x: Double.random(in: xs, using: &rng), y: Double.random(in: ys, using: &rng))
                    })
            }
            let sparse = ScanConverter(width: 97, height: 70, evenOdd: evenOdd)
            var dense = sparse
            dense.skipsUnwrittenCells = false
            let (a, b) = (sparse.coverage(edges), dense.coverage(edges))
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(differing == 0, "shape \(shape): \(differing) bytes differ")
        }
    }

    @Test func halfCoveredPixelIs128() {
        let m = fill(rect(10.5, 10, 20, 20))
        #expect(m[10, 15] == 128)
        #expect(m[11, 15] == 255)
        #expect(m[9, 15] == 0)
        #expect(m[30, 15] == 128)
        // A quarter: half in x and half in y.
        let q = fill(rect(10.5, 10.5, 5, 5))
        #expect(q[10, 10] == 64)
        // A diagonal through a pixel's corners covers half of it.
        let tri = CGMutablePath()
        tri.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 64, y: 64), CGPoint(x: 0, y: 64)])
        tri.closeSubpath()
        let d = fill(tri)
        #expect(d[20, 20] == 128)
        #expect(d[19, 20] == 255)
        #expect(d[21, 20] == 0)
    }

    @Test(arguments: [(3.25, 7.75, 20.5, 11.125), (0.1, 0.9, 50.3, 60.2), (10, 10, 0.3, 0.4)])
    func rectangleAreaSumsToItsArea(x: Double, y: Double, w: Double, h: Double) {
        let m = fill(rect(CGFloat(x), CGFloat(y), CGFloat(w), CGFloat(h)), .winding, .identity, 64, 64, .exact)
        // Each byte rounds by at most half a level.
        let edgePixels = 2 * (w + h) + 4
        #expect(abs(m.coveredArea - w * h) <= edgePixels * 0.5 / 255 + 1e-9)
    }

    @Test func chromiumPrecisionUsesSkiasGrid() {
        // y to the nearest quarter pixel, x cut to 1/256: as Chromium draws this rectangle.
        let m = fill(rect(10.5, 10.3, 20.3, 20.4))
        #expect(m[20, 10] == 191)  // top at 10.25
        #expect(m[20, 30] == 191)  // bottom at 30.7 → 30.75
        #expect(m[30, 20] == 203)  // right at 30.8 → 30.796875: 0.797 × 255
        let exact = fill(rect(10.5, 10.3, 20.3, 20.4), .winding, .identity, 64, 64, .exact)
        #expect(abs(Int(exact[20, 10]) - 178) <= 1 && abs(Int(exact[20, 30]) - 178) <= 1)  // 0.7 × 255
    }

    @Test func evenOddMakesAHole() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 8, y: 8, width: 48, height: 48))
        p.addRect(CGRect(x: 24, y: 24, width: 16, height: 16))
        let nz = fill(p, .winding), eo = fill(p, .evenOdd)
        #expect(nz[32, 32] == 255)
        #expect(eo[32, 32] == 0)
        #expect(eo[12, 12] == 255)
        #expect(abs(eo.coveredArea - (48 * 48 - 16 * 16)) < 1)
        // Winding the inner square the other way makes a hole for non-zero too.
        let q = CGMutablePath()
        q.addRect(CGRect(x: 8, y: 8, width: 48, height: 48))
        q.addLines(between: [
            CGPoint(x: 24, y: 24), CGPoint(x: 24, y: 40), CGPoint(x: 40, y: 40), CGPoint(x: 40, y: 24),
        ])
        q.closeSubpath()
        #expect(fill(q, .winding)[32, 32] == 0)
    }

    @Test(arguments: [5.0, 17.3, 40.0, 120.0])
    func circleAreaWithinHalfAPercent(radius: Double) {
        let r = CGFloat(radius)
        let size = Int((2 * r + 4).rounded(.up))
        let c = CGPath(ellipseIn: CGRect(x: 2.3, y: 1.7, width: 2 * r, height: 2 * r), transform: nil)
        let m = fill(c, .winding, .identity, size, size, .exact)
        let exact = Double.pi * radius * radius
        #expect(abs(m.coveredArea - exact) / exact < 0.005)
        // Chromium's grid and chords cut inside the circle, by up to about 1/8 pixel.
        let chromium = fill(c, .winding, .identity, size, size, .chromium)
        #expect(chromium.coveredArea < m.coveredArea)
        #expect(abs(chromium.coveredArea - exact) < 2 * .pi * radius * 0.15)
    }

    @Test func overlappingPiecesDoNotDarkenEdges() {
        // Two overlapping squares sharing an edge line: the shared edge pixel is still half.
        let p = CGMutablePath()
        p.addRect(CGRect(x: 10.5, y: 10, width: 20, height: 20))
        p.addRect(CGRect(x: 10.5, y: 15, width: 10, height: 10))
        let m = fill(p)
        #expect(m[10, 20] == 128)
        // Crossing edges (a bow tie): symmetric, each lobe its own area.
        let bow = CGMutablePath()
        bow.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 64, y: 64), CGPoint(x: 64, y: 0), CGPoint(x: 0, y: 64)])
        bow.closeSubpath()
        let b = fill(bow)
        #expect(abs(b.coveredArea - 2 * 32 * 64 / 2) < 0.5)
        #expect(b[31, 5] == 0)
        #expect(b[5, 31] == 255)
    }

    @Test func transformMapsIntoPixels() {
        let m = fill(rect(0, 0, 1, 1), .winding, CGAffineTransform(scaleX: 10, y: 20).translatedBy(x: 0.5, y: 0.5))
        // (0.5, 0.5)...(1.5, 1.5) scaled: x 5...15, y 10...30.
        #expect(m[4, 20] == 0 && m[5, 20] == 255 && m[14, 20] == 255 && m[15, 20] == 0)
        #expect(m[10, 9] == 0 && m[10, 10] == 255 && m[10, 29] == 255 && m[10, 30] == 0)
        let rotated = fill(
            rect(-10, -10, 20, 20), .winding,
            CGAffineTransform(rotationAngle: .pi / 4).concatenating(CGAffineTransform(translationX: 32, y: 32)),
            64, 64, .exact)
        #expect(abs(rotated.coveredArea - 400) < 0.5)
        #expect(rotated[32, 32] == 255 && rotated[32, 22] == 255 && rotated[18, 18] == 0)
    }

    @Test func clippingKeepsWinding() {
        // A shape much larger than the mask, mostly outside on every side.
        let m = fill(rect(-1000, -50, 2000.5, 1000))
        #expect(m.bytes.allSatisfy { $0 == 255 })
        let right = fill(rect(40.5, -10, 1000, 1000))
        #expect(right[40, 5] == 128 && right[63, 63] == 255 && right[39, 5] == 0)
    }

    @Test func strokeCoverage() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 8, y: 32))
        p.addLine(to: CGPoint(x: 56, y: 32))
        let m = PathRasterizer.stroke(
            path: p, lineWidth: 5, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 64)
        // 29.5...34.5: rows 30-33 full, 29 and 34 half.
        #expect(m[20, 29] == 128 && m[20, 30] == 255 && m[20, 33] == 255 && m[20, 34] == 128)
        #expect(abs(m.coveredArea - 48 * 5) < 0.5)
        // Round caps and joins on a polyline: overlapping pieces add no extra coverage.
        let z = CGMutablePath()
        z.addLines(between: [
            CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 12), CGPoint(x: 14, y: 30), CGPoint(x: 52, y: 50),
        ])
        let s = PathRasterizer.stroke(
            path: z, lineWidth: 6, cap: .round, join: .round, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 64)
        #expect(s.bytes.allSatisfy { $0 <= 255 })
        #expect(s[30, 11] == 255)
        // Compare against the area a fine point-sampling of the same outline finds.
        let outline = z.strokeOutline(lineWidth: 6, lineCap: .round, lineJoin: .round, miterLimit: 10, tolerance: 0.01)
        var inside = 0
        let n = 4
        for y in 0..<(64 * n) {
            for x in 0..<(64 * n) {
                let q = CGPoint(x: (CGFloat(x) + 0.5) / CGFloat(n), y: (CGFloat(y) + 0.5) / CGFloat(n))
                if outline.contains(where: { poly in
                    var w = 0
                    var prev = poly[poly.count - 1]
                    for c in poly {
                        if prev.y <= q.y {
                            if c.y > q.y && (c.x - prev.x) * (q.y - prev.y) - (q.x - prev.x) * (c.y - prev.y) > 0 {
                                w += 1
                            }
                        } else if c.y <= q.y && (c.x - prev.x) * (q.y - prev.y) - (q.x - prev.x) * (c.y - prev.y) < 0 {
                            w -= 1
                        }
                        prev = c
                    }
                    return w != 0
                }) {
                    inside += 1
                }
            }
        }
        let sampled = Double(inside) / Double(n * n)
        #expect(abs(s.coveredArea - sampled) / sampled < 0.01)
    }

    @Test func dashedStrokeCoversDashesOnly() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 10))
        p.addLine(to: CGPoint(x: 64, y: 10))
        let m = PathRasterizer.stroke(
            path: p, lineWidth: 4, cap: .butt, join: .miter, miterLimit: 10,
            dash: (phase: 0, lengths: [10, 6]), transform: .identity, width: 64, height: 20)
        #expect(m[5, 10] == 255 && m[12, 10] == 0 && m[20, 10] == 255)
        #expect(abs(m.coveredArea - 4 * (10 * 4)) < 0.5)
    }

    @Test func thinStrokesAreHairlinesLikeChromiums() {
        // At most one device pixel wide: one pixel across the minor axis, scaled by the width.
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 4, y: 10.5))
        p.addLine(to: CGPoint(x: 60, y: 10.5))
        let one = PathRasterizer.stroke(
            path: p, lineWidth: 1, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 20)
        #expect(one[30, 10] == 255 && one[30, 9] == 0 && one[30, 11] == 0)
        let half = PathRasterizer.stroke(
            path: p, lineWidth: 0.5, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 20)
        #expect(half[30, 10] == 128)
        // A diagonal: each column holds one pixel's worth, split between two rows.
        let d = CGMutablePath()
        d.move(to: CGPoint(x: 0, y: 2))
        d.addLine(to: CGPoint(x: 64, y: 18))
        let m = PathRasterizer.stroke(
            path: d, lineWidth: 1, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 20)
        for x in 0..<64 {
            let column = (0..<20).reduce(0) { $0 + Int(m[x, $1]) }
            #expect(abs(column - 255) <= 2)
        }
        // Exact precision strokes it as a band one pixel wide across the line instead.
        let exact = PathRasterizer.stroke(
            path: d, lineWidth: 1, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: .identity, width: 64, height: 20, precision: .exact)
        #expect(abs(exact.coveredArea - (64 * 64 + 16 * 16).squareRoot()) < 0.5)
    }

    @Test func nonUniformTransformStretchesTheStroke() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 5))
        p.addLine(to: CGPoint(x: 10, y: 5))
        let m = PathRasterizer.stroke(
            path: p, lineWidth: 2, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
            transform: CGAffineTransform(scaleX: 4, y: 3), width: 48, height: 32)
        // y 4...6 in path space → 12...18 in pixels.
        #expect(m[20, 11] == 0 && m[20, 12] == 255 && m[20, 17] == 255 && m[20, 18] == 0)
    }

    @Test func degenerateInputIsHarmless() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: CGFloat.nan, y: 0))
        p.addLine(to: CGPoint(x: 1e9, y: 1e9))
        p.addLine(to: CGPoint(x: -1e9, y: 30))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.addCurve(
            to: CGPoint(x: 1e300, y: 5), control1: CGPoint(x: CGFloat.infinity, y: 0),
            control2: CGPoint(x: 0, y: -1e300))
        p.closeSubpath()
        let m = fill(p)
        #expect(m.width == 64 && m.bytes.count == 64 * 64)
        let s = PathRasterizer.stroke(
            path: p, lineWidth: 3, cap: .round, join: .round, miterLimit: 10,
            dash: (phase: 0, lengths: [1, 1]), transform: .identity, width: 64, height: 64)
        #expect(s.bytes.count == 64 * 64)
        #expect(fill(rect(0, 0, 10, 10), .winding, CGAffineTransform(scaleX: 0, y: 0)).coveredArea == 0)
        #expect(
            PathRasterizer.fill(path: rect(0, 0, 10, 10), rule: .winding, transform: .identity, width: 0, height: 0)
                .bytes.isEmpty)
    }

    @Test func manyPointsInBoundedTime() {
        // A 20k-point scribble in a small area (the release timings cover a million): the tangled rows take the sampling path.
        var pts: [CGPoint] = []
        pts.reserveCapacity(20_000)
        var seed: UInt64 = 1
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let x = CGFloat((seed >> 33) % 4000) / 100
            let y = CGFloat((seed >> 13) % 4000) / 100
            pts.append(CGPoint(x: x + 10, y: y + 10))
        }
        let start = Date()
        let m = PathRasterizer.fill(polygons: [pts], rule: .evenOdd, transform: .identity, width: 64, height: 64)
        #expect(m.coveredArea > 0)
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
