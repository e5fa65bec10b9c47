import Foundation

extension CGPath {
    /// A rectangle with only the chosen corners rounded, as a layer with `maskedCorners` draws
    /// it and as UIKit's `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` makes it
    /// (Strata addition; circular corners).
    ///
    /// `radius` is clamped to half the shorter side (negative counts as zero). The path starts
    /// at the end of the (minX, minY) corner on the top edge and runs clockwise on iOS's y-down
    /// screen: top edge, (maxX, minY) corner, right edge, and so on, then closes. Each rounded
    /// corner is one cubic Bézier approximating a quarter circle.
    package static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
        roundedRect(rect, radius: radius, corners: corners, continuous: false)
    }

    /// A rectangle with the chosen corners rounded, circular or continuous ("squircle", as
    /// `cornerCurve = .continuous` draws them) (Strata addition).
    ///
    /// Circular corners are as in `roundedRect(_:radius:corners:)`. Continuous corners follow
    /// Core Animation's curve, which Apple does not publish, by a fitted construction: each
    /// corner leaves the straight edge 1.547302 r from the corner and is three cubic Béziers
    /// with curvature easing in from the edges (control points below, in units of r, measured
    /// from the corner along the incoming and the outgoing edge). A public fit against
    /// `CALayer` renders on macOS 26 reports at most 3 of 255 levels of difference for common
    /// sizes, capsules included, where the older iOS 7 constants (extent 1.52866) miss by far
    /// more. As in that fit, the extents are not clamped when 1.547 r exceeds half a side: the
    /// corner curves then overlap, and filling with the non-zero rule gives Core Animation's
    /// shape (stroking such a path shows the overlap).
    package static func roundedRect(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask,
        continuous: Bool
    ) -> CGPath {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        let rad = radius.isFinite ? min(max(0, radius), limit) : 0
        let path = CGMutablePath()
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        // Corners clockwise on screen from the top left, each with the direction of its incoming
        // edge and of its outgoing edge.
        let plan: [(CACornerMask, CGPoint, CGPoint, CGPoint)] = [
            (.layerMaxXMinYCorner, CGPoint(x: x1, y: y0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)),
            (.layerMaxXMaxYCorner, CGPoint(x: x1, y: y1), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0)),
            (.layerMinXMaxYCorner, CGPoint(x: x0, y: y1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1)),
            (.layerMinXMinYCorner, CGPoint(x: x0, y: y0), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0)),
        ]
        let shape = continuous ? continuousCorner : circularCorner
        let startRadius = corners.contains(.layerMinXMinYCorner) ? rad : 0
        path.move(to: CGPoint(x: x0 + startRadius * shape[shape.count - 1].y, y: y0))
        for (mask, corner, incoming, outgoing) in plan {
            let cr = corners.contains(mask) ? rad : 0
            // (u, v) in units of the radius: u back along the incoming edge, v along the outgoing.
            func p(_ uv: CGPoint) -> CGPoint {
                CGPoint(
                    x: corner.x - incoming.x * uv.x * cr + outgoing.x * uv.y * cr,
                    y: corner.y - incoming.y * uv.x * cr + outgoing.y * uv.y * cr)
            }
            let first = p(shape[0])
            if first != path.currentPoint { path.addLine(to: first) }
            guard cr > 0 else { continue }
            var i = 1
            while i + 2 < shape.count {
                path.addCurve(to: p(shape[i + 2]), control1: p(shape[i]), control2: p(shape[i + 1]))
                i += 3
            }
        }
        // The last corner ends at the start point, so the close adds no line.
        path.closeSubpath()
        return CGPath(elements: path.elements)
    }

    /// A quarter circle as one cubic, in corner units (see `roundedRect`): start, then (control,
    /// control, end) triples.
    private static let circularCorner: [CGPoint] = {
        let k: CGFloat = 0.5522847498307936
        return [CGPoint(x: 1, y: 0), CGPoint(x: 1 - k, y: 0), CGPoint(x: 0, y: 1 - k), CGPoint(x: 0, y: 1)]
    }()

    /// The continuous corner as three cubics, in corner units; symmetric under swapping u and v.
    private static let continuousCorner: [CGPoint] = [
        CGPoint(x: 1.547302, y: 0),
        CGPoint(x: 1.084498, y: 0), CGPoint(x: 0.882045, y: 0), CGPoint(x: 0.644148, y: 0.070748),
        CGPoint(x: 0.376057, y: 0.163004), CGPoint(x: 0.163004, y: 0.376057), CGPoint(x: 0.070748, y: 0.644148),
        CGPoint(x: 0, y: 0.882045), CGPoint(x: 0, y: 1.084498), CGPoint(x: 0, y: 1.547302),
    ]
}
