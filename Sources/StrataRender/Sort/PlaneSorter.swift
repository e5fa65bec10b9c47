import Foundation
import Strata

/// Orders the planes of a 3D context back to front with a BSP tree, splitting
/// planes that cross, so intersecting layers render right (Core Animation
/// itself only sorts).
///
/// Geometry lives in the context's space after the perspective divide, where
/// the viewer looks down −z from infinity (the context is flattened
/// orthographically into its superlayer). Each plane's outline is first clipped
/// to w > 0 so that parts behind the eye never invert. A piece of a split plane
/// carries the cuts that made it as half-planes in the plane's own local
/// coordinates (`a·u + b·v + e ≥ 0`), which become hard clips on its items.
package enum PlaneSorter {
    /// One plane to sort.
    package struct Input: Sendable {
        /// The plane's local (bounds) space → the context's space.
        package var toContext: CATransform3D
        /// The part of the plane that draws, in local units.
        package var rect: CGRect

        package init(toContext: CATransform3D, rect: CGRect) {
            self.toContext = toContext
            self.rect = rect
        }
    }

    /// A half-plane `a·u + b·v + e ≥ 0` in a plane's local coordinates.
    ///
    /// The piece drawn after its splitter gets an anti-aliased cut (its edge
    /// is visible against the splitter); the piece drawn before gets a hard cut
    /// half a pixel wide of the line, which the splitter then covers, so the
    /// two halves never both fade at the cut.
    package struct Cut: Hashable, Sendable {
        package var a: Double, b: Double, e: Double
        package var antialiased: Bool
    }

    /// A plane, or a piece of one, in drawing order.
    package struct Fragment: Hashable, Sendable {
        /// Index of the input plane.
        package var plane: Int
        /// The cuts that made the piece (empty for a whole plane).
        package var cuts: [Cut]
    }

    struct Vec3 {
        var x: Double, y: Double, z: Double
        static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
        func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }
    }

    struct Polygon {
        var plane: Int
        var points: [Vec3]
        var normal: Vec3
        var d: Double
        var cuts: [Cut]
    }

    /// The most planes sorted with a BSP tree; beyond, planes sort by depth alone.
    package static let maximumPlanes = 512

    /// The fragments of `planes` from back to front; planes wholly behind the eye
    /// or seen edge-on are left out.
    package static func backToFront(_ planes: [Input]) -> [Fragment] {
        var polygons: [Polygon] = []
        for (i, p) in planes.enumerated() {
            guard let poly = polygon(p, index: i) else { continue }
            polygons.append(poly)
        }
        if polygons.count > maximumPlanes {
            // Too many for a tree: sort by the centroid's depth.
            func depth(_ p: Polygon) -> Double { p.points.reduce(0) { $0 + $1.z } / Double(p.points.count) }
            return polygons.enumerated()
                .sorted { (depth($0.element), $0.offset) < (depth($1.element), $1.offset) }
                .map { Fragment(plane: $0.element.plane, cuts: []) }
        }
        var out: [Fragment] = []
        emit(polygons, planes: planes, into: &out)
        return out
    }

    /// The plane's rect clipped to w > ε and divided, with its plane equation.
    static func polygon(_ p: Input, index: Int) -> Polygon? {
        let r = p.rect
        guard r.width > 0, r.height > 0, p.toContext.isFinite else { return nil }
        var h: [(x: Double, y: Double, z: Double, w: Double)] = []
        for (u, v) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            let q = p.toContext.apply(x: u, y: v, z: 0)
            h.append((Double(q.x), Double(q.y), Double(q.z), Double(q.w)))
        }
        // Sutherland–Hodgman against w = ε in homogeneous space.
        let eps = 1e-6
        var clipped: [(x: Double, y: Double, z: Double, w: Double)] = []
        for i in h.indices {
            let a = h[i], b = h[(i + 1) % h.count]
            if a.w > eps { clipped.append(a) }
            if (a.w > eps) != (b.w > eps) {
                let t = (eps - a.w) / (b.w - a.w)
                clipped.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, eps))
            }
        }
        guard clipped.count >= 3 else { return nil }
        let points = clipped.map { Vec3(x: $0.x / $0.w, y: $0.y / $0.w, z: $0.z / $0.w) }
        // Newell's method: a robust normal for any planar polygon.
        var n = Vec3(x: 0, y: 0, z: 0)
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
        }
        let length = (n.dot(n)).squareRoot()
        guard length > 1e-12, length.isFinite else { return nil }
        n = Vec3(x: n.x / length, y: n.y / length, z: n.z / length)
        let centroid = points.reduce(Vec3(x: 0, y: 0, z: 0)) { Vec3(x: $0.x + $1.x, y: $0.y + $1.y, z: $0.z + $1.z) }
        let c = Vec3(
            x: centroid.x / Double(points.count), y: centroid.y / Double(points.count),
            z: centroid.z / Double(points.count))
        return Polygon(plane: index, points: points, normal: n, d: -n.dot(c), cuts: [])
    }

    /// Distances closer than this to a splitting plane count as on it (context units).
    static let onPlane = 1e-4

    /// Builds the tree over `polygons` and appends its pieces back to front.
    static func emit(_ polygons: [Polygon], planes: [Input], into out: inout [Fragment]) {
        guard let splitter = polygons.first else { return }
        var front: [Polygon] = [], back: [Polygon] = [], coplanar = [splitter]
        for p in polygons.dropFirst() {
            let s = p.points.map { splitter.normal.dot($0) + splitter.d }
            let maxS = s.max()!, minS = s.min()!
            if maxS <= onPlane && minS >= -onPlane {
                coplanar.append(p)
            } else if minS >= -onPlane {
                front.append(p)
            } else if maxS <= onPlane {
                back.append(p)
            } else {
                let (f, b) = split(
                    p, by: splitter, distances: s, toContext: planes[p.plane].toContext,
                    frontDrawnLater: splitter.normal.z >= 0)
                if let f { front.append(f) }
                if let b { back.append(b) }
            }
        }
        // The viewer is at +z: draw the side away from it first.
        let viewerInFront = splitter.normal.z >= 0
        emit(viewerInFront ? back : front, planes: planes, into: &out)
        out.append(contentsOf: coplanar.map { Fragment(plane: $0.plane, cuts: $0.cuts) })
        emit(viewerInFront ? front : back, planes: planes, into: &out)
    }

    /// Splits `p` along `splitter`'s plane into its front and back pieces.
    static func split(
        _ p: Polygon, by splitter: Polygon, distances s: [Double],
        toContext m: CATransform3D, frontDrawnLater: Bool
    ) -> (Polygon?, Polygon?) {
        var f: [Vec3] = [], b: [Vec3] = []
        for i in p.points.indices {
            let j = (i + 1) % p.points.count
            let a = p.points[i], c = p.points[j], sa = s[i], sc = s[j]
            if sa >= -onPlane { f.append(a) }
            if sa <= onPlane { b.append(a) }
            if (sa > onPlane && sc < -onPlane) || (sa < -onPlane && sc > onPlane) {
                let t = sa / (sa - sc)
                let x = Vec3(x: a.x + (c.x - a.x) * t, y: a.y + (c.y - a.y) * t, z: a.z + (c.z - a.z) * t)
                f.append(x)
                b.append(x)
            }
        }
        // The splitting plane in p's local coordinates: n·(x, y, z) + d·w is linear in (u, v).
        let n = splitter.normal, d = splitter.d
        let a = n.x * Double(m.m11) + n.y * Double(m.m12) + n.z * Double(m.m13) + d * Double(m.m14)
        let bb = n.x * Double(m.m21) + n.y * Double(m.m22) + n.z * Double(m.m23) + d * Double(m.m24)
        let e = n.x * Double(m.m41) + n.y * Double(m.m42) + n.z * Double(m.m43) + d * Double(m.m44)
        let k = (a * a + bb * bb).squareRoot()
        guard k > 1e-12 else { return (p, nil) }
        let cut = Cut(a: a / k, b: bb / k, e: e / k, antialiased: frontDrawnLater)
        let frontPiece =
            f.count >= 3
            ? Polygon(
                plane: p.plane, points: f, normal: p.normal, d: p.d,
                cuts: p.cuts + [cut]) : nil
        let backPiece =
            b.count >= 3
            ? Polygon(
                plane: p.plane, points: b, normal: p.normal, d: p.d,
                cuts: p.cuts + [
                    Cut(
                        a: -cut.a, b: -cut.b, e: -cut.e,
                        antialiased: !frontDrawnLater)
                ]) : nil
        return (frontPiece, backPiece)
    }
}
