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
    /// The subpaths as polylines within `tolerance` of the curves.
    ///
    /// Each curve is cut into equal parameter steps, as many as its second differences need
    /// for the chord error to stay within `tolerance` (at most 1024 per curve, so degenerate
    /// input stays bounded). Closed subpaths end with their start point repeated, so each list
    /// traces the whole outline; for filling, treat every list as a closed polygon.
    ///
    /// - Parameters:
    ///   - tolerance: the largest distance allowed between a curve and its polyline, in the
    ///     space after `transform`. Must be positive.
    ///   - transform: maps the path before flattening (curves stay curves under affine maps).
    ///   - clip: when given, a curve whose control points all lie beyond one side of it is
    ///     replaced by its chord. That keeps the winding of every point in `clip`, so it is
    ///     right for filling (and saves work on huge paths), not for stroking.
    public func flattened(tolerance: CGFloat, transform: CGAffineTransform = .identity,
                          clip: CGRect? = nil) -> [[CGPoint]] {
        flatSubpaths(tolerance: tolerance, transform: transform, clip: clip).map(\.points)
    }

    /// The subpaths as polylines with their closed flags (see `flattened(tolerance:transform:clip:)`;
    /// here closed subpaths do not repeat their start).
    public func flattenedSubpaths(tolerance: CGFloat,
                                  transform: CGAffineTransform = .identity) -> [FlattenedSubpath] {
        flatSubpaths(tolerance: tolerance, transform: transform, clip: nil).map { s in
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

    /// The flattening behind the public forms, with corner flags for the stroker.
    func flatSubpaths(tolerance: CGFloat, transform: CGAffineTransform = .identity,
                      clip: CGRect? = nil) -> [FlatSubpath] {
        precondition(tolerance > 0 && tolerance.isFinite, "flattening tolerance must be positive and finite")
        // Past this many points, curves get few steps each: a path of millions of curves
        // becomes coarse instead of taking unbounded time and memory.
        var budget = 1 << 22
        var result: [FlatSubpath] = []
        for sub in segmentedSubpaths() {
            var pts = [sub.start.applying(transform)]
            var corners = [true]
            for seg in sub.segments {
                let s = transform.isIdentity ? seg : seg.applying(transform)
                let before = pts.count
                if s.kind != .line, let c = clip, s.isEntirelyOutside(c) {
                    pts.append(s.d)
                } else {
                    s.flatten(tolerance: tolerance, limit: budget > 0 ? 1024 : 16, into: &pts)
                }
                budget -= pts.count - before
                corners.append(contentsOf: repeatElement(false, count: pts.count - before - 1))
                corners.append(true)
            }
            result.append(FlatSubpath(points: pts, corners: corners, isClosed: sub.isClosed, isDrawn: sub.isDrawn))
        }
        return result
    }
}
