import Foundation

extension CGContext {
    /// Sets the font `showGlyphs(_:at:)` draws with.
    public func setFont(_ font: CGFont) { state.font = font }

    /// Sets the size, in text space units, `showGlyphs(_:at:)` draws at.
    public func setFontSize(_ size: CGFloat) { state.fontSize = size }

    /// Paints `glyphs` of the context's font, each with its origin at the
    /// matching point of `positions` in text space (through the text matrix
    /// and CTM), at the context's font size, by the text drawing mode.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font else { return }
        let scale = state.fontSize / CGFloat(font.unitsPerEm)
        drawGlyphs(glyphs, at: positions, outline: font.outline(of:), scale: scale, fontMatrix: .identity)
    }

    /// Paints glyph outlines (font units, y up) placed at `positions` in text space.
    func drawGlyphs(
        _ glyphs: [CGGlyph], at positions: [CGPoint], outline: (CGGlyph) -> CGPath?, scale: CGFloat,
        fontMatrix: CGAffineTransform
    ) {
        guard scale.isFinite, scale != 0 else { return }
        let text = CGMutablePath()
        for (glyph, position) in zip(glyphs, positions) {
            guard let shape = outline(glyph), position.x.isFinite, position.y.isFinite else { continue }
            let t = CGAffineTransform(scaleX: scale, y: scale).concatenating(fontMatrix)
                .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
            text.addPath(shape, transform: t)
        }
        guard !text.isEmpty else { return }
        let user = CGMutablePath()
        user.addPath(text, transform: textMatrix)
        let mode = state.textDrawingMode
        if mode == .fill || mode == .fillStroke || mode == .fillClip || mode == .fillStrokeClip {
            let pixels = CGMutablePath()
            pixels.addPath(user, transform: userToPixel)
            fillPixelPath(pixels, rule: .winding, paint: fillPaint)
        }
        if mode == .stroke || mode == .fillStroke || mode == .strokeClip || mode == .fillStrokeClip {
            strokeUserPath(user, paint: strokePaint)
        }
    }
}

/// Draws `count` glyphs of `font` at `positions` (text space) in `context`.
public func CTFontDrawGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>,
    _ count: Int, _ context: CGContext
) {
    guard let path = font.path, count > 0 else { return }
    context.drawGlyphs(
        Array(UnsafeBufferPointer(start: glyphs, count: count)),
        at: Array(UnsafeBufferPointer(start: positions, count: count)),
        outline: { GlyphOutlines.shared.glyph(at: UInt32($0), in: path)?.outline },
        scale: font.scale, fontMatrix: font.matrix)
}

/// The glyphs of `count` UTF-16 code units of `characters` in `font`, into
/// `glyphs` (0 where the font has none); false when any is missing.
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UInt16>,
    _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: Int
) -> Bool {
    guard count > 0 else { return true }
    let units = Array(UnsafeBufferPointer(start: characters, count: count))
    var all = true
    var i = 0
    // A surrogate pair is one character: its glyph goes in the first slot, 0 in the second.
    for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
        guard i < count else { break }
        let index = font.path.map { GlyphOutlines.shared.glyphIndex(of: scalar.value, in: $0) } ?? 0
        if index == 0 { all = false }
        glyphs[i] = CGGlyph(truncatingIfNeeded: index)
        i += 1
        if scalar.value > 0xFFFF, i < count {
            glyphs[i] = 0
            i += 1
        }
    }
    while i < count {
        glyphs[i] = 0
        all = false
        i += 1
    }
    return all
}

/// The graphics font of `font` (`attributes` is not used).
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<AnyObject?>?) -> CGFont {
    CGFont(name: font.name, path: font.path ?? "")
}
