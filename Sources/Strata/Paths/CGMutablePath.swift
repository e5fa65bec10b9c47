import Foundation

#if !canImport(CoreGraphics)
    /// A path that can be built up, as in Core Graphics.
    ///
    /// Every method takes an optional `transform` that maps the new geometry before it is added,
    /// as Core Graphics' Swift methods do. Arcs are in `CGMutablePath+Arcs.swift`.
    public final class CGMutablePath: CGPath, @unchecked Sendable {
        /// Starts a new subpath at `point`.
        public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
            elements.append(.moveTo(point.applying(transform)))
        }

        /// A straight line from the current point to `point`.
        public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
            elements.append(.lineTo(point.applying(transform)))
        }

        /// A quadratic Bézier to `end`.
        public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
            elements.append(.quadCurveTo(control: control.applying(transform), to: end.applying(transform)))
        }

        /// A cubic Bézier to `end`.
        public func addCurve(
            to end: CGPoint, control1: CGPoint, control2: CGPoint,
            transform: CGAffineTransform = .identity
        ) {
            elements.append(
                .curveTo(
                    control1: control1.applying(transform),
                    control2: control2.applying(transform), to: end.applying(transform)))
        }

        /// Closes the current subpath with a straight line back to its start.
        public func closeSubpath() { elements.append(.closeSubpath) }

        /// Lines through `points`: a move to the first, then a line to each of the others.
        public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
            guard let first = points.first else { return }
            move(to: first, transform: transform)
            for p in points.dropFirst() { addLine(to: p, transform: transform) }
        }

        /// A closed rectangular subpath: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
        public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
            let r = rect.standardized
            addLines(
                between: [
                    CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                    CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
                ],
                transform: transform)
            closeSubpath()
        }

        /// One closed rectangular subpath for each rectangle.
        public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
            for r in rects { addRect(r, transform: transform) }
        }

        /// A closed ellipse inscribed in `rect`, as four cubic Béziers.
        ///
        /// It starts at (maxX, midY) and runs through (midX, maxY): angles grow, which is clockwise
        /// on iOS's y-down screen (Core Graphics calls it clockwise in its own y-up space).
        public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
            let r = rect.standardized
            let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
            // The control distance that makes a quarter circle's midpoint exact: 4/3·(√2 − 1).
            let k: CGFloat = 0.5522847498307936
            let (kx, ky) = (rx * k, ry * k)
            func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
            move(to: p(cx + rx, cy), transform: transform)
            addCurve(
                to: p(cx, cy + ry), control1: p(cx + rx, cy + ky), control2: p(cx + kx, cy + ry),
                transform: transform)
            addCurve(
                to: p(cx - rx, cy), control1: p(cx - kx, cy + ry), control2: p(cx - rx, cy + ky),
                transform: transform)
            addCurve(
                to: p(cx, cy - ry), control1: p(cx - rx, cy - ky), control2: p(cx - kx, cy - ry),
                transform: transform)
            addCurve(
                to: p(cx + rx, cy), control1: p(cx + kx, cy - ry), control2: p(cx + rx, cy - ky),
                transform: transform)
            closeSubpath()
        }

        /// A closed rounded rectangle whose corners are quarter ellipses of the given radii.
        ///
        /// The radii are clamped to half the width and height. Zero radii add a plain rectangle.
        /// It starts at (maxX, minY + cornerHeight) and runs clockwise on iOS's y-down screen.
        public func addRoundedRect(
            in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
            transform: CGAffineTransform = .identity
        ) {
            let r = rect.standardized
            let cw = min(max(0, cornerWidth.isFinite ? cornerWidth : 0), r.width / 2)
            let ch = min(max(0, cornerHeight.isFinite ? cornerHeight : 0), r.height / 2)
            guard cw > 0, ch > 0 else {
                addRect(r, transform: transform)
                return
            }
            let k: CGFloat = 0.5522847498307936
            let (kx, ky) = (cw * k, ch * k)
            let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
            func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
            move(to: p(x1, y0 + ch), transform: transform)
            addLine(to: p(x1, y1 - ch), transform: transform)
            addCurve(
                to: p(x1 - cw, y1), control1: p(x1, y1 - ch + ky), control2: p(x1 - cw + kx, y1),
                transform: transform)
            addLine(to: p(x0 + cw, y1), transform: transform)
            addCurve(
                to: p(x0, y1 - ch), control1: p(x0 + cw - kx, y1), control2: p(x0, y1 - ch + ky),
                transform: transform)
            addLine(to: p(x0, y0 + ch), transform: transform)
            addCurve(
                to: p(x0 + cw, y0), control1: p(x0, y0 + ch - ky), control2: p(x0 + cw - kx, y0),
                transform: transform)
            addLine(to: p(x1 - cw, y0), transform: transform)
            addCurve(
                to: p(x1, y0 + ch), control1: p(x1 - cw + kx, y0), control2: p(x1, y0 + ch - ky),
                transform: transform)
            closeSubpath()
        }

        /// Appends `path`'s elements, mapped by `transform`.
        public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
            if transform.isIdentity {
                elements.append(contentsOf: path.elements)
            } else {
                elements.append(contentsOf: path.elements.map { $0.applying(transform) })
            }
        }
    }
#endif
