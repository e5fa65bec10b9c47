import Foundation

/// Turns flattened subpaths into the outline of their stroke: a set of polygons whose union,
/// filled with the non-zero rule, is the stroked area.
///
/// Rather than tracing one outline around each subpath (which folds over itself on the inner
/// side of tight curves and needs care to fill right), the stroke is built from simple pieces,
/// all wound the same way (clockwise on a y-down screen), so that non-zero filling is their
/// union: a rectangle per segment, a wedge on the outer side of each joint (miter, bevel or
/// pie), and caps at open ends. This is SVG's definition of a stroke taken literally. Joints
/// inside a flattened curve always get a round wedge (the true offset of a curve is smooth);
/// the chosen join applies at the ends of path elements.
struct PathStroker {
    var halfWidth: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// Largest distance allowed between a round cap or join and its polygon.
    var tolerance: CGFloat

    private(set) var polygons: [[CGPoint]] = []

    init(lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
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

    private mutating func stroke(_ sub: FlatSubpath) {
        // Drop repeated points (zero-length segments have no direction); a dropped point's
        // corner flag passes to the one kept.
        var pts: [CGPoint] = []
        var corners: [Bool] = []
        pts.reserveCapacity(sub.points.count)
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
        let segmentCount = sub.isClosed ? n : n - 1
        var dirs: [CGPoint] = []
        dirs.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let p = pts[i], q = pts[(i + 1) % n]
            let dx = q.x - p.x, dy = q.y - p.y
            let len = hypot(dx, dy)
            dirs.append(len > 0 && len.isFinite ? CGPoint(x: dx / len, y: dy / len) : CGPoint(x: 1, y: 0))
            let nx = -dirs[i].y * halfWidth, ny = dirs[i].x * halfWidth
            add([CGPoint(x: p.x + nx, y: p.y + ny), CGPoint(x: q.x + nx, y: q.y + ny),
                 CGPoint(x: q.x - nx, y: q.y - ny), CGPoint(x: p.x - nx, y: p.y - ny)])
        }
        let joints = sub.isClosed ? 0..<n : 1..<(n - 1)
        for i in joints {
            let incoming = dirs[(i - 1 + segmentCount) % segmentCount]
            joint(at: pts[i], incoming: incoming, outgoing: dirs[i], style: corners[i] ? join : .round)
        }
        if !sub.isClosed {
            let d0 = dirs[0], d1 = dirs[segmentCount - 1]
            capEnd(at: pts[0], outward: CGPoint(x: -d0.x, y: -d0.y))
            capEnd(at: pts[n - 1], outward: d1)
        }
    }

    /// The wedge on the outer side of a joint between two segments.
    private mutating func joint(at v: CGPoint, incoming din: CGPoint, outgoing dout: CGPoint, style: CGLineJoin) {
        let cross = din.x * dout.y - din.y * dout.x
        let dot = din.x * dout.x + din.y * dout.y
        let h = halfWidth
        if abs(cross) <= 1e-12 {
            // Straight on: nothing to fill. Doubling back: only a round join shows.
            if dot < 0 && style == .round { halfDisc(at: v, outward: din) }
            return
        }
        let s: CGFloat = cross > 0 ? -1 : 1
        let a = CGPoint(x: v.x - s * din.y * h, y: v.y + s * din.x * h)
        let b = CGPoint(x: v.x - s * dout.y * h, y: v.y + s * dout.x * h)
        switch style {
        case .bevel:
            add([v, a, b])
        case .miter:
            // Miter length over line width is 1 / sin(φ/2), φ the angle between the segments,
            // that is 1 / cos(turn/2), with cos(turn/2) = √((1 + dot)/2).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 0 && 1 / cosHalf <= miterLimit {
                // The offset lines meet at v + s·h·(n_in + n_out)/(1 + n_in·n_out).
                let k = s * h / (1 + dot)
                let tip = CGPoint(x: v.x + k * (-din.y - dout.y), y: v.y + k * (din.x + dout.x))
                add([v, a, tip, b])
            } else {
                add([v, a, b])
            }
        case .round:
            let a0 = atan2(a.y - v.y, a.x - v.x)
            let sweep = atan2(cross, dot)  // the turn, signed; the wedge turns the same way
            var poly = [v, a]
            appendArc(around: v, from: a0, sweep: sweep, into: &poly)
            poly.append(b)
            add(poly)
        }
    }

    /// The cap at an open end, `outward` pointing away from the line.
    private mutating func capEnd(at p: CGPoint, outward u: CGPoint) {
        let h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            let nx = -u.y * h, ny = u.x * h
            add([CGPoint(x: p.x + nx, y: p.y + ny), CGPoint(x: p.x + nx + u.x * h, y: p.y + ny + u.y * h),
                 CGPoint(x: p.x - nx + u.x * h, y: p.y - ny + u.y * h), CGPoint(x: p.x - nx, y: p.y - ny)])
        case .round:
            halfDisc(at: p, outward: u)
        }
    }

    /// A zero-length subpath: a disc or an axis-aligned square under those caps, else nothing.
    private mutating func dot(at p: CGPoint) {
        let h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            add([CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                 CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)])
        case .round:
            var poly = [CGPoint(x: p.x + h, y: p.y)]
            appendArc(around: p, from: 0, sweep: 2 * .pi, into: &poly)
            add(poly)
        }
    }

    private mutating func halfDisc(at p: CGPoint, outward u: CGPoint) {
        let h = halfWidth
        let start = CGPoint(x: p.x - u.y * h, y: p.y + u.x * h)
        var poly = [start]
        appendArc(around: p, from: atan2(u.x, -u.y), sweep: -.pi, into: &poly)
        poly.append(CGPoint(x: p.x + u.y * h, y: p.y - u.x * h))
        add(poly)
    }

    /// Appends the inner points of an arc of radius `halfWidth` around `c` (its end points
    /// are the caller's), as many as keep the chords within `tolerance` of the circle.
    private func appendArc(around c: CGPoint, from a0: CGFloat, sweep: CGFloat, into poly: inout [CGPoint]) {
        let h = halfWidth
        let maxStep = tolerance < h ? 2 * acos(1 - tolerance / h) : CGFloat.pi / 2
        let steps = Int(min(1024, max(1, (abs(sweep) / min(maxStep, .pi / 2)).rounded(.up))))
        guard steps > 1 else { return }
        let step = sweep / CGFloat(steps)
        for k in 1..<steps {
            let a = a0 + CGFloat(k) * step
            poly.append(CGPoint(x: c.x + h * cos(a), y: c.y + h * sin(a)))
        }
    }

    /// Adds a polygon wound clockwise on a y-down screen (positive shoelace area); drops it
    /// when it has no area.
    private mutating func add(_ poly: [CGPoint]) {
        var area: CGFloat = 0
        var prev = poly[poly.count - 1]
        for p in poly {
            area += prev.x * p.y - p.x * prev.y
            prev = p
        }
        if area > 0 {
            polygons.append(poly)
        } else if area < 0 {
            polygons.append(poly.reversed())
        }
    }
}
