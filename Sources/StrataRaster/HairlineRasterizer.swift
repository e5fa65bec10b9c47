import Foundation

/// Draws lines one pixel wide as Skia's anti-aliased hairlines do (Wu's method), which is how
/// Chromium draws strokes no wider than a device pixel.
///
/// Along the line's major axis each pixel column (or row) gets a box one pixel tall centred
/// on the line's height at the column's middle, split between the two pixels it straddles;
/// the ends cover their columns in part. Coverage from different segments combines as
/// painting does (1 − (1 − a)(1 − b)), and everything is scaled by `alpha`.
package struct HairlineRasterizer {
    package let width: Int
    package let height: Int
    package let alpha: Double
    private(set) var coverage: [Double]

    package init(width: Int, height: Int, alpha: CGFloat) {
        self.width = width
        self.height = height
        self.alpha = Double(alpha)
        coverage = [Double](repeating: 0, count: width * height)
    }

    /// Adds the segment from `p` to `q` (device pixels).
    package mutating func addLine(_ p: CGPoint, _ q: CGPoint) {
        let (x0, y0, x1, y1) = (Double(p.x), Double(p.y), Double(q.x), Double(q.y))
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x0 != x1 || y0 != y1 else { return }
        let w = width
        if abs(x1 - x0) >= abs(y1 - y0) {
            walk(major0: x0, minor0: y0, major1: x1, minor1: y1, majorCount: width, minorCount: height) {
                major, minor in
                minor * w + major
            }
        } else {
            walk(major0: y0, minor0: x0, major1: y1, minor1: x1, majorCount: height, minorCount: width) {
                major, minor in
                major * w + minor
            }
        }
    }

    /// Steps along the major axis from `major0` to `major1`, one pixel at a time, within the
    /// mask only (so huge lines cost no more than the mask is wide).
    private mutating func walk(
        major0: Double, minor0: Double, major1: Double, minor1: Double,
        majorCount: Int, minorCount: Int, index: (Int, Int) -> Int
    ) {
        let (a0, b0, a1, b1) = major0 <= major1 ? (major0, minor0, major1, minor1) : (major1, minor1, major0, minor0)
        let slope = (b1 - b0) / (a1 - a0)
        // Clamped to the mask before converting: coordinates far outside would not fit an Int.
        let first = Int(min(max(a0.rounded(.down), 0), Double(majorCount)))
        let last = Int(min(max(a1.rounded(.up), 0), Double(majorCount))) - 1
        guard first <= last else { return }
        for c in first...last {
            let lo = max(a0, Double(c)), hi = min(a1, Double(c + 1))
            let part = hi - lo
            guard part > 0 else { continue }
            let center = min(max(Double(c) + 0.5, a0), a1)
            let m = b0 + (center - a0) * slope - 0.5  // top of the one-pixel box
            guard m.isFinite, m >= -1, m < Double(minorCount) else { continue }
            let row = Int(m.rounded(.down))
            let f = m - Double(row)
            paint(index, c, row, part * (1 - f), minorCount)
            paint(index, c, row + 1, part * f, minorCount)
        }
    }

    private mutating func paint(
        _ index: (Int, Int) -> Int, _ major: Int, _ minor: Int, _ amount: Double,
        _ minorCount: Int
    ) {
        guard minor >= 0, minor < minorCount, amount > 0 else { return }
        let i = index(major, minor)
        let a = min(1, amount) * alpha
        coverage[i] = 1 - (1 - coverage[i]) * (1 - a)
    }

    /// The coverage as bytes.
    package var bytes: [UInt8] { coverage.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) } }
}
