import Foundation

/// A 3D transform split into translation, scale, skew, perspective and a
/// rotation quaternion, by CSS Transforms 2's "unmatrix" algorithm, which is
/// how transform animations interpolate.
///
/// The algorithm's matrices are CA's row-vector layout as they stand:
/// translation in `m41 m42 m43`, perspective in `m14 m24 m34`.
/// Recomposing gives the matrix back (up to rounding), which tests check.
struct DecomposedTransform: Equatable {
    var translation: (x: Double, y: Double, z: Double) = (0, 0, 0)
    var scale: (x: Double, y: Double, z: Double) = (1, 1, 1)
    /// Shear factors XY, XZ, YZ.
    var skew: (xy: Double, xz: Double, yz: Double) = (0, 0, 0)
    var perspective: (x: Double, y: Double, z: Double, w: Double) = (0, 0, 0, 1)
    /// Rotation as a unit quaternion (x, y, z, w).
    var quaternion: (x: Double, y: Double, z: Double, w: Double) = (0, 0, 0, 1)

    /// The identity's decomposition.
    init() {}

    static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.quaternion == b.quaternion
    }

    /// Decomposes `t`; nil when it cannot be (m44 = 0, or a singular upper 3×3
    /// with its perspective removed), in which case animations switch at the midpoint.
    init?(_ t: CATransform3D) {
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        let e = t.elements
        for i in 0..<4 { for j in 0..<4 { m[i][j] = Double(e[i * 4 + j]) } }
        guard m[3][3] != 0, e.allSatisfy({ $0.isFinite }) else { return nil }
        // Normalize so that m44 = 1.
        let w = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= w } }
        // The matrix without perspective, which also tests the upper 3×3 for singularity.
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        let pmT = CATransform3D(elements: pm.flatMap { $0.map { CGFloat($0) } })
        guard abs(pmT.determinant) > 1e-12 else { return nil }
        // Perspective: solve rhs = perspective × pm, i.e. perspective = rhs × pm⁻¹.
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            guard let inv = pmT.inverted() else { return nil }
            let rhs = (m[0][3], m[1][3], m[2][3], m[3][3])
            let ie = inv.elements.map { Double($0) }
            // The 4th column is pm × p (p a column), so p = pm⁻¹ × rhs.
            var p = [0.0, 0, 0, 0]
            for i in 0..<4 {
                p[i] = ie[i * 4 + 0] * rhs.0 + ie[i * 4 + 1] * rhs.1 + ie[i * 4 + 2] * rhs.2 + ie[i * 4 + 3] * rhs.3
            }
            perspective = (p[0], p[1], p[2], p[3])
        }
        translation = (m[3][0], m[3][1], m[3][2])
        // Scale and shear from the upper 3×3 rows (Gram–Schmidt).
        var row = [[m[0][0], m[0][1], m[0][2]], [m[1][0], m[1][1], m[1][2]], [m[2][0], m[2][1], m[2][2]]]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : v.map { $0 / l } }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        func cross(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        }
        var sx = length(row[0])
        row[0] = normalized(row[0])
        var xy = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -xy)
        var sy = length(row[1])
        row[1] = normalized(row[1])
        xy /= sy
        var xz = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -xz)
        var yz = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -yz)
        var sz = length(row[2])
        row[2] = normalized(row[2])
        xz /= sz
        yz /= sz
        // A coordinate-system flip: negate the scales and the rows.
        if dot(row[0], cross(row[1], row[2])) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            for i in 0..<3 { row[i] = row[i].map { -$0 } }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        quaternion = Self.quaternion(
            fromRows: (
                (row[0][0], row[0][1], row[0][2]), (row[1][0], row[1][1], row[1][2]),
                (row[2][0], row[2][1], row[2][2])
            ))
    }

    /// The unit quaternion of an orthonormal rotation given by its rows, the
    /// exact inverse of `rows(fromQuaternion:)`.
    ///
    /// Shepperd's method (divide by the largest of w, x, y, z) rather than the
    /// CSS draft's sign tests, which lose the relative signs near half turns.
    static func quaternion(fromRows r: RotationRows) -> (x: Double, y: Double, z: Double, w: Double) {
        let trace = r.r0.0 + r.r1.1 + r.r2.2
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let w = (trace + 1).squareRoot() / 2, f = 1 / (4 * w)
            q = ((r.r2.1 - r.r1.2) * f, (r.r0.2 - r.r2.0) * f, (r.r1.0 - r.r0.1) * f, w)
        } else if r.r0.0 >= r.r1.1 && r.r0.0 >= r.r2.2 {
            let x = max(1 + r.r0.0 - r.r1.1 - r.r2.2, 0).squareRoot() / 2, f = 1 / (4 * x)
            q = (x, (r.r0.1 + r.r1.0) * f, (r.r0.2 + r.r2.0) * f, (r.r2.1 - r.r1.2) * f)
        } else if r.r1.1 >= r.r2.2 {
            let y = max(1 + r.r1.1 - r.r0.0 - r.r2.2, 0).squareRoot() / 2, f = 1 / (4 * y)
            q = ((r.r0.1 + r.r1.0) * f, y, (r.r1.2 + r.r2.1) * f, (r.r0.2 - r.r2.0) * f)
        } else {
            let z = max(1 + r.r2.2 - r.r0.0 - r.r1.1, 0).squareRoot() / 2, f = 1 / (4 * z)
            q = ((r.r0.2 + r.r2.0) * f, (r.r1.2 + r.r2.1) * f, z, (r.r1.0 - r.r0.1) * f)
        }
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        return n > 0 ? (q.x / n, q.y / n, q.z / n, q.w / n) : (0, 0, 0, 1)
    }

    /// The rows of a rotation matrix, as fixed-size values (no arrays: recomposing
    /// runs every frame for every layer whose transform part animates).
    typealias RotationRows = (r0: (Double, Double, Double), r1: (Double, Double, Double), r2: (Double, Double, Double))

    /// The rotation matrix rows of a unit quaternion (the inverse of `quaternion(fromRows:)`).
    static func rows(fromQuaternion q: (x: Double, y: Double, z: Double, w: Double)) -> RotationRows {
        let (x, y, z, w) = q
        return (
            (1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
            (2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
            (2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y))
        )
    }

    /// The matrix these parts make: perspective, then translation, rotation, skew and scale.
    func recomposed() -> CATransform3D {
        // Built as the product scale × skew × rotation × translation × perspective
        // (row vectors: scale acts first), which undoes the decomposition.
        let (r0, r1, r2) = Self.rows(fromQuaternion: quaternion)
        // Upper 3×3: S × K × R, with K the unit upper-triangular shear.
        // Row 0 = sx·r0; row 1 = sy·(r1 + xy·r0); row 2 = sz·(r2 + yz·r1 + xz·r0).
        let m0 = (scale.x * r0.0, scale.x * r0.1, scale.x * r0.2)
        let m1 = (
            scale.y * (r1.0 + skew.xy * r0.0), scale.y * (r1.1 + skew.xy * r0.1),
            scale.y * (r1.2 + skew.xy * r0.2)
        )
        let m2 = (
            scale.z * (r2.0 + skew.yz * r1.0 + skew.xz * r0.0), scale.z * (r2.1 + skew.yz * r1.1 + skew.xz * r0.1),
            scale.z * (r2.2 + skew.yz * r1.2 + skew.xz * r0.2)
        )
        let t = translation
        var result = CATransform3D(
            m11: CGFloat(m0.0), m12: CGFloat(m0.1), m13: CGFloat(m0.2), m14: 0,
            m21: CGFloat(m1.0), m22: CGFloat(m1.1), m23: CGFloat(m1.2), m24: 0,
            m31: CGFloat(m2.0), m32: CGFloat(m2.1), m33: CGFloat(m2.2), m34: 0,
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: 1)
        // Perspective: the 4th column is the upper part times p (as decomposition solved).
        let p = perspective
        if p.x != 0 || p.y != 0 || p.z != 0 || p.w != 1 {
            result.m14 = CGFloat(m0.0 * p.x + m0.1 * p.y + m0.2 * p.z)
            result.m24 = CGFloat(m1.0 * p.x + m1.1 * p.y + m1.2 * p.z)
            result.m34 = CGFloat(m2.0 * p.x + m2.1 * p.y + m2.2 * p.z)
            result.m44 = CGFloat(t.x * p.x + t.y * p.y + t.z * p.z + p.w)
        }
        return result
    }

    /// The parts at `t` between `a` (t = 0) and `b` (t = 1): linear in every
    /// part but the rotation, which follows the shortest great-circle arc.
    static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var d = DecomposedTransform()
        d.translation = (
            lerp(a.translation.x, b.translation.x), lerp(a.translation.y, b.translation.y),
            lerp(a.translation.z, b.translation.z)
        )
        d.scale = (lerp(a.scale.x, b.scale.x), lerp(a.scale.y, b.scale.y), lerp(a.scale.z, b.scale.z))
        d.skew = (lerp(a.skew.xy, b.skew.xy), lerp(a.skew.xz, b.skew.xz), lerp(a.skew.yz, b.skew.yz))
        d.perspective = (
            lerp(a.perspective.x, b.perspective.x), lerp(a.perspective.y, b.perspective.y),
            lerp(a.perspective.z, b.perspective.z), lerp(a.perspective.w, b.perspective.w)
        )
        d.quaternion = slerp(a.quaternion, b.quaternion, t)
        return d
    }

    /// Spherical interpolation of unit quaternions along the shorter arc.
    static func slerp(
        _ qa: (x: Double, y: Double, z: Double, w: Double),
        _ qb: (x: Double, y: Double, z: Double, w: Double),
        _ t: Double
    ) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = qb
        var product = qa.x * b.x + qa.y * b.y + qa.z * b.z + qa.w * b.w
        if product < 0 {
            // q and −q are the same rotation; flipping one takes the short way round.
            b = (-b.x, -b.y, -b.z, -b.w)
            product = -product
        }
        product = min(product, 1)
        if product > 1 - 1e-12 { return t < 1 ? qa : b }
        let theta = acos(product)
        let sinTheta = (1 - product * product).squareRoot()
        let wa = sin((1 - t) * theta) / sinTheta
        let wb = sin(t * theta) / sinTheta
        return (qa.x * wa + b.x * wb, qa.y * wa + b.y * wb, qa.z * wa + b.z * wb, qa.w * wa + b.w * wb)
    }

    // MARK: Euler angles for the transform.rotation.x/y/z key paths

    /// The rotation as angles about x, y and z, applied in that order to a point
    /// (the matrix is `Rx × Ry × Rz` in CA's row-vector convention).
    var eulerAngles: (x: Double, y: Double, z: Double) {
        let (r0, r1, r2) = Self.rows(fromQuaternion: quaternion)
        let sinY = min(max(-r0.2, -1), 1)
        let y = asin(sinY)
        if abs(sinY) < 1 - 1e-9 {
            return (atan2(r1.2, r2.2), y, atan2(r0.1, r0.0))
        }
        // Gimbal lock: z is folded into x.
        return (atan2(-r2.1, r1.1), y, 0)
    }

    /// Sets the rotation from angles about x, y and z (see `eulerAngles`).
    mutating func setEulerAngles(x: Double, y: Double, z: Double) {
        // Rx × Ry × Rz as the product of the axes' quaternions, no matrices (an
        // animated `transform.rotation.y` sets it for every layer every frame).
        // `CATransform3DMakeRotation(θ, axis)` is the quaternion (−sin(θ/2)·axis,
        // cos(θ/2)) in `rows(fromQuaternion:)`'s convention, and the rows of
        // a ⊗ b are the rows of a times those of b.
        // An axis not turned (most: a card turns about one) costs no sine or
        // cosine: those of ±0 are ±0 and 1, sign kept, so the bytes are the same.
        @inline(__always) func half(_ angle: Double) -> (sin: Double, cos: Double) {
            angle == 0 ? (angle, 1) : (sin(angle / 2), cos(angle / 2))
        }
        let (sx, cx) = half(x), (sy, cy) = half(y), (sz, cz) = half(z)
        // qx ⊗ qy, with qx = (−sx, 0, 0, cx) and qy = (0, −sy, 0, cy).
        let a = (x: -sx * cy, y: -cx * sy, z: sx * sy, w: cx * cy)
        // ⊗ qz, with qz = (0, 0, −sz, cz).
        let q = (x: a.x * cz - a.y * sz, y: a.y * cz + a.x * sz, z: a.z * cz - a.w * sz, w: a.w * cz + a.z * sz)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        quaternion = n > 0 ? (q.x / n, q.y / n, q.z / n, q.w / n) : (0, 0, 0, 1)
    }
}

/// Interpolates transforms by decomposition, caching the decomposition of
/// endpoints that stay the same from one sample to the next (a class: an
/// evaluator keeps one, and the caches are too big to copy around).
final class TransformInterpolator {
    private var cacheA: (CATransform3D, DecomposedTransform?)?
    private var cacheB: (CATransform3D, DecomposedTransform?)?

    /// The transform at `t` between `a` and `b`; matrices that cannot be
    /// decomposed switch from `a` to `b` at t = 0.5.
    func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        if a == b { return a }
        let da: DecomposedTransform?
        if let c = cacheA, c.0 == a { da = c.1 } else { da = DecomposedTransform(a); cacheA = (a, da) }
        let db: DecomposedTransform?
        if let c = cacheB, c.0 == b { db = c.1 } else { db = DecomposedTransform(b); cacheB = (b, db) }
        guard let da, let db else { return t < 0.5 ? a : b }
        return DecomposedTransform.interpolate(da, db, t).recomposed()
    }

    /// Interpolates without a cache.
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        TransformInterpolator().interpolate(a, b, t)
    }
}
