import Foundation

/// A line of text laid out from an attributed string: glyphs placed along a
/// baseline, run by run (font, colour, kerning), drawn with `CTLineDraw`.
///
/// Strata's Core Text covers what drawing code uses for labels: one line,
/// no shaping beyond the font's `kern` pairs (no ligatures, no bidi), every
/// character looked up in the run's font.
public final class CTLine: @unchecked Sendable {
    /// One run of glyphs in one font and colour.
    struct Run {
        let font: CTFont
        /// nil: the context's fill colour.
        let color: CGColor?
        /// Each glyph's outline in font units and its pen position along the line (points).
        let glyphs: [(outline: CGPath, x: CGFloat)]
    }

    let runs: [Run]
    /// Advance of the whole line, points.
    let width: CGFloat
    let ascent: CGFloat
    let descent: CGFloat
    let leading: CGFloat

    init(_ string: NSAttributedString) {
        var runs: [Run] = []
        var pen: CGFloat = 0
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let whole = NSRange(location: 0, length: string.length)
        let text = string.string as NSString
        string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let font =
                attributes[kCTFontAttributeName] as? CTFont
                ?? CTFont(name: "Helvetica", size: 12, matrix: .identity)
            let fromContext =
                (attributes[kCTForegroundColorFromContextAttributeName] as? NSNumber)?.boolValue
                ?? (attributes[kCTForegroundColorFromContextAttributeName] as? Bool) ?? false
            let color: CGColor? =
                fromContext
                ? nil
                : Self.color(attributes[kCTForegroundColorAttributeName] ?? attributes[.foregroundColor]) ?? .black
            let kern = Self.number(attributes[kCTKernAttributeName]) ?? 0
            ascent = max(ascent, CTFontGetAscent(font))
            descent = max(descent, CTFontGetDescent(font))
            leading = max(leading, CTFontGetLeading(font))
            let scalars = text.substring(with: range).unicodeScalars.map(\.value)
            guard let path = font.path, font.scale > 0 else { return }
            let scale = font.scale
            var placed: [(CGPath, CGFloat)] = []
            for (i, g) in GlyphOutlines.shared.glyphs(for: scalars, in: path).enumerated() {
                if i > 0 { pen += g.kerning * scale }
                placed.append((g.glyph.outline, pen))
                pen += g.glyph.advance * scale + kern
            }
            runs.append(Run(font: font, color: color, glyphs: placed))
        }
        self.runs = runs
        width = pen
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }

    /// A colour attribute value (`CGColor`), or nil.
    static func color(_ value: Any?) -> CGColor? {
        guard let value else { return nil }
        return value as? CGColor
    }

    static func number(_ value: Any?) -> CGFloat? {
        if let n = value as? NSNumber { return CGFloat(n.doubleValue) }
        if let d = value as? Double { return CGFloat(d) }
        if let f = value as? CGFloat { return f }
        return nil
    }

    /// The line's glyphs of `run` as one path in line space (points, y up, the
    /// baseline's start at the origin).
    func path(of run: Run) -> CGPath {
        let out = CGMutablePath()
        let s = run.font.scale
        for glyph in run.glyphs {
            let t = CGAffineTransform(scaleX: s, y: s).concatenating(run.font.matrix)
                .concatenating(CGAffineTransform(translationX: glyph.x, y: 0))
            out.addPath(glyph.outline, transform: t)
        }
        return out
    }
}

/// Lays out `attrString` as one line.
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine { CTLine(attrString) }

/// Draws the line at the context's text position, through its text matrix and
/// CTM (glyphs upright in y-up user space, so a y-down context needs a flipped
/// text matrix, as on iOS), then moves the text position to the line's end.
/// The context's text drawing mode decides fill, stroke or neither.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    context.draw(line)
}

/// The line's width in points; `ascent`, `descent` (positive) and `leading` receive the font metrics.
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
    _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The box of the line's inked glyphs in text space (before the text matrix), relative to the text position.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    var box = CGRect.null
    for run in line.runs { box = box.union(line.path(of: run).boundingBoxOfPath) }
    return box.isNull ? .zero : box
}

/// How many glyphs the line has.
public func CTLineGetGlyphCount(_ line: CTLine) -> Int { line.runs.reduce(0) { $0 + $1.glyphs.count } }

extension CGContext {
    /// Paints a line's glyphs at the text position (see `CTLineDraw`).
    func draw(_ line: CTLine) {
        let toUser = textMatrix
        let mode = state.textDrawingMode
        for run in line.runs {
            let glyphs = line.path(of: run)
            guard !glyphs.isEmpty else { continue }
            let user = CGMutablePath()
            user.addPath(glyphs, transform: toUser)
            let color = run.color ?? state.fillColor
            if mode == .fill || mode == .fillStroke || mode == .fillClip || mode == .fillStrokeClip {
                let pixels = CGMutablePath()
                pixels.addPath(user, transform: userToPixel)
                fillPixelPath(pixels, rule: .winding, paint: .solid(RGBA(color)))
            }
            if mode == .stroke || mode == .fillStroke || mode == .strokeClip || mode == .fillStrokeClip {
                strokeUserPath(user, paint: .solid(RGBA(state.strokeColor)))
            }
        }
        textPosition = CGPoint(x: line.width, y: 0).applying(toUser)
    }
}
