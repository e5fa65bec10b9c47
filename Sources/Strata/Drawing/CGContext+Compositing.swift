import Foundation

/// How much of each pixel of a rectangle a drawing operation covers.
struct Coverage {
    /// The pixels (rows from the top).
    var rect: PixelRect
    /// `rect.width × rect.height` bytes, 0…255, rows from the top; nil: all covered.
    var bytes: [UInt8]?
}

/// What a drawing operation paints where it covers.
enum Paint {
    /// One premultiplied colour.
    case solid(RGBA)
    /// The premultiplied colour at a pixel (its column and row); nil paints nothing there.
    case shader((Int, Int) -> RGBA?)

    @inline(__always)
    func color(_ x: Int, _ y: Int) -> RGBA? {
        switch self {
        case .solid(let c): return c
        case .shader(let f): return f(x, y)
        }
    }
}

/// The shadow of the graphics state in pixels (y down).
struct ShadowInPixels {
    var dx: Double
    var dy: Double
    /// The Gaussian's standard deviation in pixels.
    var sigma: Double
    var color: RGBA
}

extension CGContext {
    /// The state's shadow mapped from base space into pixels: the offset by
    /// the base CTM (y up there, down in pixels), the blur by its scale.
    var shadowInPixels: ShadowInPixels? {
        guard let shadow = state.shadow else { return nil }
        let offset = shadow.offset.applying(baseCTM)
        let scale = abs(baseCTM.a * baseCTM.d - baseCTM.b * baseCTM.c).squareRoot()
        return ShadowInPixels(
            dx: Double(offset.width), dy: Double(-offset.height),
            sigma: Double(shadow.blur * scale) / 2, color: RGBA(shadow.color))
    }

    /// Blends `paint`, where `coverage` covers, into the pixels through the
    /// clip with `mode` (default: the state's), `alpha` (the state's) and,
    /// unless `shadow` is false, the state's shadow beneath it.
    ///
    /// Coverage mixes: a pixel covered by `k` becomes `d + k·(B(s, d) − d)`
    /// for the blended result `B`, so nothing changes outside the shape in any mode.
    func composite(
        _ coverage: Coverage, paint: Paint, mode: CGBlendMode? = nil, alpha: CGFloat? = nil,
        shadow: Bool = true
    ) {
        paintCount += 1
        let mode = mode ?? state.blendMode
        let alpha = Float(alpha ?? state.alpha)
        guard alpha > 0 || mode == .copy || mode == .clear || mode == .sourceIn || mode == .destinationIn else {
            return
        }
        if shadow, let s = shadowInPixels, s.color.a > 0 {
            drawShadow(s, of: coverage, paint: paint, alpha: alpha, mode: mode)
        }
        blend(coverage, paint: paint, mode: mode, alpha: alpha)
    }

    /// The blending loop: coverage × clip, then the blend mode.
    private func blend(_ coverage: Coverage, paint: Paint, mode: CGBlendMode, alpha: Float) {
        let region = coverage.rect.intersection(clipBounds)
        guard !region.isEmpty else { return }
        let antialias = state.shouldAntialias
        let bpp = format.bytesPerPixel
        let format = self.format
        let solid: RGBA? = if case .solid(let c) = paint { c.scaled(alpha) } else { nil }
        // Buffers taken once, outside the pixel loop (nil arrays read as all 255).
        let covered = coverage.bytes ?? []
        let clip = state.clip?.coverage ?? []
        let clipRect = state.clip?.bounds ?? region
        covered.withUnsafeBufferPointer { cov in
            clip.withUnsafeBufferPointer { clipBytes in
                for y in region.y..<region.maxY {
                    let row = pixels + y * bytesPerRow
                    let coverageRow = (y - coverage.rect.y) * coverage.rect.width - coverage.rect.x
                    let clipRow = (y - clipRect.y) * clipRect.width - clipRect.x
                    for x in region.x..<region.maxX {
                        var c = cov.isEmpty ? 255 : Int(cov[coverageRow + x])
                        if !antialias { c = c >= 128 ? 255 : 0 }
                        if !clipBytes.isEmpty { c = c * Int(clipBytes[clipRow + x]) / 255 }
                        if c == 0 { continue }
                        guard let s = solid ?? paint.color(x, y)?.scaled(alpha) else { continue }
                        let p = row + x * bpp
                        let d = format.load(p)
                        let k = Float(c) / 255
                        if mode == .normal {
                            // Source over, mixed by coverage: d·(1 − k·sa) + k·s.
                            let m = 1 - k * s.a
                            format.store(
                                RGBA(
                                    d.r * m + k * s.r, d.g * m + k * s.g, d.b * m + k * s.b,
                                    d.a * m + k * s.a), p)
                        } else {
                            let r = Self.blend(mode, s, d)
                            format.store(
                                RGBA(
                                    d.r + (r.r - d.r) * k, d.g + (r.g - d.g) * k, d.b + (r.b - d.b) * k,
                                    d.a + (r.a - d.a) * k), p)
                        }
                    }
                }
            }
        }
    }

    /// Paints the shadow of what `coverage` and `paint` would draw: its alpha
    /// blurred, offset and tinted, through the clip, with the same blend mode.
    private func drawShadow(
        _ shadow: ShadowInPixels, of coverage: Coverage, paint: Paint, alpha: Float,
        mode: CGBlendMode
    ) {
        let rect = coverage.rect
        guard !rect.isEmpty else { return }
        var alphas = [Float](repeating: 0, count: rect.width * rect.height)
        let covered = coverage.bytes ?? []
        let solidAlpha: Float? = if case .solid(let c) = paint { c.a * alpha } else { nil }
        covered.withUnsafeBufferPointer { cov in
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let i = y * rect.width + x
                    let c: Float = cov.isEmpty ? 1 : Float(cov[i]) / 255
                    if c == 0 { continue }
                    if let solidAlpha {
                        alphas[i] = c * solidAlpha
                    } else if let s = paint.color(rect.x + x, rect.y + y) {
                        alphas[i] = c * s.a * alpha
                    }
                }
            }
        }
        let blurred = GaussianBlur.blur(alphas, width: rect.width, height: rect.height, sigma: shadow.sigma)
        let dx = Int(shadow.dx.rounded()), dy = Int(shadow.dy.rounded())
        let shadowRect = PixelRect(
            x: rect.x - blurred.pad + dx, y: rect.y - blurred.pad + dy,
            width: blurred.width, height: blurred.height)
        let bytes = blurred.values.map { BitmapFormat.byte($0) }
        blend(Coverage(rect: shadowRect, bytes: bytes), paint: .solid(shadow.color), mode: mode, alpha: 1)
    }

    // MARK: Blend modes

    /// The blended colour of premultiplied source `s` over destination `d` (the
    /// W3C compositing formulas: separable and non-separable blend modes,
    /// Porter-Duff operators, plus-lighter and plus-darker).
    static func blend(_ mode: CGBlendMode, _ s: RGBA, _ d: RGBA) -> RGBA {
        switch mode {
        case .normal: return over(s, d)
        case .clear: return .clear
        case .copy: return s
        case .sourceIn: return s.scaled(d.a)
        case .sourceOut: return s.scaled(1 - d.a)
        case .sourceAtop: return sum(s.scaled(d.a), d.scaled(1 - s.a))
        case .destinationOver: return over(d, s)
        case .destinationIn: return d.scaled(s.a)
        case .destinationOut: return d.scaled(1 - s.a)
        case .destinationAtop: return sum(d.scaled(s.a), s.scaled(1 - d.a))
        case .xor: return sum(s.scaled(1 - d.a), d.scaled(1 - s.a))
        case .plusLighter:
            return RGBA(min(1, s.r + d.r), min(1, s.g + d.g), min(1, s.b + d.b), min(1, s.a + d.a))
        case .plusDarker:
            let a = min(1, s.a + d.a)
            func ch(_ sc: Float, _ dc: Float) -> Float { max(0, a - ((d.a - dc) + (s.a - sc))) }
            return RGBA(ch(s.r, d.r), ch(s.g, d.g), ch(s.b, d.b), a)
        case .hue, .saturation, .color, .luminosity:
            return separableComposite(s, d) { cs, cb in nonSeparable(mode, cs, cb) }
        default:
            return separableComposite(s, d) { cs, cb in
                (separable(mode, cs.0, cb.0), separable(mode, cs.1, cb.1), separable(mode, cs.2, cb.2))
            }
        }
    }

    @inline(__always)
    static func over(_ s: RGBA, _ d: RGBA) -> RGBA {
        let m = 1 - s.a
        return RGBA(s.r + d.r * m, s.g + d.g * m, s.b + d.b * m, s.a + d.a * m)
    }

    @inline(__always)
    static func sum(_ a: RGBA, _ b: RGBA) -> RGBA { RGBA(a.r + b.r, a.g + b.g, a.b + b.b, a.a + b.a) }

    typealias RGB = (Float, Float, Float)

    /// `cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cs, Cb)` with `B` on straight colours.
    static func separableComposite(_ s: RGBA, _ d: RGBA, _ b: (RGB, RGB) -> RGB) -> RGBA {
        func straight(_ c: RGBA) -> RGB { c.a > 0 ? (c.r / c.a, c.g / c.a, c.b / c.a) : (0, 0, 0) }
        let mixed = b(straight(s), straight(d))
        let both = s.a * d.a
        return RGBA(
            s.r * (1 - d.a) + d.r * (1 - s.a) + both * mixed.0,
            s.g * (1 - d.a) + d.g * (1 - s.a) + both * mixed.1,
            s.b * (1 - d.a) + d.b * (1 - s.a) + both * mixed.2,
            s.a + d.a - both)
    }

    /// A separable blend function of source `cs` and backdrop `cb`.
    static func separable(_ mode: CGBlendMode, _ cs: Float, _ cb: Float) -> Float {
        switch mode {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return hardLight(cb, cs)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge:
            if cb == 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        case .hardLight: return hardLight(cs, cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func hardLight(_ cs: Float, _ cb: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    /// Hue, saturation, colour and luminosity (PDF's non-separable modes).
    static func nonSeparable(_ mode: CGBlendMode, _ cs: RGB, _ cb: RGB) -> RGB {
        func lum(_ c: RGB) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
        func clipColor(_ c: RGB) -> RGB {
            let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            var out = c
            if n < 0 {
                out = (l + (out.0 - l) * l / (l - n), l + (out.1 - l) * l / (l - n), l + (out.2 - l) * l / (l - n))
            }
            if x > 1 {
                out = (
                    l + (out.0 - l) * (1 - l) / (x - l), l + (out.1 - l) * (1 - l) / (x - l),
                    l + (out.2 - l) * (1 - l) / (x - l)
                )
            }
            return out
        }
        func setLum(_ c: RGB, _ l: Float) -> RGB {
            let d = l - lum(c)
            return clipColor((c.0 + d, c.1 + d, c.2 + d))
        }
        func sat(_ c: RGB) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
        func setSat(_ c: RGB, _ s: Float) -> RGB {
            let n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            guard x > n else { return (0, 0, 0) }
            func f(_ v: Float) -> Float { (v - n) * s / (x - n) }
            return (f(c.0), f(c.1), f(c.2))
        }
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        default: return setLum(cb, lum(cs))  // luminosity
        }
    }
}
