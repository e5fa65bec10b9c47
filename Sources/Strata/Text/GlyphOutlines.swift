internal import CFreeType
import Foundation

/// Glyph outlines and metrics from font files, through FreeType, for Core
/// Text drawing into a `CGContext`: unhinted outlines in font units (y up),
/// filled by the context's path rasterizer under any transform.
///
/// One FreeType library for the process, behind a lock (FreeType objects are
/// not thread-safe); faces and outlines are cached. Without FreeType or a font
/// file, text draws nothing.
final class GlyphOutlines: @unchecked Sendable {
    /// A font file's metrics and cached glyphs.
    struct FaceInfo {
        let face: FT_Face
        let unitsPerEm: CGFloat
        let ascender: CGFloat
        /// Negative below the baseline, as in the font.
        let descender: CGFloat
        let lineHeight: CGFloat
        let hasKerning: Bool
    }

    /// A glyph's outline (font units, y up) and advance (font units).
    struct Glyph {
        let outline: CGPath
        let advance: CGFloat
    }

    static let shared = GlyphOutlines()
    /// Outlines kept before the cache starts over.
    static let maximumGlyphs = 20_000

    private let lock = NSLock()
    private let library: FT_Library?
    /// Where font names lead; nil when no default font is installed.
    let locator: FontLocator?
    private var faces: [String: FaceInfo?] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var glyphIndices: [ScalarKey: UInt32] = [:]

    private struct GlyphKey: Hashable {
        var path: String
        var glyph: UInt32
    }

    private struct ScalarKey: Hashable {
        var path: String
        var scalar: UInt32
    }

    private init() {
        var made: FT_Library?
        library = FT_Init_FreeType(&made) == 0 ? made : nil
        locator = try? FontLocator()
    }

    /// The font file for a font name (the default font for unknown names); nil without fonts.
    func fontPath(named name: String) -> String? { locator?.path(forFontNamed: name) }

    /// Runs `body` with the face of `path` under the lock; nil when it cannot be opened.
    func withFace<T>(_ path: String, _ body: (FaceInfo) -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let info = faceInfo(path) else { return nil }
        return body(info)
    }

    /// The face's metrics (font units), or nil.
    func metrics(_ path: String) -> FaceInfo? { withFace(path) { $0 } }

    /// The glyph for each scalar of `scalars` with its outline, and the kerning
    /// before it (font units; 0 for the first).
    func glyphs(for scalars: [UInt32], in path: String) -> [(index: UInt32, glyph: Glyph, kerning: CGFloat)] {
        lock.lock()
        defer { lock.unlock() }
        guard let info = faceInfo(path) else { return [] }
        var out: [(UInt32, Glyph, CGFloat)] = []
        var previous: UInt32 = 0
        for scalar in scalars {
            let index = glyphIndex(scalar, info: info, path: path)
            var kern: CGFloat = 0
            if info.hasKerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(info.face, previous, index, FT_KERNING_UNSCALED.rawValue, &delta) == 0 {
                    kern = CGFloat(delta.x)
                }
            }
            out.append((index, glyph(index, info: info, path: path), kern))
            previous = index
        }
        return out
    }

    /// The outline and advance of glyph `index` (font units); nil for an index the face has not.
    func glyph(at index: UInt32, in path: String) -> Glyph? {
        lock.lock()
        defer { lock.unlock() }
        guard let info = faceInfo(path), Int(index) < info.face.pointee.num_glyphs else { return nil }
        return glyph(index, info: info, path: path)
    }

    /// The glyph index of `scalar` in the face of `path` (0: none).
    func glyphIndex(of scalar: UInt32, in path: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        guard let info = faceInfo(path) else { return 0 }
        return glyphIndex(scalar, info: info, path: path)
    }

    /// The kerning between glyphs `left` and `right` in the face of `path`
    /// (font units; 0 without a kerning table).
    func kerning(_ left: UInt32, _ right: UInt32, in path: String) -> CGFloat {
        lock.lock()
        defer { lock.unlock() }
        guard let info = faceInfo(path), info.hasKerning, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(info.face, left, right, FT_KERNING_UNSCALED.rawValue, &delta) == 0 else { return 0 }
        return CGFloat(delta.x)
    }

    /// How many glyphs the face of `path` has.
    func glyphCount(in path: String) -> Int {
        withFace(path) { Int($0.face.pointee.num_glyphs) } ?? 0
    }

    // MARK: Under the lock

    private func faceInfo(_ path: String) -> FaceInfo? {
        if let known = faces[path] { return known }
        var info: FaceInfo?
        if let library {
            var made: FT_Face?
            if FT_New_Face(library, path, 0, &made) == 0, let face = made {
                if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 {
                    info = FaceInfo(
                        face: face, unitsPerEm: CGFloat(face.pointee.units_per_EM),
                        ascender: CGFloat(face.pointee.ascender),
                        descender: CGFloat(face.pointee.descender),
                        lineHeight: CGFloat(face.pointee.height),
                        hasKerning: face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0)
                } else {
                    FT_Done_Face(face)
                }
            }
        }
        // Faces stay open for the life of the process (a handful of font files).
        faces[path] = .some(info)
        return info
    }

    private func glyphIndex(_ scalar: UInt32, info: FaceInfo, path: String) -> UInt32 {
        let key = ScalarKey(path: path, scalar: scalar)
        if let known = glyphIndices[key] { return known }
        let index = UInt32(FT_Get_Char_Index(info.face, FT_ULong(scalar)))
        if glyphIndices.count > Self.maximumGlyphs { glyphIndices.removeAll(keepingCapacity: true) }
        glyphIndices[key] = index
        return index
    }

    private func glyph(_ index: UInt32, info: FaceInfo, path: String) -> Glyph {
        let key = GlyphKey(path: path, glyph: index)
        if let known = glyphs[key] { return known }
        var made = Glyph(outline: CGPath(), advance: 0)
        let flags = Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_BITMAP) | Int32(FT_LOAD_NO_HINTING)
        if FT_Load_Glyph(info.face, index, flags) == 0, let slot = info.face.pointee.glyph {
            let advance = CGFloat(slot.pointee.metrics.horiAdvance)
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                made = Glyph(outline: Self.decompose(&slot.pointee.outline), advance: advance)
            } else {
                made = Glyph(outline: CGPath(), advance: advance)
            }
        }
        if glyphs.count > Self.maximumGlyphs { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = made
        return made
    }

    /// An outline's contours as a path (font units; quadratic and cubic segments kept).
    private static func decompose(_ outline: inout FT_Outline) -> CGPath {
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineBuilder.from(user).move(to!.pointee)
                return 0
            },
            line_to: { to, user in
                OutlineBuilder.from(user).path.addLine(to: OutlineBuilder.point(to!.pointee))
                return 0
            },
            conic_to: { control, to, user in
                OutlineBuilder.from(user).path.addQuadCurve(
                    to: OutlineBuilder.point(to!.pointee),
                    control: OutlineBuilder.point(control!.pointee))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                OutlineBuilder.from(user).path.addCurve(
                    to: OutlineBuilder.point(to!.pointee),
                    control1: OutlineBuilder.point(c1!.pointee),
                    control2: OutlineBuilder.point(c2!.pointee))
                return 0
            },
            shift: 0, delta: 0)
        let error = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard error == 0 else { return CGPath() }
        if !builder.path.isEmpty { builder.path.closeSubpath() }
        return builder.path
    }
}

/// Collects FreeType's outline callbacks into a path.
private final class OutlineBuilder {
    let path = CGMutablePath()

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    static func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: CGFloat(v.y)) }

    /// A new contour: the last one closed first (FreeType's contours are closed).
    func move(_ to: FT_Vector) {
        if !path.isEmpty { path.closeSubpath() }
        path.move(to: Self.point(to))
    }
}
