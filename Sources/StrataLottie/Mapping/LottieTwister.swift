import Foundation
import Strata

/// The twist of ``LottieGeometry/twist(_:angle:center:)``: a point at distance
/// r from the centre turns by r × `radiansPerUnit`.
struct LottieTwister {
    let center: CGPoint
    let radiansPerUnit: Double

    /// `p` turned.
    func point(_ p: CGPoint) -> CGPoint {
        let dx = Double(p.x - center.x), dy = Double(p.y - center.y)
        let a = hypot(dx, dy) * radiansPerUnit
        let c = cos(a), s = sin(a)
        return CGPoint(x: Double(center.x) + dx * c - dy * s, y: Double(center.y) + dx * s + dy * c)
    }

    /// The direction `h` at `p`, carried by the twist's derivative: the turn
    /// of `p`, plus the sideways push that the change of angle with distance adds.
    func vector(_ h: CGPoint, at p: CGPoint) -> CGPoint {
        let dx = Double(p.x - center.x), dy = Double(p.y - center.y), r = hypot(dx, dy)
        let a = r * radiansPerUnit
        // How fast the angle grows along h (the push vanishes at the centre, where r is 0).
        let growth = r > 0 ? radiansPerUnit * (dx * Double(h.x) + dy * Double(h.y)) / r : 0
        let vx = Double(h.x) - growth * dy, vy = Double(h.y) + growth * dx
        let c = cos(a), s = sin(a)
        return CGPoint(x: vx * c - vy * s, y: vx * s + vy * c)
    }

    /// Appends the twisted contour to `path`.
    func add(_ contour: LottieContour, to path: CGMutablePath) {
        let v = contour.vertices
        guard let first = v.first else { return }
        path.move(to: point(first))
        let n = v.count
        let sides = contour.closed ? n : n - 1
        for k in 0..<max(sides, 0) {
            let a = k, b = (k + 1) % n
            // A straight side at an even pace (control points at its thirds); a curve as it is.
            let straight = contour.outs[a] == v[a] && contour.ins[b] == v[b]
            let side =
                straight
                ? contour.side(a, b) : LottieCubic(p0: v[a], p1: contour.outs[a], p2: contour.ins[b], p3: v[b])
            let polygon =
                hypot(Double(side.p1.x - side.p0.x), Double(side.p1.y - side.p0.y))
                + hypot(Double(side.p2.x - side.p1.x), Double(side.p2.y - side.p1.y))
                + hypot(Double(side.p3.x - side.p2.x), Double(side.p3.y - side.p2.y))
            let sweep = abs(radiansPerUnit) * polygon / LottieGeometry.twistStep
            let pieces = sweep.isFinite ? min(64, max(1, Int(sweep.rounded(.up)))) : 1
            for i in 0..<pieces {
                let t0 = Double(i) / Double(pieces), t1 = Double(i + 1) / Double(pieces)
                let p0 = side.point(t0), p3 = side.point(t1)
                // The piece's handles: a third of its parameter span along the derivative.
                let span = (t1 - t0) / 3
                let d0 = side.derivative(t0), d1 = side.derivative(t1)
                let q0 = point(p0), q3 = point(p3)
                let h0 = vector(CGPoint(x: d0.x * span, y: d0.y * span), at: p0)
                let h1 = vector(CGPoint(x: d1.x * span, y: d1.y * span), at: p3)
                path.addCurve(
                    to: q3, control1: CGPoint(x: q0.x + h0.x, y: q0.y + h0.y),
                    control2: CGPoint(x: q3.x - h1.x, y: q3.y - h1.y))
            }
        }
        if contour.closed { path.closeSubpath() }
    }
}
