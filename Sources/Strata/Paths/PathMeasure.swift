import Foundation

/// Arc lengths along a path's subpaths, and the pieces between two lengths: what dashing and
/// trimming cut by.
///
/// Lengths are sums of chords over each segment; a length maps to a segment parameter by
/// interpolating between the chords' ends, then the cut is made on the exact curve, so
/// curves stay curves. Two ways to place the chords:
/// - fine (the default): equal steps to within a hundred-thousandth of the path's size;
/// - Skia's (`chordTolerance`): halve a curve until its control points lie within the
///   tolerance of the chord's thirds (quadratic: its middle), as Skia's contour measure does
///   (with 0.5 device pixels), so that dashes land where Chromium draws them. Those chords
///   fall short of the curve by about a thousandth on gentle curves, and Chromium's dashes
///   drift by as much.
struct PathMeasure {
    /// One segment with its chords: `lengths[i]` is the length up to parameter `ts[i]`.
    struct Piece {
        var segment: PathSegment
        var ts: [CGFloat]
        var lengths: [CGFloat]
        var length: CGFloat { lengths[lengths.count - 1] }
    }

    /// One subpath's pieces and where each starts along it.
    struct Contour {
        var subpath: SegmentedSubpath
        var pieces: [Piece]
        var starts: [CGFloat]
        var length: CGFloat
    }

    var contours: [Contour]

    /// Measures `path`'s subpaths (see the type's notes for `chordTolerance`).
    init(_ path: CGPath, chordTolerance: CGFloat? = nil) {
        let box = path.boundingBox
        let size = box.isNull ? 0 : max(box.width, box.height)
        let fine = size.isFinite && size > 0 ? size * 1e-5 : 1e-9
        let skia = chordTolerance.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        // A budget of points over the whole path, as flattening has: past it,
        // curves get coarse chords, so no path can take unbounded memory.
        var budget = 1 << 22
        contours = path.segmentedSubpaths().map { sub in
            var pieces: [Piece] = []
            var starts: [CGFloat] = []
            var total: CGFloat = 0
            var pts: [CGPoint] = []
            var ts: [CGFloat] = []
            for seg in sub.segments {
                pts.removeAll(keepingCapacity: true)
                ts.removeAll(keepingCapacity: true)
                pts.append(seg.a)
                ts.append(0)
                if let tol = skia, seg.kind != .line {
                    Self.halve(seg, 0, 1, depth: budget > 0 ? 0 : 16, tolerance: tol, points: &pts, ts: &ts)
                } else {
                    seg.flatten(tolerance: fine, limit: budget > 0 ? 1024 : 16, into: &pts)
                    let n = CGFloat(pts.count - 1)
                    for i in 1..<pts.count { ts.append(CGFloat(i) / n) }
                }
                budget -= pts.count
                var lengths = [CGFloat](repeating: 0, count: pts.count)
                for i in 1..<pts.count {
                    let step = hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y)
                    lengths[i] = lengths[i - 1] + (step.isFinite ? step : 0)
                }
                starts.append(total)
                pieces.append(Piece(segment: seg, ts: ts, lengths: lengths))
                total += lengths[lengths.count - 1]
            }
            return Contour(subpath: sub, pieces: pieces, starts: starts, length: total)
        }
    }

    /// Skia's subdivision: halve the part of `seg` between `t0` and `t1` while it is too curvy
    /// for `tolerance` (and no deeper than 20 halvings), appending each chord's end.
    private static func halve(
        _ seg: PathSegment, _ t0: CGFloat, _ t1: CGFloat, depth: Int, tolerance: CGFloat,
        points: inout [CGPoint], ts: inout [CGFloat]
    ) {
        let part = seg.subsegment(from: t0, to: t1)
        let curvy: Bool
        switch part.kind {
        case .line:
            curvy = false
        case .quad:
            let dx = part.b.x / 2 - (part.a.x + part.d.x) / 4, dy = part.b.y / 2 - (part.a.y + part.d.y) / 4
            curvy = max(abs(dx), abs(dy)) > tolerance
        case .cubic:
            // Skia tests a cubic's control points against the chord's thirds, and a conic (what
            // it makes of SVG arcs and ellipses) by its middle. Strata's arcs are cubics, so
            // the middle test keeps their chords where Chromium's fall.
            let m = part.point(at: 0.5)
            curvy = max(abs(m.x - (part.a.x + part.d.x) / 2), abs(m.y - (part.a.y + part.d.y) / 2)) > tolerance
        }
        if curvy && depth < 20 {
            let mid = (t0 + t1) / 2
            halve(seg, t0, mid, depth: depth + 1, tolerance: tolerance, points: &points, ts: &ts)
            halve(seg, mid, t1, depth: depth + 1, tolerance: tolerance, points: &points, ts: &ts)
        } else {
            points.append(part.d)
            ts.append(t1)
        }
    }

    /// The piece index and parameter at distance `s` along `contour` (clamped to its length).
    func location(in contour: Contour, at s: CGFloat) -> (piece: Int, t: CGFloat) {
        precondition(!contour.pieces.isEmpty, "location on a contour without segments")
        // The last piece that starts at or before s.
        var lo = 0, hi = contour.pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if contour.starts[mid] <= s { lo = mid } else { hi = mid - 1 }
        }
        let piece = contour.pieces[lo]
        let local = min(max(0, s - contour.starts[lo]), piece.length)
        let ls = piece.lengths
        var a = 0, b = ls.count - 1
        while b - a > 1 {
            let m = (a + b) / 2
            if ls[m] <= local { a = m } else { b = m }
        }
        let span = ls[b] - ls[a]
        let f = span > 0 ? (local - ls[a]) / span : 0
        return (lo, piece.ts[a] + f * (piece.ts[b] - piece.ts[a]))
    }

    /// The segments of `contour` between distances `s0` and `s1` (0 ≤ s0 ≤ s1). A zero-length
    /// range gives one zero-length line, so that caps can still draw a dot there.
    func segments(of contour: Contour, from s0: CGFloat, to s1: CGFloat) -> [PathSegment] {
        guard !contour.pieces.isEmpty else { return [.line(contour.subpath.start, contour.subpath.start)] }
        let a = location(in: contour, at: s0), b = location(in: contour, at: max(s0, s1))
        if a.piece == b.piece {
            let seg = contour.pieces[a.piece].segment
            if a.t == b.t {
                let p = seg.point(at: a.t)
                return [.line(p, p)]
            }
            return [seg.subsegment(from: a.t, to: b.t)]
        }
        var out: [PathSegment] = []
        if a.t < 1 { out.append(contour.pieces[a.piece].segment.subsegment(from: a.t, to: 1)) }
        for i in (a.piece + 1)..<b.piece { out.append(contour.pieces[i].segment) }
        if b.t > 0 || out.isEmpty { out.append(contour.pieces[b.piece].segment.subsegment(from: 0, to: b.t)) }
        return out
    }
}
