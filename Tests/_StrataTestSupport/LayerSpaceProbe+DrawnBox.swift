import Foundation
import StrataRender

extension LayerSpaceProbe {
    /// The box of the probe's drawing (`.null`: nothing drawn), as layer-space
    /// passes were measured before they had bounds functions: the union of
    /// the items' quads, each cut to the reach of the masks whose clips it is
    /// inside.
    package var drawnBox: CGRect {
        var box = CGRect.null
        for item in items {
            var reach = deviceBox(of: item.quad, mapping: item.mapping)
            var clip = item.clip
            while clip >= 0 {
                if let mask = maskClipReach[clip] { reach = reach.intersection(mask) }
                clip = clips[Int(clip)].parent
            }
            if !reach.isNull { box = box.union(reach) }
        }
        return box
    }

    /// The device box of local rect `r` seen through `mapping`; the whole
    /// target when part of it is behind the eye or too far to hold in a rect.
    private func deviceBox(of r: CGRect, mapping: PlaneMapping) -> CGRect {
        let target = CGRect(origin: .zero, size: targetSize)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (u, v) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            guard let p = mapping.project(Double(u), Double(v)) else { return target }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 - x0 < 1e15, y1 - y0 < 1e15,
            abs(x0) < 1e15, abs(y0) < 1e15
        else { return target }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
