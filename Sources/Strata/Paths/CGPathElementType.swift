import Foundation

#if !canImport(CoreGraphics)
    /// The kind of a `CGPathElement`, as in Core Graphics.
    public enum CGPathElementType: Int32, Hashable, Sendable {
        /// Starts a subpath at `points[0]`.
        case moveToPoint = 0
        /// A line to `points[0]`.
        case addLineToPoint = 1
        /// A quadratic Bézier with control `points[0]` to `points[1]`.
        case addQuadCurveToPoint = 2
        /// A cubic Bézier with controls `points[0]`, `points[1]` to `points[2]`.
        case addCurveToPoint = 3
        /// Closes the subpath; no points.
        case closeSubpath = 4
    }
#endif
