import Foundation

#if !canImport(CoreGraphics)
    /// Which points a path's fill covers, as in Core Graphics.
    public enum CGPathFillRule: Int, Hashable, Sendable {
        /// Non-zero winding number: a point is inside when the path winds around it at least once.
        case winding = 0
        /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
        case evenOdd = 1
    }
#endif

extension CGPathFillRule {
    /// The Core Graphics rule for a shape layer's fill rule (Strata addition).
    package init(_ rule: CAShapeLayerFillRule) {
        self = rule == .evenOdd ? .evenOdd : .winding
    }
}
