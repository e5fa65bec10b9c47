import Foundation

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant speed: (0, 0, 1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start: (0.42, 0, 1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end: (0, 0, 0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: (0.25, 0.1, 0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier from (0, 0) to (1, 1) that maps an animation's time
/// fraction to its progress, as Core Animation's `CAMediaTimingFunction`.
///
/// Evaluation solves the curve's x(s) = t for s (Newton's method, falling back
/// to bisection) to within 1e-7 and returns y(s), so results are within 1e-5
/// of the exact Bézier.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    // Immutable after init, hence @unchecked Sendable.
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    // Polynomial coefficients of x(s) and y(s) = ((a s + b) s + c) s.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The curve with control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        let (p1x, p1y, p2x, p2y) = (Double(c1x), Double(c1y), Double(c2x), Double(c2y))
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
        super.init()
    }

    /// One of the predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)  // .linear, and unknown names
        }
    }

    /// Writes control point `idx` (0...3; 0 is (0, 0) and 3 is (1, 1)) into `ptr[0]`, `ptr[1]`.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        precondition((0...3).contains(idx), "CAMediaTimingFunction.getControlPoint: index \(idx) is not in 0...3")
        let points: [(Float, Float)] = [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]
        ptr[0] = points[idx].0
        ptr[1] = points[idx].1
    }

    /// The progress at time fraction `x` (Strata's name; CA evaluates this privately).
    /// `x` outside 0...1 is clamped.
    public func evaluate(_ x: Double) -> Double {
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

    open override var description: String {
        "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))"
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CAMediaTimingFunction else { return false }
        return c1x == o.c1x && c1y == o.c1y && c2x == o.c2x && c2y == o.c2y
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y)
        return h.finalize()
    }
}
