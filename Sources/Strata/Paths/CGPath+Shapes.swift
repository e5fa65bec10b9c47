import Foundation

// STAND-IN until the paths work lands (it defines this initializer in a file
// of the same name, with the full shape API): only what the animation tests'
// seed code needs. On merge, take the paths branch's version of this file.
#if !canImport(CoreGraphics)
extension CGPath {
    /// A closed rounded rectangle with elliptical corners of the given radii (clamped to half
    /// the width and height), mapped by `transform` when it is not nil.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let t = transform?.pointee ?? .identity
        let r = rect.standardized
        let rx = min(max(cornerWidth, 0), r.width / 2), ry = min(max(cornerHeight, 0), r.height / 2)
        let k: CGFloat = 0.552_284_749_830_793_4  // 4/3 (√2 − 1): a quarter circle as one cubic
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        self.init(elements: [
            .moveTo(p(x0 + rx, y0)),
            .lineTo(p(x1 - rx, y0)),
            .curveTo(control1: p(x1 - rx + k * rx, y0), control2: p(x1, y0 + ry - k * ry), to: p(x1, y0 + ry)),
            .lineTo(p(x1, y1 - ry)),
            .curveTo(control1: p(x1, y1 - ry + k * ry), control2: p(x1 - rx + k * rx, y1), to: p(x1 - rx, y1)),
            .lineTo(p(x0 + rx, y1)),
            .curveTo(control1: p(x0 + rx - k * rx, y1), control2: p(x0, y1 - ry + k * ry), to: p(x0, y1 - ry)),
            .lineTo(p(x0, y0 + ry)),
            .curveTo(control1: p(x0, y0 + ry - k * ry), control2: p(x0 + rx - k * rx, y0), to: p(x0 + rx, y0)),
            .closeSubpath,
        ])
    }
}
#endif
