import Foundation

/// A set operation on the filled regions of two paths, worked on their flattened outlines
/// (what `CGPath.union(_:using:)` and its siblings run).
///
/// How it works:
/// 1. Both paths are flattened into closed polygons (open subpaths are closed, as filling
///    closes them); every side is an edge of its operand.
/// 2. Edges are cut where they cross or touch one another (an x-sorted sweep finds the
///    pairs), so no edge crosses another inside itself. Points are snapped to a grid of
///    ``quantum`` so that cuts made on two edges meet at one vertex, and edges lying on
///    one another become the same edge (kept once).
/// 3. Each cut edge is classified by the winding numbers of both operands just beside its
///    midpoint, on either side (under the fill rule): where the operation's result is
///    inside on one side and outside on the other, the edge bounds the result, and it is
///    turned so that the result lies on its left.
/// 4. The kept edges are chained into closed polygons. Every vertex then has as many kept
///    edges in as out, so any chaining gives winding number 1 inside the result and 0
///    outside: the result fills the same with either rule.
struct PathBoolean {
    /// Which points the result covers, from whether each operand covers them.
    enum Operation {
        case union, intersection, subtraction, symmetricDifference

        func keeps(_ a: Bool, _ b: Bool) -> Bool {
            switch self {
            case .union: return a || b
            case .intersection: return a && b
            case .subtraction: return a && !b
            case .symmetricDifference: return a != b
            }
        }
    }

    /// Most edges (both operands' flattened sides) worked on: edge pairs are tested in
    /// O(n²) at worst, so past this the operation gives up (the caller falls back).
    static let maximumEdges = 12_000
    /// Most cuts made in edges: many more crossings than edges means pathological input.
    static let maximumCuts = 200_000

    /// A side of an operand's polygon.
    struct Edge {
        var a: CGPoint
        var b: CGPoint
        let operand: Int
    }

    private var edges: [Edge] = []
    /// The size of the snapping grid (a tiny fraction of the inputs' extent).
    private let quantum: Double
    private let origin: CGPoint

    /// The result of `operation` on `first` and `second`, each filled by `rule`; nil when
    /// the inputs are past ``maximumEdges`` or ``maximumCuts``.
    static func run(
        _ first: CGPath, _ second: CGPath, _ operation: Operation,
        rule: CGPathFillRule
    ) -> CGPath? {
        let box = first.boundingBoxOfPath.union(second.boundingBoxOfPath)
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            return CGPath()
        }
        let extent = max(Double(box.width), Double(box.height), 1e-9)
        // Fine enough not to show at the scale the paths are drawn at (a tenth of a unit), finer
        // for tiny paths that a transform will blow up.
        let tolerance = CGFloat(min(0.1, extent / 2000))
        // The snapping grid is far finer than the sample offset in `result`, so a point sampled beside an edge
        // never lands on an edge snapped onto it.
        var boolean = PathBoolean(quantum: extent * 0x1p-26, origin: box.origin)
        for (k, path) in [first, second].enumerated() {
            for polygon in path.flattened(tolerance: tolerance) {
                boolean.addPolygon(polygon, operand: k)
                guard boolean.edges.count <= maximumEdges else { return nil }
            }
        }
        return boolean.result(operation, rule: rule, extent: extent)
    }

    private init(quantum: Double, origin: CGPoint) {
        self.quantum = quantum
        self.origin = origin
    }

    private mutating func addPolygon(_ points: [CGPoint], operand: Int) {
        guard points.count > 1, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count]
            if a != b { edges.append(Edge(a: a, b: b, operand: operand)) }
        }
    }

    // MARK: Cutting

    /// A cut in an edge: where along it (0...1) and the point (shared by both edges of a crossing).
    private struct Cut {
        let t: Double
        let point: CGPoint
    }

    /// Every edge's cuts, or nil past ``maximumCuts``.
    private func cuts() -> [[Cut]]? {
        var cuts = [[Cut]](repeating: [], count: edges.count)
        var total = 0
        let order = edges.indices.sorted { min(edges[$0].a.x, edges[$0].b.x) < min(edges[$1].a.x, edges[$1].b.x) }
        let q = quantum
        for (k, i) in order.enumerated() {
            let e = edges[i]
            let right = Double(max(e.a.x, e.b.x)) + q
            let top = Double(max(e.a.y, e.b.y)) + q, bottom = Double(min(e.a.y, e.b.y)) - q
            var m = k + 1
            while m < order.count {
                let j = order[m]
                m += 1
                let f = edges[j]
                if Double(min(f.a.x, f.b.x)) > right { break }
                if Double(min(f.a.y, f.b.y)) > top || Double(max(f.a.y, f.b.y)) < bottom { continue }
                total += cut(i, j, into: &cuts)
                if total > Self.maximumCuts { return nil }
            }
        }
        return cuts
    }

    /// Cuts edges `i` and `j` where they cross, and each where an end of the other lies on it.
    /// Returns how many cuts were made.
    private func cut(_ i: Int, _ j: Int, into cuts: inout [[Cut]]) -> Int {
        let e = edges[i], f = edges[j]
        var made = 0
        /// Cuts `edge` at `p` when `p` lies on it (within the grid), away from its ends.
        func touch(_ edge: Int, _ s: Edge, _ p: CGPoint) {
            let dx = Double(s.b.x - s.a.x), dy = Double(s.b.y - s.a.y)
            let length2 = dx * dx + dy * dy
            let t = (Double(p.x - s.a.x) * dx + Double(p.y - s.a.y) * dy) / length2
            let length = length2.squareRoot()
            guard t * length > quantum, (1 - t) * length > quantum else { return }
            let cross = abs(Double(p.x - s.a.x) * dy - Double(p.y - s.a.y) * dx) / length
            guard cross <= quantum else { return }
            cuts[edge].append(Cut(t: t, point: p))
            made += 1
        }
        touch(i, e, f.a)
        touch(i, e, f.b)
        touch(j, f, e.a)
        touch(j, f, e.b)
        // A crossing inside both.
        let rx = Double(e.b.x - e.a.x), ry = Double(e.b.y - e.a.y)
        let sx = Double(f.b.x - f.a.x), sy = Double(f.b.y - f.a.y)
        let denominator = rx * sy - ry * sx
        let lr = (rx * rx + ry * ry).squareRoot(), ls = (sx * sx + sy * sy).squareRoot()
        guard abs(denominator) > 1e-12 * lr * ls else { return made }
        let qx = Double(f.a.x - e.a.x), qy = Double(f.a.y - e.a.y)
        let t = (qx * sy - qy * sx) / denominator, u = (qx * ry - qy * rx) / denominator
        guard t * lr > quantum, (1 - t) * lr > quantum, u * ls > quantum, (1 - u) * ls > quantum else { return made }
        let p = CGPoint(x: Double(e.a.x) + t * rx, y: Double(e.a.y) + t * ry)
        cuts[i].append(Cut(t: t, point: p))
        cuts[j].append(Cut(t: u, point: p))
        return made + 2
    }

    // MARK: Classifying and chaining

    private struct Key: Hashable {
        let x: Int64
        let y: Int64
    }

    private func result(_ operation: Operation, rule: CGPathFillRule, extent: Double) -> CGPath? {
        guard let cuts = cuts() else { return nil }
        // Vertices, snapped.
        var ids: [Key: Int] = [:]
        var vertices: [CGPoint] = []
        func vertex(_ p: CGPoint) -> Int {
            let key = Key(
                x: Int64((Double(p.x - origin.x) / quantum).rounded()),
                y: Int64((Double(p.y - origin.y) / quantum).rounded()))
            if let id = ids[key] { return id }
            ids[key] = vertices.count
            vertices.append(p)
            return vertices.count - 1
        }
        // Cut edges, each once whichever way round and whichever operand it came from.
        var seen = Set<Int64>()
        var pieces: [(Int, Int)] = []
        for (i, e) in edges.enumerated() {
            var chain = [vertex(e.a)]
            for c in cuts[i].sorted(by: { $0.t < $1.t }) { chain.append(vertex(c.point)) }
            chain.append(vertex(e.b))
            for k in chain.indices.dropLast() {
                let u = chain[k], v = chain[k + 1]
                guard u != v else { continue }
                let key = Int64(min(u, v)) << 32 | Int64(max(u, v))
                if seen.insert(key).inserted { pieces.append((u, v)) }
            }
        }
        let windings = [WindingBands(edges.filter { $0.operand == 0 }), WindingBands(edges.filter { $0.operand == 1 })]
        func inside(_ p: CGPoint) -> Bool {
            let covered = windings.map { bands -> Bool in
                let w = bands.winding(at: p)
                return rule == .evenOdd ? w & 1 != 0 : w != 0
            }
            return operation.keeps(covered[0], covered[1])
        }
        // Kept edges, the result on their left (taking y up).
        var outgoing = [[Int]](repeating: [], count: vertices.count)
        var kept: [(Int, Int)] = []
        let offset = extent * 1e-6
        for (u, v) in pieces {
            let a = vertices[u], b = vertices[v]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y), length = (dx * dx + dy * dy).squareRoot()
            let d = min(offset, length / 4)
            let nx = -dy / length * d, ny = dx / length * d
            let mx = Double(a.x + b.x) / 2, my = Double(a.y + b.y) / 2
            let left = inside(CGPoint(x: mx + nx, y: my + ny)), right = inside(CGPoint(x: mx - nx, y: my - ny))
            guard left != right else { continue }
            let edge = left ? (u, v) : (v, u)
            outgoing[edge.0].append(kept.count)
            kept.append(edge)
        }
        // Chained.
        var used = [Bool](repeating: false, count: kept.count)
        var next = [Int](repeating: 0, count: vertices.count)
        let out = CGMutablePath()
        for start in kept.indices where !used[start] {
            var polygon: [CGPoint] = [vertices[kept[start].0]]
            var current = start
            while true {
                used[current] = true
                let v = kept[current].1
                polygon.append(vertices[v])
                var found: Int?
                while next[v] < outgoing[v].count {
                    let candidate = outgoing[v][next[v]]
                    next[v] += 1
                    if !used[candidate] { found = candidate; break }
                }
                guard let n = found else { break }
                current = n
            }
            if polygon.count > 1, polygon.first == polygon.last { polygon.removeLast() }
            let simple = Self.withoutStraightVertices(polygon, tolerance: quantum)
            guard simple.count > 2 else { continue }
            out.addLines(between: simple)
            out.closeSubpath()
        }
        return out
    }

    /// `polygon` (closed) without the vertices that lie on the line between their neighbours
    /// (cuts in straight sides).
    static func withoutStraightVertices(_ polygon: [CGPoint], tolerance: Double) -> [CGPoint] {
        var points = polygon
        var changed = true
        while changed && points.count > 2 {
            changed = false
            var out: [CGPoint] = []
            out.reserveCapacity(points.count)
            for k in points.indices {
                let p = out.last ?? points[(k + points.count - 1) % points.count], c = points[k],
                    n = points[(k + 1) % points.count]
                let ax = Double(c.x - p.x), ay = Double(c.y - p.y), bx = Double(n.x - c.x), by = Double(n.y - c.y)
                let length = ((bx + ax) * (bx + ax) + (by + ay) * (by + ay)).squareRoot()
                let straight = abs(ax * by - ay * bx) <= tolerance * max(length, 1e-300) && ax * bx + ay * by > 0
                if straight || c == p { changed = true } else { out.append(c) }
            }
            points = out
        }
        return points
    }
}
