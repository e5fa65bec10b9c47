import Foundation

/// A 3D vector of doubles, for particle motion.
struct Vector3: Equatable {
    var x: Double, y: Double, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }

    func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    func cross(_ b: Vector3) -> Vector3 { Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x) }
    var length: Double { dot(self).squareRoot() }
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The vector scaled to length 1 (nil when too short to have a direction).
    var normalized: Vector3? {
        let l = length
        guard l > 1e-12, l.isFinite else { return nil }
        return self * (1 / l)
    }

    /// Axes for emission angles measured from `direction`: the direction,
    /// then the one a quarter turn from it in the layer's plane (as y is from
    /// x), then their cross product. The layer's own axes when `direction`
    /// has none.
    static func frame(along direction: Vector3) -> (Vector3, Vector3, Vector3) {
        guard let f1 = direction.normalized else { return (Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)) }
        let f2 = Vector3(0, 0, 1).cross(f1).normalized ?? Vector3(0, 1, 0)
        return (f1, f2, f1.cross(f2))
    }

    /// The direction at `longitude` (in the plane of the frame's first two
    /// axes, from the first) and `latitude` (towards the third) in `frame`.
    static func direction(latitude: Double, longitude: Double, in frame: (Vector3, Vector3, Vector3)) -> Vector3 {
        let c = cos(latitude)
        return frame.0 * (c * cos(longitude)) + frame.1 * (c * sin(longitude)) + frame.2 * sin(latitude)
    }

    /// A direction uniformly distributed over the cone of `fullAngle` (its
    /// apex angle) around `axis`, from two numbers in [0, 1). 2π and more: any direction.
    static func inCone(around axis: Vector3, fullAngle: Double, _ u0: Double, _ u1: Double) -> Vector3 {
        let half = min(abs(fullAngle) / 2, .pi)
        guard half > 0, half.isFinite else { return axis }
        // Uniform on the spherical cap: cos θ uniform in [cos half, 1].
        let cosTheta = 1 - u0 * (1 - cos(half))
        let sinTheta = max(0, 1 - cosTheta * cosTheta).squareRoot()
        let phi = 2 * Double.pi * u1
        let (_, e1, e2) = frame(along: axis)
        return axis * cosTheta + e1 * (sinTheta * cos(phi)) + e2 * (sinTheta * sin(phi))
    }
}
