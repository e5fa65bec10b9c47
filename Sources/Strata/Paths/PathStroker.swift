import Foundation

/// Turns flattened subpaths into the outline of their stroke: polygons whose union, filled
/// with the non-zero rule, is the stroked area.
///
/// SVG defines a stroke as the union of simple pieces: a rectangle along each segment, a
/// wedge on the outer side of each joint (miter, bevel or pie) and caps at open ends. Each
/// subpath's outline here is exactly the sum of those pieces, traced as one ribbon (two loops
/// for a closed subpath) so that a curve costs two edges per flattened segment instead of a
/// dozen overlapping ones:
/// - the outer side of a joint gets the join's points;
/// - the inner side gets the point where the two inner edges meet when that point lies on
///   both segments, and otherwise a detour through the joint itself (a "pivot", as Skia's
///   stroker does). The detour makes the ribbon the plain sum of the pieces, all wound the
///   same way, so tight curves and thick lines still fill right with the non-zero rule.
/// Joints inside a flattened curve get a round join whatever the style (the true offset of a
/// curve is smooth); one that turns too little to matter within the tolerance gets a single
/// outer point. The chosen join applies at the ends of path elements.
struct PathStroker {
    var halfWidth: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// Largest distance allowed between a round cap or join and its polygon.
    var tolerance: CGFloat

    /// The outline: each subpath's loops wind clockwise on a y-down screen in total (a ring's
    /// inner loop alone winds the other way), so every point's winding number is the number
    /// of pieces covering it, never negative.
    private(set) var polygons: [[CGPoint]] = []

    /// When set, round caps and joins are cut into the chords Skia would draw at this many
    /// device pixels per unit (see `skiaArcOffsets`), instead of by `tolerance`.
    var skiaScale: CGFloat?

    init(
        lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
        skiaScale: CGFloat? = nil
    ) {
        self.skiaScale = skiaScale
        halfWidth = lineWidth / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit.isNaN ? 10 : miterLimit
        self.tolerance = tolerance
    }

    /// Adds the stroke of each subpath.
    mutating func stroke(_ subpaths: [FlatSubpath]) {
        guard halfWidth > 0, halfWidth.isFinite else { return }
        for s in subpaths where s.isDrawn { stroke(s) }
    }

    /// The two sides of a ribbon, both built in the path's direction: `right` along −n and
    /// `left` along +n, where n = (−d.y, d.x) is the segment's normal.
    private struct Sides {
        var right: [CGPoint] = []
        var left: [CGPoint] = []
    }

    private mutating func stroke(_ sub: FlatSubpath) {
        // Drop repeated points (zero-length segments have no direction); a dropped point's
        // corner flag passes to the one kept.
        var pts: [CGPoint] = []
        var corners: [Bool] = []
        pts.reserveCapacity(sub.points.count)
        corners.reserveCapacity(sub.points.count)
        for (p, c) in zip(sub.points, sub.corners) {
            guard p.x.isFinite, p.y.isFinite else { return }
            if let last = pts.last, last == p {
                corners[corners.count - 1] = corners[corners.count - 1] || c
                continue
            }
            pts.append(p)
            corners.append(c)
        }
        if sub.isClosed && pts.count > 1 && pts.last == pts.first {
            pts.removeLast()
            corners.removeLast()
            corners[0] = true
        }
        guard let first = pts.first else { return }
        if pts.count == 1 {
            dot(at: first)
            return
        }

        let n = pts.count
        let closed = sub.isClosed && n > 2
        let segmentCount = closed ? n : n - 1
        var dirs: [CGPoint] = []
        var lengths: [CGFloat] = []
        dirs.reserveCapacity(segmentCount)
        lengths.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let p = pts[i], q = pts[(i + 1) % n]
            let len = hypot(q.x - p.x, q.y - p.y)
            let ok = len > 0 && len.isFinite
            dirs.append(ok ? CGPoint(x: (q.x - p.x) / len, y: (q.y - p.y) / len) : CGPoint(x: 1, y: 0))
            lengths.append(ok ? len : 0)
        }
        let h = halfWidth
        var sides = Sides()
        sides.right.reserveCapacity(2 * n)
        sides.left.reserveCapacity(2 * n)
        if closed {
            for i in 0..<n {
                let a = (i - 1 + n) % n
                joint(
                    at: pts[i], incoming: dirs[a], outgoing: dirs[i], lengths: (lengths[a], lengths[i]),
                    style: corners[i] ? join : .round, into: &sides)
            }
            add([sides.right, sides.left.reversed()])
            return
        }
        let d0 = dirs[0]
        sides.right.append(CGPoint(x: pts[0].x + d0.y * h, y: pts[0].y - d0.x * h))
        sides.left.append(CGPoint(x: pts[0].x - d0.y * h, y: pts[0].y + d0.x * h))
        if n > 2 {
            for i in 1..<(n - 1) {
                joint(
                    at: pts[i], incoming: dirs[i - 1], outgoing: dirs[i], lengths: (lengths[i - 1], lengths[i]),
                    style: corners[i] ? join : .round, into: &sides)
            }
        }
        let d1 = dirs[segmentCount - 1], end = pts[n - 1]
        sides.right.append(CGPoint(x: end.x + d1.y * h, y: end.y - d1.x * h))
        sides.left.append(CGPoint(x: end.x - d1.y * h, y: end.y + d1.x * h))
        var poly = sides.right
        appendCap(at: end, outward: d1, into: &poly)
        poly.append(contentsOf: sides.left.reversed())
        appendCap(at: pts[0], outward: CGPoint(x: -d0.x, y: -d0.y), into: &poly)
        add([poly])
    }

    /// Adds a joint's points to both sides: the join on the outer side, the inner corner (or
    /// a pivot through the joint) on the inner side.
    private func joint(
        at v: CGPoint, incoming din: CGPoint, outgoing dout: CGPoint,
        lengths: (CGFloat, CGFloat), style: CGLineJoin, into sides: inout Sides
    ) {
        let h = halfWidth
        let cross = din.x * dout.y - din.y * dout.x
        let dot = din.x * dout.x + din.y * dout.y
        // Offsets of the incoming segment's end and the outgoing one's start, +n side.
        let a = CGPoint(x: v.x - din.y * h, y: v.y + din.x * h)
        let b = CGPoint(x: v.x - dout.y * h, y: v.y + dout.x * h)
        let aR = CGPoint(x: 2 * v.x - a.x, y: 2 * v.y - a.y), bR = CGPoint(x: 2 * v.x - b.x, y: 2 * v.y - b.y)
        if abs(cross) <= 1e-12 && dot > 0 {
            sides.left.append(a)
            sides.right.append(aR)
            return
        }
        // The outer side is away from the turn: +n (left) when the path turns toward −n.
        let leftIsOuter = cross <= 0
        var outer: [CGPoint] = []
        let (oa, ob) = leftIsOuter ? (a, b) : (aR, bR)
        let s: CGFloat = leftIsOuter ? 1 : -1
        // Where the outer (and, mirrored, the inner) offset lines meet: v ± h(n_in + n_out)/(1 + dot).
        let k = dot > -1 ? h / (1 + dot) : .infinity
        let miter = CGPoint(x: v.x + s * k * (-din.y - dout.y), y: v.y + s * k * (din.x + dout.x))
        switch style {
        case .bevel:
            outer = [oa, ob]
        case .miter:
            // Miter length over line width is 1 / sin(φ/2), φ the angle between the segments,
            // that is 1 / cos(turn/2), with cos(turn/2) = √((1 + dot)/2).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            outer = cosHalf > 0 && 1 / cosHalf <= miterLimit ? [oa, miter, ob] : [oa, ob]
        case .round:
            let sweep = atan2(cross, dot)  // the turn, signed; the outer arc turns the same way
            // A turn so small that the miter point strays less than the tolerance: one point.
            if dot > 0 && k.isFinite && (k * hypot(din.y + dout.y, din.x + dout.x) - h) <= tolerance {
                outer = [miter]
            } else {
                outer = [oa]
                appendArc(
                    around: v, from: atan2(oa.y - v.y, oa.x - v.x), sweep: sweep, into: &outer,
                    likeSkia: style == join)
                outer.append(ob)
            }
        }
        // The inner corner lies h·tan(turn/2) back along each segment; it is usable when that
        // stays within half of each (so the neighbouring joints cannot overlap it).
        let back = dot > -1 ? h * abs(cross) / (1 + dot) : .infinity
        let inner: [CGPoint]
        if back <= lengths.0 / 2 && back <= lengths.1 / 2 {
            inner = [CGPoint(x: 2 * v.x - miter.x, y: 2 * v.y - miter.y)]
        } else {
            inner = leftIsOuter ? [aR, v, bR] : [a, v, b]
        }
        if leftIsOuter {
            sides.left.append(contentsOf: outer)
            sides.right.append(contentsOf: inner)
        } else {
            sides.right.append(contentsOf: outer)
            sides.left.append(contentsOf: inner)
        }
    }

    /// The points of the cap at an open end, from the −n side around to the +n side of a
    /// line leaving along `u`.
    private func appendCap(at p: CGPoint, outward u: CGPoint, into poly: inout [CGPoint]) {
        let h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            // rot90(u) = (−u.y, u.x); the end's corners pushed out by h along u.
            poly.append(CGPoint(x: p.x + u.y * h + u.x * h, y: p.y - u.x * h + u.y * h))
            poly.append(CGPoint(x: p.x - u.y * h + u.x * h, y: p.y + u.x * h + u.y * h))
        case .round:
            appendArc(around: p, from: atan2(u.y, u.x) - .pi / 2, sweep: .pi, into: &poly)
        }
    }

    /// A zero-length subpath: a disc or an axis-aligned square under those caps, else nothing.
    private mutating func dot(at p: CGPoint) {
        let h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            add([
                [
                    CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                    CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h),
                ]
            ])
        case .round:
            var poly = [CGPoint(x: p.x + h, y: p.y)]
            appendArc(around: p, from: 0, sweep: 2 * .pi, into: &poly)
            add([poly])
        }
    }

    /// Appends the inner points of an arc of radius `halfWidth` around `c` (its end points
    /// are the caller's), as many as keep the chords within `tolerance` of the circle, or
    /// (with `skiaScale`, for caps and chosen joins) as many as Skia draws.
    private func appendArc(
        around c: CGPoint, from a0: CGFloat, sweep: CGFloat, into poly: inout [CGPoint],
        likeSkia: Bool = true
    ) {
        let h = halfWidth
        if likeSkia, let scale = skiaScale {
            for f in Self.skiaArcOffsets(radius: h * scale, sweep: abs(sweep)) {
                let a = a0 + (sweep < 0 ? -f : f)
                poly.append(CGPoint(x: c.x + h * cos(a), y: c.y + h * sin(a)))
            }
            return
        }
        let maxStep = tolerance < h ? 2 * acos(1 - tolerance / h) : CGFloat.pi / 2
        let steps = Int(min(1024, max(1, (abs(sweep) / min(maxStep, .pi / 2)).rounded(.up))))
        guard steps > 1 else { return }
        let step = sweep / CGFloat(steps)
        for k in 1..<steps {
            let a = a0 + CGFloat(k) * step
            poly.append(CGPoint(x: c.x + h * cos(a), y: c.y + h * sin(a)))
        }
    }

    /// The angles (from the start, excluding both ends) of the chords Skia draws for a round
    /// cap or join: the arc as conics of at most 90° from its start, each conic cut into 2^k
    /// quadratics by Skia's conic error estimate (tolerance 1/4 pixel), each quadratic into
    /// 2^j chords by its analytic anti-aliasing estimate (see `PathSegment.skiaStepShift`),
    /// taken at equal angles. `radius` is in device pixels.
    static func skiaArcOffsets(radius r: CGFloat, sweep: CGFloat) -> [CGFloat] {
        guard r > 0, r.isFinite, sweep > 0, sweep.isFinite else { return [] }
        var offsets: [CGFloat] = []
        var start: CGFloat = 0
        while start < sweep - 1e-9 {
            let theta = min(.pi / 2, sweep - start)
            // The conic's weight and its distance from a quadratic (SkConic::computeQuadPOW2).
            let w = cos(theta / 2), a = w - 1, k = a / (4 * (2 + a))
            let ddx = (1 - 2 + cos(theta)) * r, ddy = (-2 * tan(theta / 2) + sin(theta)) * r
            var error = abs(k) * hypot(ddx, ddy)
            var pow2 = 0
            while pow2 < 5 && error > 0.25 {
                error *= 0.25
                pow2 += 1
            }
            let quads = 1 << pow2, step = theta / CGFloat(quads)
            for j in 0..<quads {
                let q0 = start + CGFloat(j) * step
                // The quadratic over this step, placed as it is on the circle.
                let m = q0 + step / 2, cr = r / cos(step / 2)
                let quad = PathSegment.quad(
                    CGPoint(x: r * cos(q0), y: r * sin(q0)),
                    CGPoint(x: cr * cos(m), y: cr * sin(m)),
                    CGPoint(x: r * cos(q0 + step), y: r * sin(q0 + step)))
                let n = 1 << quad.skiaStepShift()
                for i in 1..<n { offsets.append(q0 + step * CGFloat(i) / CGFloat(n)) }
                if q0 + step < sweep - 1e-9 { offsets.append(q0 + step) }
            }
            start += theta
        }
        return offsets
    }

    /// Adds one piece of outline (one loop, or a closed subpath's outer and inner loop),
    /// turned if needed so that its total winding is positive (clockwise on a y-down screen).
    /// The construction already makes it so; this guards rounding in degenerate cases. The
    /// loops of a ring turn together: one alone may well wind the other way.
    private mutating func add(_ loops: [[CGPoint]]) {
        var area: CGFloat = 0
        for poly in loops where poly.count > 2 {
            var prev = poly[poly.count - 1]
            for p in poly {
                area += prev.x * p.y - p.x * prev.y
                prev = p
            }
        }
        guard area != 0, area.isFinite else { return }
        for poly in loops where poly.count > 2 {
            polygons.append(area > 0 ? poly : poly.reversed())
        }
    }
}
