import Foundation
import Strata

/// A subpath as Lottie holds a shape: vertices, each with an in and an out
/// control point (absolute, equal to the vertex where the side is straight).
/// The modifiers below work on vertices, as lottie-web's do, so a path is
/// read back into this form first.
struct LottieContour: Equatable {
    var vertices: [CGPoint] = []
    var ins: [CGPoint] = []
    var outs: [CGPoint] = []
    var closed = false

    mutating func append(_ v: CGPoint, in i: CGPoint? = nil, out o: CGPoint? = nil) {
        vertices.append(v)
        ins.append(i ?? v)
        outs.append(o ?? v)
    }

    /// The contours of `path`, one per subpath. A closed subpath whose last
    /// point returns to its first (a curve or line back to the start) has that
    /// point folded into the first, so a rectangle has 4 vertices and an
    /// ellipse 4, as in the file.
    static func contours(of path: CGPath) -> [LottieContour] {
        var result: [LottieContour] = []
        var current = LottieContour()
        // Where a side drawn after a close starts: the closed subpath's first point.
        var start = CGPoint.zero
        func flush() {
            if !current.vertices.isEmpty { result.append(current) }
            current = LottieContour()
        }
        func begin() { if current.vertices.isEmpty { current.append(start) } }
        for e in path.elements {
            switch e {
            case .moveTo(let p):
                flush()
                start = p
                current.append(p)
            case .lineTo(let p):
                begin()
                current.append(p)
            case .quadCurveTo(let c, let p):
                begin()
                let last = current.vertices[current.vertices.count - 1]
                current.outs[current.outs.count - 1] = CGPoint(
                    x: last.x + (c.x - last.x) * 2 / 3,
                    y: last.y + (c.y - last.y) * 2 / 3)
                current.append(p, in: CGPoint(x: p.x + (c.x - p.x) * 2 / 3, y: p.y + (c.y - p.y) * 2 / 3))
            case .curveTo(let c1, let c2, let p):
                begin()
                current.outs[current.outs.count - 1] = c1
                current.append(p, in: c2)
            case .closeSubpath:
                guard !current.vertices.isEmpty else { continue }
                current.closed = true
                let n = current.vertices.count
                if n > 1, Self.same(current.vertices[n - 1], current.vertices[0]) {
                    current.ins[0] = current.ins[n - 1]
                    current.vertices.removeLast()
                    current.ins.removeLast()
                    current.outs.removeLast()
                }
                flush()
            }
        }
        flush()
        return result
    }

    /// Whether two points are one vertex (a star's last point comes back to its first only to rounding).
    static func same(_ a: CGPoint, _ b: CGPoint) -> Bool {
        let tolerance = 1e-6 * max(1, abs(Double(a.x)), abs(Double(a.y)))
        return abs(Double(a.x - b.x)) <= tolerance && abs(Double(a.y - b.y)) <= tolerance
    }

    /// The side from vertex `a` to vertex `b` as a cubic's four points. A
    /// control point on its vertex moves to a third of the way along (as
    /// lottie-web linearizes), so a straight side runs at an even pace and
    /// points at even parameter steps sit at even distances.
    func side(_ a: Int, _ b: Int) -> LottieCubic {
        let p0 = vertices[a], p3 = vertices[b]
        func along(_ t: CGFloat) -> CGPoint { CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
        return LottieCubic(
            p0: p0, p1: outs[a] == p0 ? along(1 / 3) : outs[a], p2: ins[b] == p3 ? along(2 / 3) : ins[b], p3: p3)
    }

    /// Appends the contour to `path`: straight sides as lines, the rest as curves.
    func add(to path: CGMutablePath) {
        guard let first = vertices.first else { return }
        path.move(to: first)
        func span(_ a: Int, _ b: Int) {
            if outs[a] == vertices[a] && ins[b] == vertices[b] {
                path.addLine(to: vertices[b])
            } else {
                path.addCurve(to: vertices[b], control1: outs[a], control2: ins[b])
            }
        }
        for k in vertices.indices.dropFirst() { span(k - 1, k) }
        if closed {
            if vertices.count > 1 { span(vertices.count - 1, 0) }
            path.closeSubpath()
        }
    }
}

/// A cubic Bézier segment, evaluated by its parameter.
struct LottieCubic {
    let p0, p1, p2, p3: CGPoint

    func point(_ t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    func derivative(_ t: Double) -> CGPoint {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return CGPoint(
            x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
            y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }
}

extension LottieGeometry {
    /// `pb`: each subpath's vertices moved `amount` percent of the way to its
    /// centre (the mean of its vertices), and its control points as far the
    /// other way (lottie-web's PuckerAndBloatModifier). A positive amount
    /// pulls the corners in and bows the sides out (bloat); a negative one
    /// pushes the corners out and the sides in (pucker).
    static func puckerBloat(_ path: CGPath, amount: Double) -> CGPath {
        guard amount != 0 else { return path }
        let f = amount / 100
        let out = CGMutablePath()
        for var c in LottieContour.contours(of: path) {
            let n = Double(c.vertices.count)
            let center = CGPoint(
                x: c.vertices.reduce(0) { $0 + Double($1.x) } / n,
                y: c.vertices.reduce(0) { $0 + Double($1.y) } / n)
            func moved(_ p: CGPoint, _ k: Double) -> CGPoint {
                CGPoint(x: p.x + (center.x - p.x) * k, y: p.y + (center.y - p.y) * k)
            }
            c.vertices = c.vertices.map { moved($0, f) }
            c.ins = c.ins.map { moved($0, -f) }
            c.outs = c.outs.map { moved($0, -f) }
            c.add(to: out)
        }
        return out
    }

    /// `zz`: each side of each subpath made into `ridges` (rounded) points
    /// standing `size` off it, alternately to either side, with the vertices
    /// pushed off too (lottie-web's ZigZagModifier): the points sit at even
    /// parameter steps along each side, off along its normal there, and a
    /// vertex goes off along the normal of the line from its neighbours.
    /// Smooth points (`pt` 2) get tangents along the path a quarter of the
    /// step between points long; corner points none.
    static func zigZag(_ path: CGPath, size: Double, ridges rawRidges: Double, smooth: Bool) -> CGPath {
        guard size != 0 else { return path }
        let ridges = Int(min(max(rawRidges, 0), Double(LottieLimits.maximumZigZagRidges)).rounded())
        let out = CGMutablePath()
        for c in LottieContour.contours(of: path) {
            let n = c.vertices.count
            let count = c.closed ? n : n - 1
            guard count > 0 else { continue }
            // At most LottieLimits.maximumZigZagPoints points a subpath (modifiers in a row multiply).
            let ridges = min(ridges, max(0, LottieLimits.maximumZigZagPoints / count - 1))
            var result = LottieContour()
            result.closed = c.closed
            // A point `size` off `p` to the side `direction` says, `tangent` (any length) along the path there.
            func add(_ p: CGPoint, tangent: CGPoint, direction: Double, outLength: Double, inLength: Double) {
                let length = hypot(Double(tangent.x), Double(tangent.y))
                // lottie-web's angle of a zero vector is 0: a tangent straight down.
                let ux = length > 0 ? Double(tangent.x) / length : 0, uy = length > 0 ? Double(tangent.y) / length : 1
                let v = CGPoint(x: Double(p.x) + uy * direction * size, y: Double(p.y) - ux * direction * size)
                guard smooth else { result.append(v); return }
                result.append(
                    v, in: CGPoint(x: Double(v.x) - ux * inLength, y: Double(v.y) - uy * inLength),
                    out: CGPoint(x: Double(v.x) + ux * outLength, y: Double(v.y) + uy * outLength))
            }
            func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(Double(a.x - b.x), Double(a.y - b.y)) }
            let parts = Double((ridges + 1) * 2)
            func corner(_ k: Int, direction: Double) {
                let prev = c.vertices[k == 0 ? n - 1 : k - 1], next = c.vertices[(k + 1) % n], p = c.vertices[k % n]
                add(
                    p, tangent: CGPoint(x: next.x - prev.x, y: next.y - prev.y), direction: direction,
                    outLength: distance(p, next) / parts, inLength: distance(p, prev) / parts)
            }
            var direction = -1.0
            corner(0, direction: direction)
            for k in 0..<count {
                let side = c.side(k, (k + 1) % n)
                let chord = distance(side.p0, side.p3) / parts
                direction = -direction
                for i in 0..<ridges {
                    let t = Double(i + 1) / Double(ridges + 1)
                    add(
                        side.point(t), tangent: side.derivative(t), direction: direction, outLength: chord,
                        inLength: chord)
                    direction = -direction
                }
                corner(k + 1, direction: direction)
            }
            result.add(to: out)
        }
        return out
    }
}

extension LottieGeometry {
    /// `op`: each subpath moved `amount` out along its normals (in where
    /// negative; out is away from the inside whichever way the subpath runs),
    /// as ThorVG offsets paths: a straight side moves as a line, and where two
    /// moved lines meet they are cut at their crossing (an inner corner) or
    /// joined by `lineJoin` (1 miter up to `miterLimit` times the amount, else
    /// bevelled; 2 round; 3 bevel); a curve is split until its control polygon
    /// follows it closely, and each piece's control polygon is moved and its
    /// sides crossed again for the new control points.
    static func offset(_ path: CGPath, by amount: Double, lineJoin: Int, miterLimit: Double) -> CGPath {
        guard amount != 0 else { return path }
        let out = CGMutablePath()
        for c in LottieContour.contours(of: path) {
            LottieOffsetter(
                contour: c, amount: amount, lineJoin: lineJoin,
                miterLimit: miterLimit
            ).add(to: out)
        }
        return out
    }
}

/// One subpath's offset outline (see ``LottieGeometry/offset(_:by:lineJoin:miterLimit:)``).
struct LottieOffsetter {
    /// A straight side moved along its normal.
    struct Line {
        var a, b: CGPoint
        var normal: CGPoint
    }

    /// A side of the subpath, moved.
    enum Piece {
        case line(Line)
        case curves([LottieCubic])
    }

    let contour: LottieContour
    /// How far along ``normal(_:_:)``: the amount, its sign turned so that a positive amount moves out.
    let distance: Double
    let lineJoin: Int
    let miterLimit: Double

    init(contour: LottieContour, amount: Double, lineJoin: Int, miterLimit: Double) {
        self.contour = contour
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        // The shoelace sum of every point, control points included (as ThorVG decides): positive when the
        // subpath runs clockwise on screen (y down), whose outside is on its left-hand normal's other side.
        var pts: [CGPoint] = []
        for k in contour.vertices.indices { pts += [contour.ins[k], contour.vertices[k], contour.outs[k]] }
        var area = 0.0
        for k in pts.indices {
            let p = pts[k], q = pts[(k + 1) % pts.count]
            area += Double(p.x * q.y - q.x * p.y)
        }
        distance = area >= 0 ? -amount : amount
    }

    /// The unit normal (−dy, dx) of the direction from `p` to `q` (zero where they meet): to the
    /// left on screen, y down.
    static func normal(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
        let dx = Double(q.x - p.x), dy = Double(q.y - p.y), length = hypot(dx, dy)
        guard length > 0 else { return .zero }
        return CGPoint(x: -dy / length, y: dx / length)
    }

    func moved(_ p: CGPoint, _ q: CGPoint) -> Line {
        let n = Self.normal(p, q)
        let d = CGPoint(x: n.x * distance, y: n.y * distance)
        return Line(a: CGPoint(x: p.x + d.x, y: p.y + d.y), b: CGPoint(x: q.x + d.x, y: q.y + d.y), normal: n)
    }

    /// Where lines `l` and `m` cross, and whether it is within both (to a little either side); nil when parallel.
    static func crossing(_ l: Line, _ m: Line) -> (CGPoint, inside: Bool)? {
        if LottieContour.same(l.b, m.a) { return (l.b, true) }
        let rx = Double(l.b.x - l.a.x), ry = Double(l.b.y - l.a.y), sx = Double(m.b.x - m.a.x),
            sy = Double(m.b.y - m.a.y)
        let denominator = rx * sy - ry * sx
        guard abs(denominator) > 1e-9 * max(1, hypot(rx, ry) * hypot(sx, sy)) else { return nil }
        let qx = Double(m.a.x - l.a.x), qy = Double(m.a.y - l.a.y)
        let t = (qx * sy - qy * sx) / denominator, u = (qx * ry - qy * rx) / denominator
        let epsilon = 1e-3
        let point = CGPoint(x: Double(l.a.x) + t * rx, y: Double(l.a.y) + t * ry)
        return (point, t >= -epsilon && t <= 1 + epsilon && u >= -epsilon && u <= 1 + epsilon)
    }

    /// The sides, moved: straight ones (control points on their vertices, or a curve whose control
    /// point sits on its end, read as straight) as lines, the rest as moved cubics. Sides of no length drop out.
    var pieces: [Piece] {
        let n = contour.vertices.count
        let sides = contour.closed ? n : n - 1
        var result: [Piece] = []
        for k in 0..<max(sides, 0) {
            let a = k, b = (k + 1) % n
            let p0 = contour.vertices[a], p1 = contour.outs[a], p2 = contour.ins[b], p3 = contour.vertices[b]
            if p0 == p1 || p2 == p3 {
                if p0 != p3 { result.append(.line(moved(p0, p3))) }
            } else {
                result.append(.curves(movedCurve(LottieCubic(p0: p0, p1: p1, p2: p2, p3: p3))))
            }
        }
        return result
    }

    /// A curve, split in halves until each piece's control polygon is within (1 + 1 / |amount|) of its
    /// length, each piece moved by its control polygon.
    func movedCurve(_ curve: LottieCubic) -> [LottieCubic] {
        let threshold = 1 + 1 / abs(distance)
        var result: [LottieCubic] = []
        func visit(_ c: LottieCubic, depth: Int) {
            func d(_ p: CGPoint, _ q: CGPoint) -> Double { hypot(Double(q.x - p.x), Double(q.y - p.y)) }
            let polygon = d(c.p0, c.p1) + d(c.p1, c.p2) + d(c.p2, c.p3)
            var length = 0.0
            var last = c.p0
            for i in 1...16 {
                let p = c.point(Double(i) / 16)
                length += d(last, p)
                last = p
            }
            if depth < 10 && polygon > threshold * length {
                let (first, second) = c.split(at: 0.5)
                visit(first, depth: depth + 1)
                visit(second, depth: depth + 1)
                return
            }
            let l1 = moved(c.p0, c.p1), l2 = moved(c.p1, c.p2), l3 = moved(c.p2, c.p3)
            let c1 = Self.crossing(l1, l2)?.0 ?? l1.b, c2 = Self.crossing(l2, l3)?.0 ?? l3.a
            result.append(LottieCubic(p0: l1.a, p1: c1, p2: c2, p3: l3.b))
        }
        visit(curve, depth: 0)
        return result
    }

    /// Appends the moved subpath to `path`.
    func add(to path: CGMutablePath) {
        let pieces = self.pieces
        guard let first = pieces.first else { return }
        var elements: [CGPath.Element]
        switch first {
        case .line(let l): elements = [.moveTo(l.a)]
        case .curves(let cs): elements = [.moveTo(cs[0].p0)]
        }
        for (k, piece) in pieces.enumerated() {
            switch piece {
            case .curves(let cs):
                for c in cs { elements.append(.curveTo(control1: c.p1, control2: c.p2, to: c.p3)) }
            case .line(let l):
                let wraps = k == pieces.count - 1
                let next: Piece? = wraps ? (contour.closed ? pieces[0] : nil) : pieces[k + 1]
                guard case .line(let m)? = next, let (x, inside) = Self.crossing(l, m) else {
                    elements.append(.lineTo(l.b))
                    continue
                }
                if inside {
                    // An inner corner: the moved sides cut each other short.
                    if wraps { elements[0] = .moveTo(x) }
                    elements.append(.lineTo(x))
                    continue
                }
                elements.append(.lineTo(l.b))
                switch lineJoin {
                case 2:
                    elements.append(
                        .curveTo(
                            control1: CGPoint(x: (l.b.x + x.x) / 2, y: (l.b.y + x.y) / 2),
                            control2: CGPoint(x: (m.a.x + x.x) / 2, y: (m.a.y + x.y) / 2), to: m.a))
                case 3:
                    elements.append(.lineTo(m.a))
                default:
                    let sx = Double(l.normal.x + m.normal.x), sy = Double(l.normal.y + m.normal.y)
                    let length = hypot(sx, sy)
                    let cosine = length > 0 ? abs((sx * Double(l.normal.x) + sy * Double(l.normal.y)) / length) : 0
                    elements.append(.lineTo(miterLimit * cosine >= 1 ? x : m.a))
                }
            }
        }
        if contour.closed { elements.append(.closeSubpath) }
        path.addPath(CGPath(elements: elements))
    }
}

extension LottieCubic {
    /// The two halves of the curve at `t` (de Casteljau).
    func split(at t: Double) -> (LottieCubic, LottieCubic) {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        let a = mix(p0, p1), b = mix(p1, p2), c = mix(p2, p3)
        let d = mix(a, b), e = mix(b, c), f = mix(d, e)
        return (LottieCubic(p0: p0, p1: a, p2: d, p3: f), LottieCubic(p0: f, p1: e, p2: c, p3: p3))
    }
}

extension LottieGeometry {
    /// `tw`: each point turned clockwise about `center` by an angle in
    /// proportion to its distance from it: none at the centre, `angle`
    /// degrees at the vertex farthest from it (so the twist keeps its look
    /// whatever the shape's size). No reference player draws twist (ThorVG
    /// and rlottie leave it out, lottie-web has no such modifier), so the
    /// angle's scale is ours.
    ///
    /// A turn that varies from point to point bends straight sides, so each
    /// side is cut into pieces short enough that the twist changes by at most
    /// ``twistStep`` along one, and each piece's ends are turned and its
    /// control points carried by the twist's derivative there: the pieces
    /// meet with the tangents the twisted outline has.
    static func twist(_ path: CGPath, angle: Double, center: CGPoint) -> CGPath {
        guard angle != 0, angle.isFinite else { return path }
        let contours = LottieContour.contours(of: path)
        var reach = 0.0
        for c in contours {
            for v in c.vertices { reach = max(reach, hypot(Double(v.x - center.x), Double(v.y - center.y))) }
        }
        guard reach > 0, reach.isFinite else { return path }
        let twist = LottieTwister(center: center, radiansPerUnit: angle * .pi / 180 / reach)
        let out = CGMutablePath()
        for c in contours { twist.add(c, to: out) }
        return out
    }

    /// The most the twist's angle changes along one piece of a side (radians).
    static let twistStep = Double.pi / 16
}
