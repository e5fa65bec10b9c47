import Foundation

/// A glyph's index in its font.
public typealias CGGlyph = UInt16

/// A font file as Core Graphics sees it: glyphs by index, in font units,
/// drawn with `CGContext.showGlyphs(_:at:)` at the context's font size.
///
/// Names are matched as `CTFont`'s are (a DejaVu face for an Apple name).
public final class CGFont: @unchecked Sendable {
    let name: String
    /// The font file.
    let path: String

    /// The font called `name`; nil when no font is installed.
    public init?(_ name: CFString) {
        guard let path = GlyphOutlines.shared.fontPath(named: name) else { return nil }
        self.name = name
        self.path = path
    }

    init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// The name the font was made with.
    public var postScriptName: CFString? { name }
    /// The name the font was made with.
    public var fullName: CFString? { name }
    /// Font units per em.
    public var unitsPerEm: Int32 { Int32(GlyphOutlines.shared.metrics(path)?.unitsPerEm ?? 1000) }
    /// The ascent, in font units.
    public var ascent: Int32 { Int32(GlyphOutlines.shared.metrics(path)?.ascender ?? 0) }
    /// The descent (negative), in font units.
    public var descent: Int32 { Int32(GlyphOutlines.shared.metrics(path)?.descender ?? 0) }
    /// How many glyphs the font has.
    public var numberOfGlyphs: Int { GlyphOutlines.shared.glyphCount(in: path) }

    /// The advance of each of `glyphs`, in font units, into `advances`; false when one is not in the font.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>)
        -> Bool
    {
        var all = true
        for i in 0..<max(count, 0) {
            let glyph = GlyphOutlines.shared.glyph(at: UInt32(glyphs[i]), in: path)
            if glyph == nil { all = false }
            advances[i] = Int32(glyph?.advance ?? 0)
        }
        return all
    }

    /// The outline of `glyph` in font units (y up), or nil when the font has no such glyph.
    func outline(of glyph: CGGlyph) -> CGPath? { GlyphOutlines.shared.glyph(at: UInt32(glyph), in: path)?.outline }
}
