import Foundation

/// One drawing element of a path with its start point made explicit: a line, a quadratic or a
/// cubic Bézier. Internal currency of flattening, measuring, dashing and stroking.
///
/// Points by kind: a line uses `a` → `d`; a quadratic `a`, control `b`, `d`; a cubic `a`, `b`,
/// `c`, `d`. Unused points repeat a used one so bounding boxes stay right.
struct PathSegment: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case line, quad, cubic }

    var kind: Kind
    var a: CGPoint, b: CGPoint, c: CGPoint, d: CGPoint

    static func line(_ a: CGPoint, _ d: CGPoint) -> PathSegment {
        PathSegment(kind: .line, a: a, b: a, c: d, d: d)
    }
    static func quad(_ a: CGPoint, _ b: CGPoint, _ d: CGPoint) -> PathSegment {
        PathSegment(kind: .quad, a: a, b: b, c: b, d: d)
    }
    static func cubic(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> PathSegment {
        PathSegment(kind: .cubic, a: a, b: b, c: c, d: d)
    }

    /// The path element that draws this segment from its start.
    var element: CGPath.Element {
        switch kind {
        case .line: .lineTo(d)
        case .quad: .quadCurveTo(control: b, to: d)
        case .cubic: .curveTo(control1: b, control2: c, to: d)
        }
    }

    /// The segment mapped by `t`.
    func applying(_ t: CGAffineTransform) -> PathSegment {
        PathSegment(kind: kind, a: a.applying(t), b: b.applying(t), c: c.applying(t), d: d.applying(t))
    }

    /// The point at parameter `t` in 0...1.
    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: a.x * u + d.x * t, y: a.y * u + d.y * t)
        case .quad:
            let (w0, w1, w2) = (u * u, 2 * u * t, t * t)
            return CGPoint(x: a.x * w0 + b.x * w1 + d.x * w2, y: a.y * w0 + b.y * w1 + d.y * w2)
        case .cubic:
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return CGPoint(
                x: a.x * w0 + b.x * w1 + c.x * w2 + d.x * w3,
                y: a.y * w0 + b.y * w1 + c.y * w2 + d.y * w3)
        }
    }

    /// The part of the segment between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    func subsegment(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        switch kind {
        case .line:
            return .line(t0 <= 0 ? a : point(at: t0), t1 >= 1 ? d : point(at: t1))
        case .quad:
            // Blossoming: the control of the piece is the polar form at (t0, t1).
            let p0 = t0 <= 0 ? a : point(at: t0), p2 = t1 >= 1 ? d : point(at: t1)
            let ctl = quadBlossom(t0, t1)
            return .quad(p0, ctl, p2)
        case .cubic:
            let p0 = t0 <= 0 ? a : point(at: t0), p3 = t1 >= 1 ? d : point(at: t1)
            return .cubic(p0, cubicBlossom(t0, t0, t1), cubicBlossom(t0, t1, t1), p3)
        }
    }

    private func quadBlossom(_ s: CGFloat, _ t: CGFloat) -> CGPoint {
        // f(s, t) = (1-s)(1-t) a + ((1-s)t + s(1-t)) b + s t d
        let w0 = (1 - s) * (1 - t), w1 = (1 - s) * t + s * (1 - t), w2 = s * t
        return CGPoint(x: a.x * w0 + b.x * w1 + d.x * w2, y: a.y * w0 + b.y * w1 + d.y * w2)
    }

    private func cubicBlossom(_ r: CGFloat, _ s: CGFloat, _ t: CGFloat) -> CGPoint {
        let (ur, us, ut) = (1 - r, 1 - s, 1 - t)
        let w0 = ur * us * ut
        let w1 = r * us * ut + ur * s * ut + ur * us * t
        let w2 = r * s * ut + r * us * t + ur * s * t
        let w3 = r * s * t
        return CGPoint(
            x: a.x * w0 + b.x * w1 + c.x * w2 + d.x * w3,
            y: a.y * w0 + b.y * w1 + c.y * w2 + d.y * w3)
    }

    /// The parameters in (0, 1) where x or y has a local extremum.
    func extremaParameters() -> [CGFloat] {
        var ts: [CGFloat] = []
        switch kind {
        case .line:
            break
        case .quad:
            for (p0, p1, p2) in [(a.x, b.x, d.x), (a.y, b.y, d.y)] {
                let den = p0 - 2 * p1 + p2
                if den != 0 {
                    let t = (p0 - p1) / den
                    if t > 0 && t < 1 { ts.append(t) }
                }
            }
        case .cubic:
            for (p0, p1, p2, p3) in [(a.x, b.x, c.x, d.x), (a.y, b.y, c.y, d.y)] {
                // B'(t)/3 = A t² + B t + C
                let qa = -p0 + 3 * p1 - 3 * p2 + p3
                let qb = 2 * (p0 - 2 * p1 + p2)
                let qc = p1 - p0
                for t in quadraticRoots(qa, qb, qc) where t > 0 && t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// The parameters in (0, 1) where y has a local extremum, in order.
    func yExtremaParameters() -> [CGFloat] {
        switch kind {
        case .line:
            return []
        case .quad:
            let den = a.y - 2 * b.y + d.y
            guard den != 0 else { return [] }
            let t = (a.y - b.y) / den
            return t > 0 && t < 1 ? [t] : []
        case .cubic:
            let qa = -a.y + 3 * b.y - 3 * c.y + d.y, qb = 2 * (a.y - 2 * b.y + c.y), qc = b.y - a.y
            return quadraticRoots(qa, qb, qc).filter { $0 > 0 && $0 < 1 }.sorted()
        }
    }

    /// Appends the points after `a` of the chords Skia would cut `device` (this segment in
    /// device pixels) into: split where y turns, then 2^`skiaStepShift()` equal steps per
    /// piece. The points are this segment's, at the same parameters.
    func appendSkiaSteps(measuredIn device: PathSegment, into out: inout [CGPoint]) {
        var ts = device.yExtremaParameters()
        ts.append(1)
        var t0: CGFloat = 0
        for t1 in ts where t1 > t0 {
            let n = 1 << device.subsegment(from: t0, to: t1).skiaStepShift()
            for i in 1..<n { out.append(point(at: t0 + (t1 - t0) * CGFloat(i) / CGFloat(n))) }
            out.append(t1 == 1 ? d : point(at: t1))
            t0 = t1
        }
    }

    /// log2 of the number of equal steps Skia cuts this (y-monotonic) curve into for
    /// analytic anti-aliasing: its estimate of the curve's distance from the chord, in
    /// 1/256 pixel (fixed point, as Skia computes it), each step quartering it, at most 6.
    /// Lines take 0.
    func skiaStepShift() -> Int {
        // Skia's FDot6 coordinates at 4× accuracy: 1/256 pixel, cut toward zero.
        func fixed(_ v: CGFloat) -> Int64? {
            let s = v * 256
            return s.isFinite && abs(s) < 1e12 ? Int64(s.rounded(.towardZero)) : nil
        }
        func cheapDistance(_ dx: Int64, _ dy: Int64) -> Int64 {
            let x = abs(dx), y = abs(dy)
            return x > y ? x + (y >> 1) : y + (x >> 1)
        }
        func diffToShift(_ dx: Int64, _ dy: Int64) -> Int {
            let dist = (cheapDistance(dx, dy) + (1 << 4)) >> 5
            return (64 - UInt64(max(0, dist)).leadingZeroBitCount) >> 1
        }
        switch kind {
        case .line:
            return 0
        case .quad:
            guard let x0 = fixed(a.x), let y0 = fixed(a.y), let x1 = fixed(b.x), let y1 = fixed(b.y),
                let x2 = fixed(d.x), let y2 = fixed(d.y)
            else { return 6 }
            let shift = diffToShift((2 * x1 - x0 - x2) >> 2, (2 * y1 - y0 - y2) >> 2)
            return min(6, max(1, shift))
        case .cubic:
            guard let x0 = fixed(a.x), let y0 = fixed(a.y), let x1 = fixed(b.x), let y1 = fixed(b.y),
                let x2 = fixed(c.x), let y2 = fixed(c.y), let x3 = fixed(d.x), let y3 = fixed(d.y)
            else { return 6 }
            func deltaFromLine(_ p0: Int64, _ p1: Int64, _ p2: Int64, _ p3: Int64) -> Int64 {
                let oneThird = ((p0 * 8 - p1 * 15 + 6 * p2 + p3) * 19) >> 9
                let twoThird = ((p0 + 6 * p1 - p2 * 15 + p3 * 8) * 19) >> 9
                return max(abs(oneThird), abs(twoThird))
            }
            return min(6, diffToShift(deltaFromLine(x0, x1, x2, x3), deltaFromLine(y0, y1, y2, y3)) + 1)
        }
    }

    /// How many equal parameter steps keep the chords within `tolerance` of the curve.
    ///
    /// The distance between a curve and the chord over a parameter step h is at most
    /// h²/8 · max|B''|; for a quadratic |B''| = 2|a − 2b + d|, for a cubic at most 6 times the
    /// larger second difference of the control points. Capped at `limit` so that absurd input
    /// (huge coordinates, NaN) stays bounded.
    func flatteningSteps(tolerance: CGFloat, limit: Int = 1024) -> Int {
        let bound: CGFloat
        switch kind {
        case .line:
            return 1
        case .quad:
            bound = hypot(a.x - 2 * b.x + d.x, a.y - 2 * b.y + d.y) / (4 * tolerance)
        case .cubic:
            let m = max(
                hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y),
                hypot(b.x - 2 * c.x + d.x, b.y - 2 * c.y + d.y))
            bound = 3 * m / (4 * tolerance)
        }
        guard bound.isFinite else { return bound.isNaN ? 1 : limit }
        let n = bound.squareRoot().rounded(.up)
        return Int(min(CGFloat(limit), max(1, n)))
    }

    /// Appends the points after `a` of a polyline within `tolerance` of the segment.
    ///
    /// With `balanced`, the inner points are pushed off the curve, outward, by a sixth of their
    /// second difference: two thirds of the neighbouring chords' sagitta. The chords then cross
    /// the curve instead of cutting inside it, so the polygon's area matches the curve's (to
    /// second order) and its largest distance from the curve drops to about two thirds of the
    /// chords' sagitta. What a rasterizer wants; not what a caller asking for points on the
    /// curve wants.
    func flatten(tolerance: CGFloat, limit: Int = 1024, balanced: Bool = false, into out: inout [CGPoint]) {
        let n = flatteningSteps(tolerance: tolerance, limit: limit)
        if n > 1 {
            let step = 1 / CGFloat(n)
            if balanced {
                var prev = a
                var cur = point(at: step)
                for i in 1..<n {
                    let next = i + 1 == n ? d : point(at: CGFloat(i + 1) * step)
                    out.append(
                        CGPoint(
                            x: cur.x + (cur.x - (prev.x + next.x) / 2) / 6,
                            y: cur.y + (cur.y - (prev.y + next.y) / 2) / 6))
                    (prev, cur) = (cur, next)
                }
            } else {
                for i in 1..<n { out.append(point(at: CGFloat(i) * step)) }
            }
        }
        out.append(d)
    }

    /// Whether every point lies in `rect`'s outside half-plane on one side (so the curve cannot
    /// enter `rect`).
    func isEntirelyOutside(_ rect: CGRect) -> Bool {
        max(a.x, b.x, c.x, d.x) < rect.minX || min(a.x, b.x, c.x, d.x) > rect.maxX
            || max(a.y, b.y, c.y, d.y) < rect.minY || min(a.y, b.y, c.y, d.y) > rect.maxY
    }
}

/// Real roots of `a t² + b t + c = 0` (of `b t + c` when `a` is about zero).
func quadraticRoots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0, scale.isFinite else { return [] }
    if abs(a) <= scale * 1e-12 {
        return b != 0 ? [-c / b] : []
    }
    let disc = b * b - 4 * a * c
    if disc < 0 { return [] }
    // The numerically stable pair: q = -(b + sign(b)√disc)/2, roots q/a and c/q.
    let q = -(b + (b < 0 ? -1 : 1) * disc.squareRoot()) / 2
    var roots = [q / a]
    if q != 0 { roots.append(c / q) }
    return roots
}
