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
    /// The curve itself, a plain value (an animation's per-frame path copies it).
    let curve: TimingCurve
    private var c1x: Float { curve.c1x }
    private var c1y: Float { curve.c1y }
    private var c2x: Float { curve.c2x }
    private var c2y: Float { curve.c2y }

    /// The curve with control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = TimingCurve(c1x, c1y, c2x, c2y)
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
    public func evaluate(_ x: Double) -> Double { curve.evaluate(x) }

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
