import Foundation

/// Where on the emitter shape a particle starts, from three numbers in [0, 1).
///
/// Shapes are centred on the emitter position: `line` is `emitterSize.width`
/// long along x; `rectangle` is `emitterSize`; `cuboid` adds `emitterDepth`
/// along z; `circle` (in the layer's plane) and `sphere` have radius
/// `emitterSize.width`. `outline` starts particles on the edges (a circle's
/// circumference, a sphere's equator, a cuboid's twelve edges), `surface` on
/// the area (a cuboid's faces, a sphere's surface), `volume` and `points`
/// anywhere inside.
enum EmitterShapeSampler {
    static func point(
        _ layer: EmitterLayerValues, center c: (Double, Double, Double),
        _ u0: Double, _ u1: Double, _ u2: Double
    ) -> Vector3 {
        let w = abs(Double(layer.emitterSize.width)), h = abs(Double(layer.emitterSize.height))
        let d = abs(Double(layer.emitterDepth))
        let mode = layer.emitterMode
        var o = Vector3(0, 0, 0)
        switch layer.emitterShape {
        case .line:
            o = Vector3(w * (u0 - 0.5), 0, 0)
        case .rectangle:
            o = mode == .outline ? perimeter(w, h, u0) : Vector3(w * (u0 - 0.5), h * (u1 - 0.5), 0)
        case .cuboid:
            switch mode {
            case .outline: o = edges(w, h, d, u0, u1)
            case .surface: o = faces(w, h, d, u0, u1, u2)
            default: o = Vector3(w * (u0 - 0.5), h * (u1 - 0.5), d * (u2 - 0.5))
            }
        case .circle:
            let angle = 2 * Double.pi * u0
            let r = mode == .outline ? w : w * u1.squareRoot()
            o = Vector3(r * cos(angle), r * sin(angle), 0)
        case .sphere:
            let angle = 2 * Double.pi * u0
            if mode == .outline {
                o = Vector3(w * cos(angle), w * sin(angle), 0)
            } else {
                // A uniform direction: z uniform in [-1, 1].
                let z = 2 * u1 - 1, ring = max(0, 1 - z * z).squareRoot()
                let r = mode == .surface ? w : w * cbrt(u2)
                o = Vector3(r * ring * cos(angle), r * ring * sin(angle), r * z)
            }
        default:
            break
        }
        return Vector3(c.0 + o.x, c.1 + o.y, c.2 + o.z)
    }

    /// A point on a centred rectangle's outline, `u` of the way round.
    static func perimeter(_ w: Double, _ h: Double, _ u: Double) -> Vector3 {
        let total = 2 * (w + h)
        guard total > 0 else { return Vector3(0, 0, 0) }
        var s = u * total
        if s < w { return Vector3(s - w / 2, -h / 2, 0) }
        s -= w
        if s < h { return Vector3(w / 2, s - h / 2, 0) }
        s -= h
        if s < w { return Vector3(w / 2 - s, h / 2, 0) }
        s -= w
        return Vector3(-w / 2, h / 2 - s, 0)
    }

    /// A point on one of a centred box's twelve edges, chosen by length.
    static func edges(_ w: Double, _ h: Double, _ d: Double, _ u0: Double, _ u1: Double) -> Vector3 {
        let total = 4 * (w + h + d)
        guard total > 0 else { return Vector3(0, 0, 0) }
        var s = u0 * total
        let corner = Int(u1 * 4)  // which of the four parallel edges
        let sx = corner & 1 == 0 ? -0.5 : 0.5, sy = corner & 2 == 0 ? -0.5 : 0.5
        if s < 4 * w {
            s = s.truncatingRemainder(dividingBy: max(w, 1e-300)); return Vector3(s - w / 2, sx * h, sy * d)
        }
        s -= 4 * w
        if s < 4 * h {
            s = s.truncatingRemainder(dividingBy: max(h, 1e-300)); return Vector3(sx * w, s - h / 2, sy * d)
        }
        s -= 4 * h
        s = s.truncatingRemainder(dividingBy: max(d, 1e-300))
        return Vector3(sx * w, sy * h, s - d / 2)
    }

    /// A point on one of a centred box's six faces, chosen by area.
    static func faces(_ w: Double, _ h: Double, _ d: Double, _ u0: Double, _ u1: Double, _ u2: Double) -> Vector3 {
        let xy = w * h, xz = w * d, yz = h * d
        let total = 2 * (xy + xz + yz)
        guard total > 0 else { return Vector3(w * (u1 - 0.5), h * (u2 - 0.5), 0) }
        let s = u0 * total
        let a = u1 - 0.5, b = u2 - 0.5
        if s < 2 * xy { return Vector3(w * a, h * b, s < xy ? -d / 2 : d / 2) }
        if s < 2 * (xy + xz) { return Vector3(w * a, s - 2 * xy < xz ? -h / 2 : h / 2, d * b) }
        return Vector3(s - 2 * (xy + xz) < yz ? -w / 2 : w / 2, h * a, d * b)
    }
}
