import Foundation

/// A Core Text font: a font file at a size, for `CTLine`s drawn into a `CGContext`.
///
/// Names are matched as `CATextLayer.font` names are (a DejaVu file name, a
/// family and style, or a common Apple name such as "Helvetica-Bold" or
/// "Menlo", mapped to the DejaVu face of the same kind); unknown names get
/// the default font, DejaVu Sans.
public final class CTFont: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The name the font was made with.
    public let name: String
    /// The em size in points.
    public let size: CGFloat
    /// Glyph space → text space beyond the size (identity unless given).
    public let matrix: CGAffineTransform
    /// The font file; nil when no font is installed.
    let path: String?

    /// Whether the font was found by family and style (``init(family:style:size:)``).
    private let foundByFamily: Bool

    init(name: String, size: CGFloat, matrix: CGAffineTransform) {
        self.name = name
        self.size = size > 0 && size.isFinite ? size : 12
        self.matrix = matrix
        path = GlyphOutlines.shared.fontPath(named: name)
        foundByFamily = false
    }

    /// The installed face of `family` closest to `style` (through fontconfig), named "family style",
    /// at `size` points; nil when no installed family has that name.
    package init?(family: String, style: String, size: CGFloat) {
        guard let locator = GlyphOutlines.shared.locator, let found = locator.path(family: family, style: style)
        else { return nil }
        name = style.isEmpty ? family : family + " " + style
        self.size = size > 0 && size.isFinite ? size : 12
        matrix = .identity
        path = found
        foundByFamily = true
    }

    /// Points per font unit.
    var scale: CGFloat {
        guard let path, let m = GlyphOutlines.shared.metrics(path) else { return 0 }
        return size / m.unitsPerEm
    }

    public static func == (a: CTFont, b: CTFont) -> Bool {
        a.name == b.name && a.size == b.size && a.matrix == b.matrix
    }
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(size)
    }
    public var description: String { "CTFont(\(name), \(size) pt)" }

    /// Whether the name matched an installed face (false: drawn with the default font).
    package var isInstalled: Bool {
        guard path != nil else { return false }
        return foundByFamily || GlyphOutlines.shared.locator?.matchingPath(forFontNamed: name) != nil
    }
}

/// A font by name at `size` points (0: 12 points), with an optional extra matrix.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CTFont
{
    CTFont(name: name, size: size, matrix: matrix?.pointee ?? .identity)
}

/// The font's em size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// How far the font reaches above the baseline, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat {
    guard let path = font.path, let m = GlyphOutlines.shared.metrics(path) else { return 0 }
    return m.ascender * font.size / m.unitsPerEm
}

/// How far the font reaches below the baseline, in points (positive).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat {
    guard let path = font.path, let m = GlyphOutlines.shared.metrics(path) else { return 0 }
    return -m.descender * font.size / m.unitsPerEm
}

/// The gap between lines beyond ascent and descent, in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat {
    guard let path = font.path, let m = GlyphOutlines.shared.metrics(path) else { return 0 }
    return max(0, m.lineHeight - m.ascender + m.descender) * font.size / m.unitsPerEm
}

/// The font's name.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.name }

/// The outline of `glyph` in points (y up, origin on the baseline), through `matrix` when
/// given; nil when the font has no such glyph or no font is installed.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CGPath?
{
    guard let path = font.path, let outline = GlyphOutlines.shared.glyph(at: UInt32(glyph), in: path)?.outline else {
        return nil
    }
    let scale = font.scale
    var t = CGAffineTransform(scaleX: scale, y: scale).concatenating(font.matrix)
    if let matrix { t = t.concatenating(matrix.pointee) }
    let result = CGMutablePath()
    result.addPath(outline, transform: t)
    return result
}

/// Glyph orientations for `CTFontGetAdvancesForGlyphs` (only horizontal advances are measured).
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0, horizontal = 1, vertical = 2
}

/// The advance of each of `glyphs` in points, into `advances` when given; returns their sum.
@discardableResult
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation,
    _ glyphs: UnsafePointer<CGGlyph>, _ advances: UnsafeMutablePointer<CGSize>?,
    _ count: Int
) -> Double {
    var total = 0.0
    for i in 0..<max(count, 0) {
        let advance = font.path.flatMap { GlyphOutlines.shared.glyph(at: UInt32(glyphs[i]), in: $0)?.advance } ?? 0
        let width = Double(advance * font.scale)
        advances?[i] = CGSize(width: width, height: 0)
        total += width
    }
    return total
}
