import Foundation

extension PlaneMapping {
    /// The device-space bounding box of local rect `r` seen through this
    /// mapping; `whole` (the target) when part of it is behind the eye, or its
    /// coordinates are past any screen (a layer a googol points away: no box
    /// to test against, and `CGRect` traps on them).
    package func deviceBox(of r: CGRect, orElse whole: CGRect) -> CGRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        // The four corners without an array of them: this runs for every item of every frame.
        for corner in 0..<4 {
            let u = corner & 1 == 0 ? r.minX : r.maxX, v = corner < 2 ? r.minY : r.maxY
            guard let p = project(Double(u), Double(v)) else { return whole }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 - x0 < 1e15, y1 - y0 < 1e15,
            abs(x0) < 1e15, abs(y0) < 1e15
        else { return whole }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
