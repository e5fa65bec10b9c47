import Foundation
import StrataRaster

extension RasterEdges {
    /// Adds the closed polygon `points` (the edge from the last point to the first included), mapped by `t`.
    mutating func addPolygon(_ points: [CGPoint], transform t: CGAffineTransform) {
        guard !t.isIdentity else { return addPolygon(points) }
        guard points.count > 1 else { return }
        var prev = points[points.count - 1].applying(t)
        for p in points {
            let q = p.applying(t)
            addLine(prev, q)
            prev = q
        }
    }
}
