internal import CFreeType
import Foundation

/// One FreeType face (one font file), set to one pixel size at a time.
///
/// Not thread-safe: FreeType faces are not, so only ``TextRasterizer`` uses
/// it, under its lock. ``TextEngine`` owns the face and closes it (before the
/// FreeType library it belongs to), so this object must not outlive its engine.
final class FontFace {
    /// The file it was opened from.
    let path: String
    /// A small number identifying the face inside one rasterizer (for cache keys).
    let id: Int
    let face: FT_Face
    /// Whether the font has a `kern` table FreeType can read.
    let hasKerning: Bool
    /// The pixel size (26.6 fixed point) the face is set to; 0 before the first `setPixelSize`.
    private(set) var pixelSize26 = 0
    /// Glyph indices by Unicode scalar, filled as characters are seen.
    private var glyphIndices: [UInt32: UInt32] = [:]

    /// `FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_LIGHT`: outlines only (no embedded
    /// bitmaps, so every size looks alike), hinted vertically only so that
    /// horizontal positions and advances stay fractional for subpixel placement.
    static let loadFlags = Int32(FT_LOAD_NO_BITMAP) | (Int32(FT_RENDER_MODE_LIGHT.rawValue) << 16)

    init(library: FT_Library, path: String, id: Int) throws(RenderError) {
        var made: FT_Face?
        let error = FT_New_Face(library, path, 0, &made)
        guard error == 0, let made else { throw .fontUnreadable(path: path, code: error) }
        guard made.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(made)
            throw .fontUnreadable(path: path, code: -1)
        }
        face = made
        self.path = path
        self.id = id
        hasKerning = made.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    /// Sets the em size in pixels (26.6 fixed point); cheap when it is already set.
    func setPixelSize(_ size26: Int) {
        guard size26 != pixelSize26 else { return }
        // At 72 dpi one point is one pixel, so the char size is the pixel size.
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26), 72, 72)
        // A scalable face accepts any positive size; on failure keep the old one.
        if error == 0 { pixelSize26 = size26 }
    }

    /// Ascender, descender (negative) and line height at the current size, in pixels.
    var lineMetrics: (ascender: Double, descender: Double, height: Double) {
        let m = face.pointee.size.pointee.metrics
        return (Double(m.ascender) / 64, Double(m.descender) / 64, Double(m.height) / 64)
    }

    /// The glyph for a Unicode scalar; 0 (`.notdef`) when the font lacks it.
    func glyphIndex(for scalar: UInt32) -> UInt32 {
        if let known = glyphIndices[scalar] { return known }
        let index = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar)))
        glyphIndices[scalar] = index
        return index
    }

    /// The horizontal kerning between two glyphs at the current size, in pixels.
    func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector()
        // Unfitted: scaled but not rounded, to match the fractional advances.
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNFITTED.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x) / 64
    }

    /// The glyph's unhinted advance at the current size, in pixels (0 when it cannot be loaded).
    func advance(of glyph: UInt32) -> Double {
        guard FT_Load_Glyph(face, glyph, Self.loadFlags) == 0 else { return 0 }
        // linearHoriAdvance is 16.16 and unaffected by hinting.
        return Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    }

    /// The box `render(_:subpixel:)` gives the glyph's bitmap, from its
    /// outline alone: the outline's control box (after the same hinting and
    /// shift) grown to whole pixels, as FreeType sizes the bitmap it renders
    /// in grey (`FT_RENDER_MODE_NORMAL`).
    func box(_ glyph: UInt32, subpixel: Double) -> GlyphBox {
        guard FT_Load_Glyph(face, glyph, Self.loadFlags) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        let shift = FT_Pos((subpixel * 64).rounded())
        if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &cbox)
        // Floor and ceiling in 26.6 fixed point (arithmetic shifts floor negatives too).
        let x0 = Int(cbox.xMin) >> 6, y0 = Int(cbox.yMin) >> 6
        let x1 = (Int(cbox.xMax) + 63) >> 6, y1 = (Int(cbox.yMax) + 63) >> 6
        guard x1 > x0, y1 > y0 else { return .empty }
        return GlyphBox(left: x0, top: y1, width: x1 - x0, height: y1 - y0)
    }

    /// The glyph rendered with grey anti-aliasing, shifted right by `subpixel` pixels (0 ≤ subpixel < 1).
    func render(_ glyph: UInt32, subpixel: Double) -> GlyphBitmap {
        guard FT_Load_Glyph(face, glyph, Self.loadFlags) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        let shift = FT_Pos((subpixel * 64).rounded())
        if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                // A negative pitch means the rows are stored bottom-up.
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
                for x in 0..<width { out[row * width + x] = source[x] }
            }
        }
        return GlyphBitmap(
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            width: width, height: height, coverage: coverage)
    }
}
