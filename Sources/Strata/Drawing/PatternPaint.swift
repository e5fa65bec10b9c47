import Foundation

/// A pattern set as the fill or stroke of a graphics state: its cell drawn
/// once into a tile at the context's pixel scale, repeated by a shader.
struct PatternPaint {
    let pattern: CGPattern
    /// The colour of an uncoloured pattern (premultiplied); nil for a coloured one.
    let color: RGBA?
    /// The alpha a coloured pattern is painted with.
    let alpha: Float
    /// The tile (one step by one step of pattern space, first row at the top).
    let tile: CGImage
    /// Pixels (rows from the top) → pattern space; nil while the mapping is singular.
    let pixelToPattern: CGAffineTransform?
}

extension CGContext {
    /// Tiles may be at most this many pixels a side (a pattern scaled up further is sampled coarser).
    static let maximumPatternTile = 1024

    /// `pattern` with `components` (alpha for a coloured pattern; the colour
    /// in `space`'s base space and alpha for an uncoloured one) as paint.
    func makePatternPaint(
        _ pattern: CGPattern, components: UnsafePointer<CGFloat>,
        space: CGColorSpace?
    ) -> PatternPaint {
        let color: RGBA?
        let alpha: Float
        if pattern.isColored {
            color = nil
            alpha = Float(min(max(components[0], 0), 1))
        } else {
            let base = space?.baseColorSpace
            let c: CGColor
            if base?.model == .monochrome {
                c = CGColor(gray: components[0], alpha: components[1])
            } else {
                c = CGColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
            }
            color = RGBA(c)
            alpha = 1
        }
        let toPixel = pattern.matrix.concatenating(baseCTM).concatenating(deviceToPixel)
        let det = toPixel.a * toPixel.d - toPixel.b * toPixel.c
        let scale = max(toPixel.largestScale, 1e-6)
        func side(_ step: CGFloat) -> Int {
            let pixels = (step * scale).rounded(.up)
            return pixels.isFinite ? Int(min(max(pixels, 1), CGFloat(Self.maximumPatternTile))) : 1
        }
        let w = side(pattern.xStep), h = side(pattern.yStep)
        let sx = CGFloat(w) / pattern.xStep, sy = CGFloat(h) / pattern.yStep
        let o = pattern.bounds.origin
        // The tile's device space is y up, like every context's: pattern space scaled into it.
        let cell = CGContext(
            width: w, height: h,
            ctm: CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -o.x * sx, ty: -o.y * sy))
        if let draw = pattern.drawPattern {
            // Cells from earlier steps that reach into this one (a cell larger than its step) are drawn too.
            let backX = min(Int((pattern.bounds.width / pattern.xStep).rounded(.up)), 8)
            let backY = min(Int((pattern.bounds.height / pattern.yStep).rounded(.up)), 8)
            for ky in -backY...0 {
                for kx in -backX...0 {
                    cell.saveGState()
                    cell.translateBy(x: CGFloat(kx) * pattern.xStep, y: CGFloat(ky) * pattern.yStep)
                    cell.clip(to: pattern.bounds)
                    draw(pattern.info, cell)
                    cell.restoreGState()
                }
            }
        }
        return PatternPaint(
            pattern: pattern, color: color, alpha: alpha, tile: cell.makeImage(label: "CGPattern tile"),
            pixelToPattern: det != 0 && det.isFinite ? toPixel.inverted() : nil)
    }

    /// The paint of `pattern`: its tile repeated over pattern space.
    func paint(of pattern: PatternPaint) -> Paint {
        guard let back = pattern.pixelToPattern else { return .solid(.clear) }
        let sampler = ImageSampler(pattern.tile, nearest: state.interpolationQuality == .none)
        let (a, b, c, d, tx, ty) = (
            Double(back.a), Double(back.b), Double(back.c), Double(back.d),
            Double(back.tx), Double(back.ty)
        )
        let ox = Double(pattern.pattern.bounds.minX), oy = Double(pattern.pattern.bounds.minY)
        let stepX = Double(pattern.pattern.xStep), stepY = Double(pattern.pattern.yStep)
        let color = pattern.color, alpha = pattern.alpha
        return .shader { x, y in
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            var u = (px * a + py * c + tx - ox) / stepX
            var v = (px * b + py * d + ty - oy) / stepY
            guard u.isFinite, v.isFinite else { return nil }
            u -= u.rounded(.down)
            v -= v.rounded(.down)
            let s = sampler.sample(u: u, v: 1 - v)
            if let color { return color.scaled(s.a) }
            return s.scaled(alpha)
        }
    }

    /// What fills paint: the fill pattern, else the fill colour.
    var fillPaint: Paint {
        if let pattern = state.fillPattern { return paint(of: pattern) }
        return .solid(RGBA(state.fillColor))
    }

    /// What strokes paint: the stroke pattern, else the stroke colour.
    var strokePaint: Paint {
        if let pattern = state.strokePattern { return paint(of: pattern) }
        return .solid(RGBA(state.strokeColor))
    }
}
