import Foundation

/// The cubic Bézier of a `CAMediaTimingFunction` as a plain value: its
/// control points, the polynomial coefficients of x(s) and y(s), and the
/// evaluation (see `CAMediaTimingFunction` for the method and precision).
struct TimingCurve {
    let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    // Polynomial coefficients of x(s) and y(s) = ((a s + b) s + c) s.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        let (p1x, p1y, p2x, p2y) = (Double(c1x), Double(c1y), Double(c2x), Double(c2y))
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
    }

    /// The progress at time fraction `x` (clamped to 0...1).
    func evaluate(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return x }  // control points on the diagonal: the identity
        let s = solveCurveX(x)
        return ((ay * s + by) * s + cy) * s
    }

    /// The curve parameter s in 0...1 with x(s) = x.
    private func solveCurveX(_ x: Double) -> Double {
        let epsilon = 1e-7
        // Newton's method from s = x; converges fast where the slope is steep enough.
        var s = x
        for _ in 0..<8 {
            let err = ((ax * s + bx) * s + cx) * s - x
            if abs(err) < epsilon { return s }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            if abs(slope) < 1e-6 { break }
            s -= err / slope
        }
        // Bisection: x(s) is monotonic on 0...1 for control x in 0...1.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = ((ax * s + bx) * s + cx) * s
            if abs(value - x) < epsilon { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
