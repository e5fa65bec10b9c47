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

    init(name: String, size: CGFloat, matrix: CGAffineTransform) {
        self.name = name
        self.size = size > 0 && size.isFinite ? size : 12
        self.matrix = matrix
        path = GlyphOutlines.shared.fontPath(named: name)
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
}

/// A font by name at `size` points (0: 12 points), with an optional extra matrix.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CTFont {
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
