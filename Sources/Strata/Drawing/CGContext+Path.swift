import Foundation

extension CGContext {
    /// Empties the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: userToPixel) }

    /// A line from the current point to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: userToPixel) }

    /// Lines through `points`: a move to the first, then lines to the rest.
    public func addLines(between points: [CGPoint]) {
        currentPath.addLines(between: points, transform: userToPixel)
    }

    /// A cubic Bézier from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: userToPixel)
    }

    /// A quadratic Bézier from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: userToPixel)
    }

    /// A circular arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`:
    /// `clockwise` has Core Graphics' y-up meaning in user space).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise, transform: userToPixel)
    }

    /// A line toward `tangent1End` and an arc tangent to it and to the line on to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(
            tangent1End: tangent1End, tangent2End: tangent2End, radius: radius,
            transform: userToPixel)
    }

    /// An arc sweeping `delta` radians from `startAngle`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) {
        currentPath.addRelativeArc(
            center: center, radius: radius, startAngle: startAngle, delta: delta,
            transform: userToPixel)
    }

    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: userToPixel) }

    /// A closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: userToPixel) }

    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: userToPixel) }

    /// `path` (in user space) added to the current path.
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: userToPixel) }

    /// Closes the current subpath with a line back to its start.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point of the path, in user space (`.zero` when there is none).
    public var currentPointOfPath: CGPoint {
        guard let p = currentPath.currentPointIfAny, let back = pixelToUser else { return .zero }
        return p.applying(back)
    }

    /// The bounding box of the current path in user space (`.null` when empty).
    public var boundingBoxOfPath: CGRect { path?.boundingBoxOfPath ?? .null }

    /// A copy of the current path in user space, or nil when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty, let back = pixelToUser else { return nil }
        let user = CGMutablePath()
        user.addPath(currentPath, transform: back)
        return user
    }

    /// Replaces the current path with the outline of its stroke under the current line settings.
    public func replacePathWithStrokedPath() {
        guard let user = path else { return }
        var outline = user.copy(
            strokingWithWidth: effectiveLineWidth, lineCap: state.lineCap,
            lineJoin: state.lineJoin, miterLimit: state.miterLimit)
        if !state.dashLengths.isEmpty {
            outline = user.copy(dashingWithPhase: state.dashPhase, lengths: state.dashLengths)
                .copy(
                    strokingWithWidth: effectiveLineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
                    miterLimit: state.miterLimit)
        }
        currentPath = CGMutablePath()
        currentPath.addPath(outline, transform: userToPixel)
    }

    /// Whether `point` (user space) is inside the current path filled or stroked by `mode`.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard let user = path else { return false }
        let filled = mode != .stroke
        let rule: CGPathFillRule = mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .winding
        if filled && user.contains(point, using: rule) { return true }
        guard mode != .fill && mode != .eoFill else { return false }
        return user.copy(
            strokingWithWidth: effectiveLineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
            miterLimit: state.miterLimit
        ).contains(point)
    }

    /// Pixels (rows from the top) → user space; nil while the CTM is singular.
    var pixelToUser: CGAffineTransform? {
        let t = userToPixel
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        return t.inverted()
    }

    /// The line width strokes use: a width of 0 is one pixel.
    var effectiveLineWidth: CGFloat {
        if state.lineWidth > 0 { return state.lineWidth }
        let scale = userToPixel.largestScale
        return scale > 0 ? 1 / scale : 1
    }
}
