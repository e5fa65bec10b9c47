import Foundation
import Strata

/// Rasterizes paths into anti-aliased coverage masks on the CPU, for shape layers' fills and
/// strokes, non-rectangular masks and shadow silhouettes; the GL backend uploads the masks.
///
/// Coverage is the area of each pixel inside the shape (see `ScanConverter`), so an edge
/// through a pixel's middle gives 128. Two precisions:
/// - `.chromium` (the default) places geometry as Skia's analytic anti-aliasing (Chromium's
///   software rasterizer) does: edge end points on a grid of 1/256 pixel across and 1/4 pixel
///   down, curves cut into Skia's number of chords. Polygons then match Chromium to about one
///   level, curves to its own flattening.
/// - `.exact` keeps every end point where it is and flattens curves to within
///   `curveTolerance`, with chords that cross the curve, so areas are right.
///
/// Bad input cannot hang it: non-finite points are dropped, geometry outside the mask is
/// clipped or (for fills) reduced to chords before flattening, and flattening and tangled
/// rows have fixed work limits.
public enum PathRasterizer {
    /// Where edges are placed (see `PathRasterizer`).
    public enum Precision: Sendable {
        /// Skia's grid and curve cuts, to match Chromium's pictures.
        case chromium
        /// Exact end points; curves within `curveTolerance`.
        case exact
    }

    /// The flattening tolerance in mask pixels for `.exact` fills and for strokes. Points are
    /// nudged so that chords cross the curve (see `CGPath.fillPolygons`): edges stray at
    /// most about 0.017 px (about 4 coverage levels), with no bias inward.
    public static let curveTolerance: CGFloat = 0.025

    /// Fills `path`, mapped by `transform` into mask pixels, with `rule`.
    ///
    /// Every subpath counts as closed.
    public static func fill(path: CGPath, rule: CGPathFillRule, transform: CGAffineTransform,
                            width: Int, height: Int, precision: Precision = .chromium) -> CoverageMask {
        checkSize(width, height)
        var edges = RasterEdges(width: width, height: height, snapsLikeSkia: precision == .chromium)
        // One pixel of margin around the mask so that chords replace only curves well outside.
        let clip = CGRect(x: -1, y: -1, width: CGFloat(width) + 2, height: CGFloat(height) + 2)
        let polygons = precision == .chromium
            ? path.fillPolygonsLikeSkia(transform: transform, clip: clip)
            : path.fillPolygons(tolerance: curveTolerance, transform: transform, clip: clip)
        edges.reserve(polygons.reduce(0) { $0 + $1.count })
        for poly in polygons { edges.addPolygon(poly) }
        return rasterize(edges, rule: rule, width: width, height: height)
    }

    /// Fills closed polygons (in path coordinates, mapped by `transform`) with `rule`.
    public static func fill(polygons: [[CGPoint]], rule: CGPathFillRule, transform: CGAffineTransform,
                            width: Int, height: Int, precision: Precision = .chromium) -> CoverageMask {
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
    public static func stroke(path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin,
                              miterLimit: CGFloat, dash: (phase: CGFloat, lengths: [CGFloat])?,
                              transform: CGAffineTransform, width: Int, height: Int,
                              precision: Precision = .chromium) -> CoverageMask {
        checkSize(width, height)
        // Tolerances in path units: mask pixels over the transform's largest stretch.
        let scale = largestScale(of: transform)
        guard scale > 0, scale.isFinite else { return CoverageMask(width: width, height: height) }
        let source = dash.map { path.dashed(phase: $0.phase, lengths: $0.lengths, chordTolerance: 0.5 / scale) } ?? path
        let outline = source.strokeOutline(lineWidth: lineWidth, lineCap: cap, lineJoin: join,
                                           miterLimit: miterLimit, tolerance: curveTolerance / scale,
                                           skiaDevice: precision == .chromium ? transform : nil)
        return fill(polygons: outline, rule: .winding, transform: transform, width: width, height: height,
                    precision: precision)
    }

    /// The largest factor by which `t` stretches any direction (its largest singular value).
    static func largestScale(of t: CGAffineTransform) -> CGFloat {
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.a * t.d - t.b * t.c
        let disc = max(0, sum * sum - 4 * det * det)
        return ((sum + disc.squareRoot()) / 2).squareRoot()
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
