import Foundation

/// Arc lengths along a path's subpaths, and the pieces between two lengths: what dashing and
/// trimming cut by.
///
/// Lengths come from flattening each segment finely; a length maps to a segment parameter by
/// interpolating between the flattened samples, then the cut is made on the exact curve, so
/// curves stay curves.
struct PathMeasure {
    /// One segment with its sampled lengths: `lengths[i]` is the length up to parameter i/n.
    struct Piece {
        var segment: PathSegment
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

    /// Measures `path`'s subpaths, flattening to within a hundred-thousandth of its size.
    init(_ path: CGPath) {
        let box = path.boundingBox
        let size = box.isNull ? 0 : max(box.width, box.height)
        let tolerance = size.isFinite && size > 0 ? size * 1e-5 : 1e-9
        contours = path.segmentedSubpaths().map { sub in
            var pieces: [Piece] = []
            var starts: [CGFloat] = []
            var total: CGFloat = 0
            var pts: [CGPoint] = []
            for seg in sub.segments {
                pts.removeAll(keepingCapacity: true)
                pts.append(seg.a)
                seg.flatten(tolerance: tolerance, into: &pts)
                var lengths = [CGFloat](repeating: 0, count: pts.count)
                for i in 1..<pts.count {
                    let step = hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y)
                    lengths[i] = lengths[i - 1] + (step.isFinite ? step : 0)
                }
                starts.append(total)
                pieces.append(Piece(segment: seg, lengths: lengths))
                total += lengths[lengths.count - 1]
            }
            return Contour(subpath: sub, pieces: pieces, starts: starts, length: total)
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
        let n = CGFloat(ls.count - 1)
        return (lo, (CGFloat(a) + f) / n)
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
