import Foundation

// A text layer's own drawing through `draw(in:)`, and how `display()` decides
// who draws the text on screen.
//
// Core Animation draws every text layer through `display()` → `draw(in:)`,
// whose default draws the string, into a bitmap that becomes `contents`.
// Strata's renderer draws a text layer's string itself instead (FreeType,
// at the resolution the layer shows at, not a bitmap at `contentsScale`), and
// keeps doing so while what `draw(in:)` would draw is the string alone. A
// subclass that draws otherwise (overrides `draw(in:)` to shift or add to the
// text, or `display()`) is drawn through them and shows the result as its
// `contents`, as on Apple's platforms.
//
// Which of the two a display is, Swift cannot tell by looking for an
// override, so the display asks `draw(in:)` and watches: when the call
// reaches `CATextLayer.draw(in:)` with the context as it was made (no
// transform, clip, alpha, blend mode or shadow set, nothing painted), the
// text is not painted yet but noted; if nothing else is painted before
// `draw(in:)` returns, the drawing is the string alone and the renderer
// draws it (no bitmap is kept). If something is painted after it, `draw(in:)`
// runs once more, painting the text in order. Plain `CATextLayer`s are never
// displayed unless asked (`setNeedsDisplay()`); subclasses display when a
// text property or `contentsScale` changes (`needsDisplay(forKey:)`, so an
// animated one redraws each frame) and when their bounds change
// (`needsDisplayOnBoundsChange`, once, at the new bounds).
//
// Drawing every text layer through `draw(in:)` would cost far more than the
// renderer's cached text: filling the outlines of every glyph into a bitmap
// context at each display, where the renderer reuses its glyph bitmaps.
//
// The two drawings differ by design: the renderer's glyphs are hinted
// FreeType bitmaps at the device resolution; `draw(in:)` fills the glyphs'
// outlines into the context at its resolution (as any path), laid out by the
// same line breaking, alignment and truncation (`TextLineLayout`).

/// Where a display's watch of `draw(in:)` stands (see above).
enum TextDrawProbe {
    /// Not displaying: `draw(in:)` paints the text.
    case off
    /// Displaying: the next `CATextLayer.draw(in:)` may defer the text.
    case armed
    /// `CATextLayer.draw(in:)` was reached with the context as made, and painted nothing.
    case deferred
    /// `CATextLayer.draw(in:)` was reached and painted the text.
    case painted
}

extension CATextLayer {
    /// The keys whose change redraws a subclass (`needsDisplay(forKey:)`).
    static let keysThatRedisplaySubclasses: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "alignmentMode", "truncationMode", "contentsScale",
    ]

    /// Draws the layer for `display()` (the lock held): the context to make
    /// the contents of, or nil when the drawing is the string alone, which the
    /// renderer draws. `remake` makes another context like `context`.
    func drawForDisplay(into context: CGContext, remake: () -> CGContext) -> CGContext? {
        _textProbe = .armed
        draw(in: context)
        let probe = _textProbe
        _textProbe = .off
        let result: CGContext?
        switch probe {
        case .deferred where context.paintCount == 0:
            result = nil
        case .deferred:
            // Painted over the text: the text goes under it, so all again, in order.
            let again = remake()
            draw(in: again)
            result = again
        default:
            result = context
        }
        let throughDisplay = result != nil
        if _text.drawsThroughDisplay != throughDisplay {
            _text.drawsThroughDisplay = throughDisplay
            // Copies and snapshot nodes carry the choice.
            modelChanged()
            if _isPresentationCopy { _stateVersion = 0 }
        }
        return result
    }

    /// `draw(in:)`'s default: the string, laid out in the bounds as the
    /// renderer lays it out and filled as glyph outlines in the foreground
    /// colour, clipped to the bounds (the lock held).
    func drawText(in ctx: CGContext) {
        let text = textContent
        let bounds = _state.bounds
        guard !text.string.isEmpty, let color = text.foregroundColor, color.alpha > 0, text.fontSize > 0,
            text.fontSize.isFinite, bounds.width > 0, bounds.height > 0,
            let locator = GlyphOutlines.shared.locator
        else { return }
        let fontPath = locator.path(forFontNamed: text.fontName)
        guard let face = GlyphOutlines.shared.metrics(fontPath), face.unitsPerEm > 0 else { return }
        // Laid out in the context's pixels, as the renderer lays out in the screen's.
        let ctm = ctx.ctm
        let determinant = abs(Double(ctm.a * ctm.d - ctm.b * ctm.c))
        let scale = determinant > 0 && determinant.isFinite ? determinant.squareRoot() : 1
        let pixelSize = Double(text.fontSize) * scale
        let unitsToPixels = pixelSize / Double(face.unitsPerEm)
        // Rounded as FreeType rounds a scaled face's metrics (so lines fall where the renderer's do).
        let ascender = (Double(face.ascender) * unitsToPixels).rounded(.up)
        let descender = (Double(face.descender) * unitsToPixels).rounded(.down)
        var lineHeight = (Double(face.lineHeight) * unitsToPixels).rounded()
        if !(lineHeight > 0) { lineHeight = ascender - descender }
        if !(lineHeight > 0) { lineHeight = pixelSize * 1.2 }
        let metrics = OutlineMetrics(fontPath: fontPath, unitsToPixels: unitsToPixels)
        let lines = TextLineLayout(metrics: metrics)
            .lines(
                of: text.string, width: Double(bounds.width) * scale, height: Double(bounds.height) * scale,
                ascender: ascender, lineHeight: lineHeight, alignment: text.alignment, wrapped: text.isWrapped,
                truncation: text.truncation)
        // Font units (y up) → the bounds' user space: y down from the top,
        // or up from the bottom when the contents are flipped.
        let flipped = _isPresentationCopy ? _modelLayer?.contentsAreFlipped() ?? false : contentsAreFlipped()
        let em = CGFloat(Double(text.fontSize) / Double(face.unitsPerEm))
        let glyphs = CGMutablePath()
        for line in lines {
            let baseline = CGFloat(line.baseline / scale)
            let y = flipped ? bounds.maxY - baseline : bounds.minY + baseline
            for (glyph, x) in line.glyphs {
                guard let outline = GlyphOutlines.shared.glyph(at: glyph, in: fontPath)?.outline,
                    !outline.isEmpty
                else { continue }
                let place = CGAffineTransform(
                    a: em, b: 0, c: 0, d: flipped ? em : -em,
                    tx: bounds.minX + CGFloat((line.x + x) / scale), ty: y)
                glyphs.addPath(outline, transform: place)
            }
        }
        guard !glyphs.isEmpty else { return }
        ctx.saveGState()
        ctx.clip(to: bounds)
        ctx.setFillColor(color)
        ctx.addPath(glyphs)
        ctx.fillPath()
        ctx.restoreGState()
    }
}

extension CGContext {
    /// Whether nothing that changes how text lands has been done to the
    /// context since it was made: no painting, no saved state, and the
    /// transform, clip, alpha, blend mode and shadow it started with.
    var isAsMadeForText: Bool {
        paintCount == 0 && savedStates.isEmpty && state.ctm == baseCTM && state.clip == nil && state.alpha == 1
            && state.blendMode == .normal && state.shadow == nil
    }
}

/// A font file's outline metrics in pixels of a given em size (Strata's
/// `TextMetrics`, beside the renderer's FreeType ones).
struct OutlineMetrics: TextMetrics {
    let fontPath: String
    /// Pixels per font unit.
    let unitsToPixels: Double

    func glyphIndex(for scalar: UInt32) -> UInt32 { GlyphOutlines.shared.glyphIndex(of: scalar, in: fontPath) }

    func advance(of glyph: UInt32) -> Double {
        Double(GlyphOutlines.shared.glyph(at: glyph, in: fontPath)?.advance ?? 0) * unitsToPixels
    }

    func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        Double(GlyphOutlines.shared.kerning(left, right, in: fontPath)) * unitsToPixels
    }
}
