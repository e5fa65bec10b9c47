import Foundation
import Strata

/// Recognizes paths that are a rectangle or a rounded rectangle with circular
/// corners (any subset of corners rounded), however they were built, so their
/// shadows can use the closed-form Gaussian instead of a blur pass.
package enum RoundedRectRecognizer {
    /// The rectangle and corner radii `path` traces, or nil when it is another shape.
    /// `tolerance` is how far (in path units) a point of the path may lie from the
    /// outline; without it, 0.2 % of the longer side (enough for a shadow's silhouette).
    package static func recognize(_ path: CGPath, tolerance: Double? = nil) -> (rect: CGRect, radii: CornerRadii)? {
        let points = samples(of: path)
        guard points.count >= 4 else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
        // A circular corner of radius r passes r(√2 − 1) from the box's corner.
        func radius(_ cx: Double, _ cy: Double) -> Double {
            let d = points.reduce(Double.infinity) { min($0, hypot($1.x - cx, $1.y - cy)) }
            let r = d / (2.squareRoot() - 1)
            return r < 1e-6 * max(w, h) ? 0 : min(r, min(w, h) / 2)
        }
        let radii = CornerRadii(
            minXMinY: radius(x0, y0), maxXMinY: radius(x1, y0),
            maxXMaxY: radius(x1, y1), minXMaxY: radius(x0, y1))
        let rect = CGRect(x: x0, y: y0, width: w, height: h)
        let tolerance = tolerance ?? max(1e-3, 2e-3 * max(w, h))
        for p in points where abs(signedDistance(p, rect: rect, radii: radii)) > tolerance { return nil }
        // The path must go all the way round, not trace part of the outline.
        var length = 0.0
        for i in 1..<points.count where !points[i].jump {
            length += hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
        }
        if let first = points.first, let last = points.last { length += hypot(first.x - last.x, first.y - last.y) }
        let corners = [radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY]
        // Each rounded corner replaces two straight runs of r with a quarter circle.
        let perimeter = 2 * (w + h) - corners.reduce(0) { $0 + (2 - Double.pi / 2) * $1 }
        guard abs(length - perimeter) <= max(tolerance * 8, 0.01 * perimeter) else { return nil }
        return (rect, radii)
    }

    struct Sample { var x: Double; var y: Double; var jump: Bool }

    /// Points along the path: element ends and curve interiors; one closed subpath only.
    static func samples(of path: CGPath) -> [Sample] {
        var out: [Sample] = []
        var current = CGPoint.zero, start = CGPoint.zero
        var subpaths = 0
        func add(_ p: CGPoint, jump: Bool = false) { out.append(Sample(x: Double(p.x), y: Double(p.y), jump: jump)) }
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                subpaths += 1
                current = p; start = p
                add(p, jump: true)
            case .lineTo(let p):
                current = p
                add(p)
            case .quadCurveTo(let c, let p):
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    add(
                        CGPoint(
                            x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curveTo(let c1, let c2, let p):
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(
                        CGPoint(
                            x: a * current.x + b * c1.x + c * c2.x + d * p.x,
                            y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .closeSubpath:
                current = start
                add(start)
            }
        }
        return subpaths == 1 ? out : []
    }

    /// Distance from `p` to the rounded rectangle's outline (negative inside).
    static func signedDistance(_ p: Sample, rect: CGRect, radii: CornerRadii) -> Double {
        let cx = Double(rect.midX), cy = Double(rect.midY)
        let hx = Double(rect.width) / 2, hy = Double(rect.height) / 2
        let px = p.x - cx, py = p.y - cy
        let r: Double
        switch (px < 0, py < 0) {
        case (true, true): r = radii.minXMinY
        case (false, true): r = radii.maxXMinY
        case (false, false): r = radii.maxXMaxY
        case (true, false): r = radii.minXMaxY
        }
        let qx = abs(px) - hx + r, qy = abs(py) - hy + r
        return min(max(qx, qy), 0) + hypot(max(qx, 0), max(qy, 0)) - r
    }
}
