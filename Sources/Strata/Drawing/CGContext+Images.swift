import Foundation

extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), its first row at the
    /// rectangle's maximum y, as Core Graphics does (so in a y-down context,
    /// such as a layer's on iOS, it comes out upside down unless the context is
    /// flipped first). Sampled bilinearly, or nearest with
    /// `interpolationQuality = .none`; `byTiling` repeats it at `rect`'s size
    /// over the clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0, !rect.isNull,
            let back = pixelToUser
        else { return }
        let r = rect.standardized
        let coverage: Coverage?
        if byTiling {
            coverage = Coverage(rect: clipBounds, bytes: nil)
        } else {
            let path = CGMutablePath()
            path.addRect(r, transform: userToPixel)
            coverage = fillCoverage(path, rule: .winding, within: drawingBounds)
        }
        guard let coverage else { return }
        let sampler = ImageSampler(image, nearest: state.interpolationQuality == .none)
        let (a, b, c, d, tx, ty) = (
            Double(back.a), Double(back.b), Double(back.c), Double(back.d),
            Double(back.tx), Double(back.ty)
        )
        let x0 = Double(r.minX), y1 = Double(r.maxY), w = Double(r.width), h = Double(r.height)
        composite(
            coverage,
            paint: .shader { x, y in
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                var u = (px * a + py * c + tx - x0) / w
                var v = (y1 - (px * b + py * d + ty)) / h
                if byTiling {
                    u -= u.rounded(.down)
                    v -= v.rounded(.down)
                }
                return sampler.sample(u: u, v: v)
            })
    }
}

/// Reads an image's pixels premultiplied at unit coordinates (0…1 across, 0…1 down from the first row).
struct ImageSampler {
    let image: CGImage
    let nearest: Bool

    init(_ image: CGImage, nearest: Bool) {
        self.image = image
        self.nearest = nearest
    }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> RGBA {
        let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 4
        let p = image.pixels
        let a = Float(p[i + 3]) / 255
        return RGBA(Float(p[i]) / 255 * a, Float(p[i + 1]) / 255 * a, Float(p[i + 2]) / 255 * a, a)
    }

    func sample(u: Double, v: Double) -> RGBA {
        let fx = u * Double(image.width) - 0.5, fy = v * Double(image.height) - 0.5
        guard fx.isFinite, fy.isFinite, abs(fx) < 1e9, abs(fy) < 1e9 else { return .clear }
        if nearest { return texel(Int((fx + 0.5).rounded(.down)), Int((fy + 0.5).rounded(.down))) }
        let x = Int(fx.rounded(.down)), y = Int(fy.rounded(.down))
        let tx = Float(fx - Double(x)), ty = Float(fy - Double(y))
        let p00 = texel(x, y), p10 = texel(x + 1, y), p01 = texel(x, y + 1), p11 = texel(x + 1, y + 1)
        func mix(_ a: Float, _ b: Float, _ c: Float, _ d: Float) -> Float {
            (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
        }
        return RGBA(
            mix(p00.r, p10.r, p01.r, p11.r), mix(p00.g, p10.g, p01.g, p11.g),
            mix(p00.b, p10.b, p01.b, p11.b), mix(p00.a, p10.a, p01.a, p11.a))
    }
}
