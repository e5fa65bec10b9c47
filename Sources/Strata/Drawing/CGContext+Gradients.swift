import Foundation

extension CGContext {
    /// Fills the clip with `gradient` along the line from `start` to `end`
    /// (user space): colours are constant across the line. Beyond the ends
    /// the end colours are painted only when `options` says so.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint,
        options: CGGradientDrawingOptions
    ) {
        guard let back = pixelToUser else { return }
        let dx = Double(end.x - start.x), dy = Double(end.y - start.y)
        let length2 = dx * dx + dy * dy
        guard length2 > 0, length2.isFinite else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let sx = Double(start.x), sy = Double(start.y)
        fillClip(back) { ux, uy in
            let t = ((ux - sx) * dx + (uy - sy) * dy) / length2
            if t < 0 && !before || t > 1 && !after { return nil }
            return gradient.color(at: t)
        }
    }

    /// Fills the clip with `gradient` between two circles (user space): the
    /// colour at `t` lies on the circle whose centre and radius are `t` of the
    /// way from the start circle to the end circle, later circles on top (the
    /// HTML canvas's two-point conical gradient). Inside the start circle and
    /// outside the end circle the end colours are painted only when `options` says so.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
        endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        guard let back = pixelToUser else { return }
        let r0 = Double(max(0, startRadius)), r1 = Double(max(0, endRadius))
        let c0x = Double(startCenter.x), c0y = Double(startCenter.y)
        let cdx = Double(endCenter.x) - c0x, cdy = Double(endCenter.y) - c0y, dr = r1 - r0
        guard [r0, r1, c0x, c0y, cdx, cdy].allSatisfy(\.isFinite), r0 > 0 || r1 > 0 else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let qa = cdx * cdx + cdy * cdy - dr * dr
        fillClip(back) { ux, uy in
            let pdx = ux - c0x, pdy = uy - c0y
            // |p − c(t)| = r(t) with r(t) ≥ 0: the largest such t.
            let qb = pdx * cdx + pdy * cdy + r0 * dr
            let qc = pdx * pdx + pdy * pdy - r0 * r0
            var t: Double
            if abs(qa) < 1e-12 {
                guard qb != 0 else { return nil }
                t = qc / (2 * qb)
                if r0 + t * dr < 0 { return nil }
            } else {
                let disc = qb * qb - qa * qc
                guard disc >= 0 else { return nil }
                let root = disc.squareRoot()
                let t1 = (qb + root) / qa, t2 = (qb - root) / qa
                let hi = max(t1, t2), lo = min(t1, t2)
                if r0 + hi * dr >= 0 { t = hi } else if r0 + lo * dr >= 0 { t = lo } else { return nil }
            }
            if t < 0 && !before || t > 1 && !after { return nil }
            return gradient.color(at: t)
        }
    }

    /// Fills the clip with the colour `color` gives for each pixel's centre in
    /// user space (`back` takes pixels to user space); nil leaves the pixel alone.
    private func fillClip(_ back: CGAffineTransform, color: @escaping (Double, Double) -> RGBA?) {
        let (a, b, c, d, tx, ty) = (
            Double(back.a), Double(back.b), Double(back.c), Double(back.d),
            Double(back.tx), Double(back.ty)
        )
        composite(
            Coverage(rect: clipBounds, bytes: nil),
            paint: .shader { x, y in
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                return color(px * a + py * c + tx, px * b + py * d + ty)
            })
    }
}
