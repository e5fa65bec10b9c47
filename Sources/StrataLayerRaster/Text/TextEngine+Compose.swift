import Foundation

/// Drawing a laid-out text into a premultiplied RGBA8 bitmap.
extension TextEngine {
    /// The largest bitmap side made, in pixels.
    static let maximumBitmapSide = 8192

    /// A composed text bitmap: `pixels` cover the pixel box `x, y, width, height`
    /// of the layout's bounds (the inked part, clipped to the bounds, with a
    /// clear one-pixel border where the bounds allow).
    struct Composed {
        var x: Int, y: Int, width: Int, height: Int
        var pixels: [UInt8]
    }

    /// What drawing `layout` needs: nil when nothing shows; `.tooLarge` with the
    /// inked size when the bitmap would exceed ``maximumBitmapSide``.
    enum ComposeResult {
        case drawn(Composed)
        case nothing
        case tooLarge(width: Int, height: Int)
    }

    /// Where drawing `layout` puts ink, without drawing: the pixel box
    /// ``compose(_:face:rgba:)`` returns (the glyphs' bitmap boxes, from
    /// their outlines; no glyph is rendered), `.nothing`, or `.tooLarge`.
    /// `.drawn`'s pixels are empty.
    func measure(_ layout: TextLayout, face: FontFace) -> ComposeResult {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        forEachGlyph(of: layout) { glyph, x, subpixel, baseline, clipW, clipH in
            let box = self.box(face, glyph, subpixel: subpixel)
            guard box.width > 0 else { return }
            let left = x + box.left, top = baseline - box.top
            guard left < clipW, top < clipH, left + box.width > 0, top + box.height > 0 else { return }
            minX = min(minX, left); minY = min(minY, top)
            maxX = max(maxX, left + box.width); maxY = max(maxY, top + box.height)
        }
        guard minX != .max, let box = Self.inkBox(layout, minX, minY, maxX, maxY) else { return .nothing }
        if box.width > Self.maximumBitmapSide || box.height > Self.maximumBitmapSide {
            return .tooLarge(width: box.width, height: box.height)
        }
        return .drawn(Composed(x: box.x, y: box.y, width: box.width, height: box.height, pixels: []))
    }

    /// Calls `body` with each glyph of `layout` that may reach the bounds:
    /// the glyph, its pen's whole pixel and subpixel step, its line's
    /// baseline, and the bounds' size in whole pixels.
    private func forEachGlyph(
        of layout: TextLayout,
        _ body: (
            _ glyph: UInt32, _ x: Int, _ subpixel: Int, _ baseline: Int,
            _ clipW: Int, _ clipH: Int
        ) -> Void
    ) {
        let clipW = Int(min(1e9, (layout.width - 1e-6).rounded(.up)))
        let clipH = Int(min(1e9, (layout.height - 1e-6).rounded(.up)))
        guard clipW > 0, clipH > 0 else { return }
        let em = layout.pixelSize
        let steps = Double(Self.subpixelSteps)
        for line in layout.lines {
            let baseline = Int(line.baseline)
            // Skip lines far outside the bounds before touching their glyphs.
            if Double(baseline) - 2 * em > Double(clipH) || Double(baseline) + 2 * em < 0 { continue }
            for (glyph, gx) in line.glyphs {
                let pen = line.x + gx
                if pen > Double(clipW) + 2 * em || pen < -3 * em { continue }
                var whole = pen.rounded(.down)
                var subpixel = Int(((pen - whole) * steps).rounded())
                if subpixel == Self.subpixelSteps { subpixel = 0; whole += 1 }
                body(glyph, Int(whole), subpixel, baseline, clipW, clipH)
            }
        }
    }

    /// The bitmap's pixel box for ink spanning `minX..<maxX, minY..<maxY`:
    /// grown by a clear border inside the bounds (so the atlas gutter, which
    /// repeats edge pixels, stays clear) and clipped to them; nil when empty.
    private static func inkBox(_ layout: TextLayout, _ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int)
        -> (x: Int, y: Int, width: Int, height: Int)?
    {
        let clipW = Int(min(1e9, (layout.width - 1e-6).rounded(.up)))
        let clipH = Int(min(1e9, (layout.height - 1e-6).rounded(.up)))
        let x0 = max(0, minX - 1), y0 = max(0, minY - 1)
        let x1 = min(clipW, maxX + 1), y1 = min(clipH, maxY + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Draws `layout` with `face` in the premultiplied colour `rgba`.
    func compose(_ layout: TextLayout, face: FontFace, rgba: (r: UInt8, g: UInt8, b: UInt8, a: UInt8))
        -> ComposeResult
    {
        var draws: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        forEachGlyph(of: layout) { glyph, whole, subpixel, baseline, clipW, clipH in
            let bitmap = self.bitmap(face, glyph, subpixel: subpixel)
            guard bitmap.width > 0 else { return }
            let x = whole + bitmap.left, y = baseline - bitmap.top
            guard x < clipW, y < clipH, x + bitmap.width > 0, y + bitmap.height > 0 else { return }
            draws.append((bitmap, x, y))
            minX = min(minX, x); minY = min(minY, y)
            maxX = max(maxX, x + bitmap.width); maxY = max(maxY, y + bitmap.height)
        }
        guard !draws.isEmpty, let box = Self.inkBox(layout, minX, minY, maxX, maxY) else { return .nothing }
        let (x0, y0, width, height) = box
        let x1 = x0 + width, y1 = y0 + height
        if width > Self.maximumBitmapSide || height > Self.maximumBitmapSide {
            return .tooLarge(width: width, height: height)
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for draw in draws {
                let b = draw.bitmap
                let sx0 = max(0, x0 - draw.x), sx1 = min(b.width, x1 - draw.x)
                let sy0 = max(0, y0 - draw.y), sy1 = min(b.height, y1 - draw.y)
                guard sx0 < sx1, sy0 < sy1 else { continue }
                b.coverage.withUnsafeBufferPointer { src in
                    for sy in sy0..<sy1 {
                        let row = (draw.y + sy - y0) * width + (draw.x - x0)
                        let srow = sy * b.width
                        for sx in sx0..<sx1 {
                            let g = Int(src[srow + sx])
                            guard g > 0 else { continue }
                            // Source-over of coverage: overlapping glyph edges don't double up.
                            let c = Int(out[row + sx])
                            out[row + sx] = UInt8(c + ((255 - c) * g + 127) / 255)
                        }
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let r = Int(rgba.r), g = Int(rgba.g), b = Int(rgba.b), a = Int(rgba.a)
        pixels.withUnsafeMutableBufferPointer { out in
            for i in 0..<(width * height) {
                let c = Int(coverage[i])
                guard c > 0 else { continue }
                out[i * 4] = UInt8((r * c + 127) / 255)
                out[i * 4 + 1] = UInt8((g * c + 127) / 255)
                out[i * 4 + 2] = UInt8((b * c + 127) / 255)
                out[i * 4 + 3] = UInt8((a * c + 127) / 255)
            }
        }
        return .drawn(Composed(x: x0, y: y0, width: width, height: height, pixels: pixels))
    }
}
