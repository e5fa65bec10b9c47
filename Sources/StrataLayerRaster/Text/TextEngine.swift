internal import CFreeType
import Foundation
import Strata
import StrataRender

/// The FreeType side of ``TextRasterizer``: one library, its faces, and glyph
/// caches. Not thread-safe: FreeType objects are not, so the rasterizer only
/// uses it under its lock.
final class TextEngine {
    /// A glyph at one size (and, for bitmaps, one subpixel offset).
    struct GlyphKey: Hashable {
        var face: Int32
        /// Em size in pixels, 26.6 fixed point.
        var size26: Int32
        var glyph: UInt32
        /// Quarter-pixel horizontal offset 0…3 (always 0 for advances).
        var subpixel: UInt8
    }

    /// Subpixel positions per pixel: glyphs are rendered at quarter-pixel offsets.
    static let subpixelSteps = 4
    /// Glyph bitmaps kept before the cache starts over.
    static let glyphCacheBytes = 32 << 20
    /// Advances and kerning pairs kept before those caches start over (sizes change as layers zoom).
    static let metricEntries = 100_000

    let library: FT_Library
    let locator: FontLocator
    /// Opened faces by file path; a file that failed to open maps to the default face.
    private var faces: [String: FontFace] = [:]
    private var openFaces: [FontFace] = []
    let defaultFace: FontFace
    private var advances: [GlyphKey: Double] = [:]
    private var bitmaps: [GlyphKey: GlyphBitmap] = [:]
    private var boxes: [GlyphKey: GlyphBox] = [:]
    private var bitmapBytes = 0
    private var kernPairs: [KernKey: Double] = [:]

    init(locator: FontLocator) throws(RenderError) {
        var made: FT_Library?
        let error = FT_Init_FreeType(&made)
        guard error == 0, let made else { throw .freeTypeUnavailable(code: error) }
        library = made
        self.locator = locator
        do {
            defaultFace = try FontFace(library: made, path: locator.defaultFont, id: 0)
        } catch {
            FT_Done_FreeType(made)
            throw error
        }
        openFaces = [defaultFace]
        faces[locator.defaultFont] = defaultFace
    }

    deinit {
        // Faces belong to the library: close them before it.
        for face in openFaces { FT_Done_Face(face.face) }
        FT_Done_FreeType(library)
    }

    /// The face for a font file, opened on first use; the default face when it cannot be opened.
    func face(at path: String) -> FontFace {
        if let known = faces[path] { return known }
        let opened = (try? FontFace(library: library, path: path, id: openFaces.count)) ?? defaultFace
        if opened !== defaultFace { openFaces.append(opened) }
        faces[path] = opened
        return opened
    }

    private func key(_ face: FontFace, _ glyph: UInt32, _ subpixel: Int = 0) -> GlyphKey {
        GlyphKey(
            face: Int32(face.id), size26: Int32(truncatingIfNeeded: face.pixelSize26), glyph: glyph,
            subpixel: UInt8(subpixel))
    }

    /// The glyph's advance in pixels at the face's current size.
    func advance(_ face: FontFace, _ glyph: UInt32) -> Double {
        let k = key(face, glyph)
        if let known = advances[k] { return known }
        let value = face.advance(of: glyph)
        if advances.count >= Self.metricEntries { advances.removeAll(keepingCapacity: true) }
        advances[k] = value
        return value
    }

    /// Kerning between two glyphs in pixels at the face's current size.
    func kerning(_ face: FontFace, _ left: UInt32, _ right: UInt32) -> Double {
        guard face.hasKerning else { return 0 }
        let pair = KernKey(left: key(face, left), right: right)
        if let known = kernPairs[pair] { return known }
        let value = face.kerning(left, right)
        if kernPairs.count >= Self.metricEntries { kernPairs.removeAll(keepingCapacity: true) }
        kernPairs[pair] = value
        return value
    }

    private struct KernKey: Hashable {
        var left: GlyphKey
        var right: UInt32
    }

    /// The glyph rendered at the face's current size, shifted by `subpixel` quarter pixels.
    func bitmap(_ face: FontFace, _ glyph: UInt32, subpixel: Int) -> GlyphBitmap {
        let k = key(face, glyph, subpixel)
        if let known = bitmaps[k] { return known }
        let made = face.render(glyph, subpixel: Double(subpixel) / Double(Self.subpixelSteps))
        if bitmapBytes + made.byteCount > Self.glyphCacheBytes {
            // Start over rather than track use: a frame's glyphs are re-rendered once.
            bitmaps.removeAll(keepingCapacity: true)
            bitmapBytes = 0
        }
        bitmaps[k] = made
        bitmapBytes += made.byteCount
        return made
    }

    /// Where the glyph's bitmap lies (see ``bitmap(_:_:subpixel:)``), without rendering it.
    func box(_ face: FontFace, _ glyph: UInt32, subpixel: Int) -> GlyphBox {
        let k = key(face, glyph, subpixel)
        if let known = boxes[k] { return known }
        let value: GlyphBox
        if let rendered = bitmaps[k] {
            value = GlyphBox(left: rendered.left, top: rendered.top, width: rendered.width, height: rendered.height)
        } else {
            value = face.box(glyph, subpixel: Double(subpixel) / Double(Self.subpixelSteps))
        }
        if boxes.count >= Self.metricEntries { boxes.removeAll(keepingCapacity: true) }
        boxes[k] = value
        return value
    }

    /// How many glyph bitmaps are cached (for tests).
    var cachedBitmapCount: Int { bitmaps.count }
}
