import Foundation
import StrataRaster

/// Rasterizes paths into anti-aliased coverage masks on the CPU, for shape layers' fills and
/// strokes, non-rectangular masks and shadow silhouettes; the GL backend uploads the masks.
///
/// Coverage is the area of each pixel inside the shape (see `ScanConverter`), so an edge
/// through a pixel's middle gives 128. Two precisions:
/// - `.chromium` (the default) places geometry as Skia's analytic anti-aliasing (Chromium's
///   software rasterizer) does: edge end points on a grid of 1/256 pixel across and 1/4 pixel
///   down, curves cut into Skia's number of chords. Polygons then match Chromium to about one
///   level, curves to its own flattening.
///   Strokes at most one device pixel wide are drawn as Skia draws them, as hairlines (one
///   pixel across, Wu's method, the coverage scaled by the width).
/// - `.exact` keeps every end point where it is and flattens curves to within
///   `curveTolerance`, with chords that cross the curve, so areas are right.
///
/// Bad input cannot hang it: non-finite points are dropped, geometry outside the mask is
/// clipped or (for fills) reduced to chords before flattening, and flattening and tangled
/// rows have fixed work limits.
package enum PathRasterizer {
    /// Where edges are placed (see `PathRasterizer`).
    package enum Precision: Sendable {
        /// Skia's grid and curve cuts, to match Chromium's pictures.
        case chromium
        /// Exact end points; curves within `curveTolerance`.
        case exact
    }

    /// The flattening tolerance in mask pixels for `.exact` fills and for strokes. Points are
    /// nudged so that chords cross the curve (see `CGPath.fillPolygons`): edges stray at
    /// most about 0.017 px (about 4 coverage levels), with no bias inward.
    package static let curveTolerance: CGFloat = 0.025

    /// Fills `path`, mapped by `transform` into mask pixels, with `rule`.
    ///
    /// Every subpath counts as closed.
    package static func fill(
        path: CGPath, rule: CGPathFillRule, transform: CGAffineTransform,
        width: Int, height: Int, precision: Precision = .chromium
    ) -> CoverageMask {
        checkSize(width, height)
        var edges = RasterEdges(width: width, height: height, snapsLikeSkia: precision == .chromium)
        // One pixel of margin around the mask so that chords replace only curves well outside.
        let clip = CGRect(x: -1, y: -1, width: CGFloat(width) + 2, height: CGFloat(height) + 2)
        let polygons =
            precision == .chromium
            ? path.fillPolygonsLikeSkia(transform: transform, clip: clip)
            : path.fillPolygons(tolerance: curveTolerance, transform: transform, clip: clip)
        edges.reserve(polygons.reduce(0) { $0 + $1.count })
        for poly in polygons { edges.addPolygon(poly) }
        return rasterize(edges, rule: rule, width: width, height: height)
    }

    /// Fills closed polygons (in path coordinates, mapped by `transform`) with `rule`.
    package static func fill(
        polygons: [[CGPoint]], rule: CGPathFillRule, transform: CGAffineTransform,
        width: Int, height: Int, precision: Precision = .chromium
    ) -> CoverageMask {
        checkSize(width, height)
        var edges = RasterEdges(width: width, height: height, snapsLikeSkia: precision == .chromium)
        edges.reserve(polygons.reduce(0) { $0 + $1.count })
        for poly in polygons { edges.addPolygon(poly, transform: transform) }
        return rasterize(edges, rule: rule, width: width, height: height)
    }

    /// Strokes `path` (optionally dashed) and rasterizes the union of the stroke's outline.
    ///
    /// The stroke is built in path coordinates, so a non-uniform `transform` stretches the
    /// line as it does in Core Graphics, then mapped into mask pixels. Parameters mean what
    /// they mean in `CGPath.strokeOutline(...)` and `CGPath.copy(dashingWithPhase:lengths:)`
    /// (dash lengths are measured as Skia measures them at the transform's scale); trim with
    /// `CGPath.trimmed(from:to:)` first for `strokeStart`/`strokeEnd`.
    package static func stroke(
        path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin,
        miterLimit: CGFloat, dash: (phase: CGFloat, lengths: [CGFloat])?,
        transform: CGAffineTransform, width: Int, height: Int,
        precision: Precision = .chromium
    ) -> CoverageMask {
        checkSize(width, height)
        // Tolerances in path units: mask pixels over the transform's largest stretch.
        let scale = transform.largestScale
        guard scale > 0, scale.isFinite else { return CoverageMask(width: width, height: height) }
        let source = dash.map { path.dashed(phase: $0.phase, lengths: $0.lengths, chordTolerance: 0.5 / scale) } ?? path
        if precision == .chromium, let alpha = hairlineCoverage(lineWidth: lineWidth, transform: transform) {
            return hairline(source, cap: cap, alpha: alpha, transform: transform, width: width, height: height)
        }
        let outline = source.strokeOutline(
            lineWidth: lineWidth, lineCap: cap, lineJoin: join,
            miterLimit: miterLimit, tolerance: curveTolerance / scale,
            skiaDevice: precision == .chromium ? transform : nil)
        return fill(
            polygons: outline, rule: .winding, transform: transform, width: width, height: height,
            precision: precision)
    }

    /// The coverage Skia gives a stroke that it draws as a hairline, or nil: a line at most
    /// one device pixel wide both across and down is drawn one pixel wide, its coverage
    /// scaled by the mean of those two widths (each measured as Skia's `fast_len`,
    /// max + min/2).
    static func hairlineCoverage(lineWidth: CGFloat, transform t: CGAffineTransform) -> CGFloat? {
        guard lineWidth > 0, lineWidth.isFinite else { return nil }
        func fastLength(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
            let (a, b) = (abs(x), abs(y))
            return max(a, b) + min(a, b) / 2
        }
        let across = fastLength(lineWidth * t.a, lineWidth * t.b)
        let down = fastLength(lineWidth * t.c, lineWidth * t.d)
        guard across <= 1, down <= 1 else { return nil }
        return (across + down) / 2
    }

    /// A stroke drawn as Skia draws hairlines (see `HairlineRasterizer`): open ends pushed
    /// out half a pixel under round and square caps, the coverage scaled by `alpha`.
    private static func hairline(
        _ path: CGPath, cap: CGLineCap, alpha: CGFloat, transform: CGAffineTransform,
        width: Int, height: Int
    ) -> CoverageMask {
        var lines = HairlineRasterizer(width: width, height: height, alpha: alpha)
        for sub in path.flattenedSubpaths(tolerance: 0.1, transform: transform) {
            var pts = sub.points
            if sub.isClosed, let first = pts.first { pts.append(first) }
            guard pts.count > 1 else { continue }
            if !sub.isClosed && cap != .butt {
                func pushed(_ p: CGPoint, from q: CGPoint) -> CGPoint {
                    let dx = p.x - q.x, dy = p.y - q.y, len = hypot(dx, dy)
                    return len > 0 ? CGPoint(x: p.x + dx / len / 2, y: p.y + dy / len / 2) : p
                }
                pts[0] = pushed(pts[0], from: pts[1])
                pts[pts.count - 1] = pushed(pts[pts.count - 1], from: pts[pts.count - 2])
            }
            for (p, q) in zip(pts, pts.dropFirst()) { lines.addLine(p, q) }
        }
        return CoverageMask(width: width, height: height, bytes: lines.bytes)
    }

    private static func checkSize(_ width: Int, _ height: Int) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        precondition(width <= 1 << 15 && height <= 1 << 15, "mask size \(width)×\(height) is over 32768")
    }

    private static func rasterize(_ edges: RasterEdges, rule: CGPathFillRule, width: Int, height: Int) -> CoverageMask {
        let converter = ScanConverter(width: width, height: height, evenOdd: rule == .evenOdd)
        return CoverageMask(width: width, height: height, bytes: converter.coverage(edges))
    }
}
