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

    /// Draws `layout` with `face` in the premultiplied colour `rgba`.
    func compose(_ layout: TextLayout, face: FontFace, rgba: (r: UInt8, g: UInt8, b: UInt8, a: UInt8))
        -> ComposeResult
    {
        let clipW = Int(min(1e9, (layout.width - 1e-6).rounded(.up)))
        let clipH = Int(min(1e9, (layout.height - 1e-6).rounded(.up)))
        guard clipW > 0, clipH > 0 else { return .nothing }
        let em = layout.pixelSize
        var draws: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
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
                let bitmap = self.bitmap(face, glyph, subpixel: subpixel)
                guard bitmap.width > 0 else { continue }
                let x = Int(whole) + bitmap.left, y = baseline - bitmap.top
                guard x < clipW, y < clipH, x + bitmap.width > 0, y + bitmap.height > 0 else { continue }
                draws.append((bitmap, x, y))
                minX = min(minX, x); minY = min(minY, y)
                maxX = max(maxX, x + bitmap.width); maxY = max(maxY, y + bitmap.height)
            }
        }
        guard !draws.isEmpty else { return .nothing }
        // A clear border inside the bounds, so the atlas gutter (which repeats edge pixels) stays clear.
        let x0 = max(0, minX - 1), y0 = max(0, minY - 1)
        let x1 = min(clipW, maxX + 1), y1 = min(clipH, maxY + 1)
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0 else { return .nothing }
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
