import Foundation

/// A flattened subpath with what stroking needs to know about each vertex.
struct FlatSubpath: Sendable {
    /// The polyline; a closed subpath ends back at its start (the closing edge is explicit).
    var points: [CGPoint]
    /// For each point, whether it ends a path element (a real corner, where the stroke's join
    /// style applies) rather than lying inside a flattened curve (where the stroke bends
    /// smoothly, so a round join is right whatever the style).
    var corners: [Bool]
    var isClosed: Bool
    var isDrawn: Bool
}

extension CGPath {
    /// The subpaths as polylines within `tolerance` of the curves (Strata addition).
    ///
    /// Each curve is cut into equal parameter steps, as many as its second differences need
    /// for the chord error to stay within `tolerance` (at most 1024 per curve, so degenerate
    /// input stays bounded); every point lies on the path. Closed subpaths end with their
    /// start point repeated, so each list traces the whole outline.
    ///
    /// - Parameters:
    ///   - tolerance: the largest distance allowed between a curve and its polyline, in the
    ///     space after `transform`. Must be positive.
    ///   - transform: maps the path before flattening (curves stay curves under affine maps).
    package func flattened(tolerance: CGFloat, transform: CGAffineTransform = .identity) -> [[CGPoint]] {
        flatSubpaths(tolerance: tolerance, transform: transform, corners: false).map(\.points)
    }

    /// Polygons to fill the path with, mapped by `transform` (Strata addition; what the
    /// rasterizer fills).
    ///
    /// Like `flattened(tolerance:transform:)`, with two changes for filling: points inside a
    /// curve are nudged outward so the chords cross the curve rather than cutting inside it
    /// (the polygon's area then matches the curve's, and it strays at most about two thirds
    /// of `tolerance`); and when `clip` is given, a curve whose control points all lie beyond
    /// one side of it becomes its chord, which keeps the winding number of every point in
    /// `clip` and saves flattening what cannot be seen. Every list is a closed polygon.
    package func fillPolygons(
        tolerance: CGFloat, transform: CGAffineTransform = .identity,
        clip: CGRect? = nil
    ) -> [[CGPoint]] {
        precondition(tolerance > 0 && tolerance.isFinite, "flattening tolerance must be positive and finite")
        var budget = 1 << 22
        return walkPolygons(transform: transform, clip: clip) { segment, poly in
            let before = poly.count
            segment.flatten(tolerance: tolerance, limit: budget > 0 ? 1024 : 16, balanced: true, into: &poly)
            budget -= poly.count - before
        }
    }

    /// Polygons to fill the path with, its curves cut as Skia's analytic anti-aliasing cuts
    /// them, in the space after `transform` taken as device pixels (Strata addition; what
    /// the rasterizer fills when it matches Chromium).
    ///
    /// Each curve is split where y turns, then each piece into 2^k equal parameter steps, k
    /// from Skia's estimate of the piece's distance from its chord (in 1/256 pixel, k at most
    /// 6). The chords cut inside convex curves by up to about 1/8 pixel, as Chromium's do.
    /// `clip` works as in `fillPolygons(tolerance:transform:clip:)`.
    package func fillPolygonsLikeSkia(transform: CGAffineTransform = .identity, clip: CGRect? = nil) -> [[CGPoint]] {
        walkPolygons(transform: transform, clip: clip) { segment, poly in
            segment.appendSkiaSteps(measuredIn: segment, into: &poly)
        }
    }

    /// Walks the elements into closed polygons (the rasterizer's hot path): the same subpath
    /// rules as `segmentedSubpaths()`, without building segments first. Closing lines are
    /// implied. `curve` appends the points after a curve's start (already mapped); curves
    /// wholly beyond one side of `clip` become chords instead.
    private func walkPolygons(
        transform: CGAffineTransform, clip: CGRect?,
        curve: (PathSegment, inout [CGPoint]) -> Void
    ) -> [[CGPoint]] {
        let identity = transform.isIdentity
        func map(_ p: CGPoint) -> CGPoint { identity ? p : p.applying(transform) }
        var result: [[CGPoint]] = []
        var poly: [CGPoint] = []
        var closedStart: CGPoint?
        func finish() {
            if poly.count > 1 { result.append(poly) }
            poly = []
        }
        /// Makes sure a polygon is open; false when the element must act as a move instead.
        func open(_ end: CGPoint) -> Bool {
            if !poly.isEmpty { return true }
            if let s = closedStart {
                poly.append(s)
                return true
            }
            poly.append(map(end))
            return false
        }
        func add(_ segment: PathSegment) {
            if let c = clip, segment.isEntirelyOutside(c) {
                poly.append(segment.d)
            } else {
                curve(segment, &poly)
            }
        }
        for element in elements {
            switch element {
            case .moveTo(let p):
                finish()
                closedStart = nil
                poly.append(map(p))
            case .lineTo(let p):
                if open(p) { poly.append(map(p)) }
            case .quadCurveTo(let c, let p):
                if open(p) { add(.quad(poly[poly.count - 1], map(c), map(p))) }
            case .curveTo(let c1, let c2, let p):
                if open(p) { add(.cubic(poly[poly.count - 1], map(c1), map(c2), map(p))) }
            case .closeSubpath:
                guard let first = poly.first else { continue }
                finish()
                closedStart = first
            }
        }
        finish()
        return result
    }

    /// The subpaths as polylines with their closed flags (see `flattened(tolerance:transform:)`;
    /// here closed subpaths do not repeat their start) (Strata addition).
    package func flattenedSubpaths(
        tolerance: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> [FlattenedSubpath] {
        flatSubpaths(tolerance: tolerance, transform: transform, corners: false).map { s in
            var pts = s.points
            if s.isClosed && pts.count > 1 && pts.last == pts.first { pts.removeLast() }
            return FlattenedSubpath(points: pts, isClosed: s.isClosed)
        }
    }

    /// A copy whose curves are replaced by lines within `threshold` of them, as Core Graphics'
    /// `flattened(threshold:)`.
    public func flattened(threshold: CGFloat) -> CGPath {
        var out: [CGPath.Element] = []
        for s in flattenedSubpaths(tolerance: threshold) {
            guard let first = s.points.first else { continue }
            out.append(.moveTo(first))
            for p in s.points.dropFirst() { out.append(.lineTo(p)) }
            if s.isClosed { out.append(.closeSubpath) }
        }
        return CGPath(elements: out)
    }

    /// The flattening behind the public forms, with corner flags for the stroker (left empty
    /// when `corners` is false).
    ///
    /// With `skiaDevice`, curves are instead cut as Skia cuts them in the space that transform
    /// maps to (see `fillPolygonsLikeSkia`), at the same parameters here; `tolerance` and
    /// `balanced` are then unused.
    func flatSubpaths(
        tolerance: CGFloat, transform: CGAffineTransform = .identity,
        clip: CGRect? = nil, corners wantCorners: Bool = true,
        balanced: Bool = false, skiaDevice: CGAffineTransform? = nil
    ) -> [FlatSubpath] {
        precondition(tolerance > 0 && tolerance.isFinite, "flattening tolerance must be positive and finite")
        // Past this many points, curves get few steps each: a path of millions of curves
        // becomes coarse instead of taking unbounded time and memory.
        var budget = 1 << 22
        var result: [FlatSubpath] = []
        for sub in segmentedSubpaths() {
            var pts = [sub.start.applying(transform)]
            var corners: [Bool] = wantCorners ? [true] : []
            for seg in sub.segments {
                let s = transform.isIdentity ? seg : seg.applying(transform)
                let before = pts.count
                if s.kind != .line, let c = clip, s.isEntirelyOutside(c) {
                    pts.append(s.d)
                } else if s.kind != .line, let device = skiaDevice {
                    s.appendSkiaSteps(measuredIn: s.applying(device), into: &pts)
                } else {
                    s.flatten(tolerance: tolerance, limit: budget > 0 ? 1024 : 16, balanced: balanced, into: &pts)
                }
                budget -= pts.count - before
                if wantCorners {
                    corners.append(contentsOf: repeatElement(false, count: pts.count - before - 1))
                    corners.append(true)
                }
            }
            result.append(FlatSubpath(points: pts, corners: corners, isClosed: sub.isClosed, isDrawn: sub.isDrawn))
        }
        return result
    }
}
