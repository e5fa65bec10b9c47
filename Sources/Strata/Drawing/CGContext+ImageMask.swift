import Foundation

extension CGContext {
    /// Narrows the clip to `mask` drawn into `rect` (user space, its first
    /// row at the rectangle's maximum y, as `draw(_:in:)` places images):
    /// nothing is drawn outside `rect`, and inside it each pixel lets through
    /// as much as the mask says there. An opaque mask (a DeviceGray image, as
    /// Core Graphics asks for) masks by its sample values, white showing and
    /// black hiding; a mask with transparency masks by its alpha, as Core
    /// Graphics treats an image with an alpha channel.
    public func clip(to rect: CGRect, mask: CGImage) {
        let current = state.clip ?? ClipMask(bounds: pixelBounds, coverage: nil)
        guard !current.bounds.isEmpty else { return }
        let r = rect.standardized
        guard mask.width > 0, mask.height > 0, !r.isNull, r.width > 0, r.height > 0, let back = pixelToUser else {
            state.clip = ClipMask(bounds: .empty, coverage: nil)
            return
        }
        let path = CGMutablePath()
        path.addRect(r, transform: userToPixel)
        guard var coverage = fillCoverage(path, rule: .winding, within: current.bounds) else {
            state.clip = ClipMask(bounds: .empty, coverage: nil)
            return
        }
        var byLuminance = true
        for i in stride(from: 3, to: mask.pixels.count, by: 4) where mask.pixels[i] != 255 {
            byLuminance = false
            break
        }
        let sampler = ImageSampler(mask, nearest: state.interpolationQuality == .none)
        let (a, b, c, d, tx, ty) = (
            Double(back.a), Double(back.b), Double(back.c), Double(back.d),
            Double(back.tx), Double(back.ty)
        )
        let x0 = Double(r.minX), y1 = Double(r.maxY), w = Double(r.width), h = Double(r.height)
        let area = coverage.rect
        var bytes = coverage.bytes ?? [UInt8](repeating: 255, count: area.width * area.height)
        for row in 0..<area.height {
            for column in 0..<area.width {
                let i = row * area.width + column
                guard bytes[i] > 0 else { continue }
                let px = Double(area.x + column) + 0.5, py = Double(area.y + row) + 0.5
                let s = sampler.sample(u: (px * a + py * c + tx - x0) / w, v: (y1 - (px * b + py * d + ty)) / h)
                // Premultiplied: an opaque sample's channels are its values.
                let value = byLuminance ? 0.2126 * s.r + 0.7152 * s.g + 0.0722 * s.b : s.a
                bytes[i] = UInt8((Float(bytes[i]) * min(max(value, 0), 1)).rounded())
            }
        }
        coverage.bytes = bytes
        state.clip = current.intersected(with: coverage.rect, mask: coverage.bytes)
    }
}
