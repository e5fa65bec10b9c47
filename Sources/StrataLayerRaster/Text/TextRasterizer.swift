import Foundation
import Strata
import StrataRender

/// Draws text layers' strings (``TextContent``) with FreeType into bitmaps for the renderer.
///
/// Text is laid out as Core Animation does (top-left start, font line height,
/// kerning, wrapping, alignment, truncation with "…"), drawn at the device
/// resolution the layer shows at so that it stays crisp, and clipped to the
/// layer's bounds. The bitmap covers the inked part of the bounds.
///
/// Results are cached by everything that decides the pixels, so an unchanged
/// layer costs a lookup per frame and keeps returning the same ``RasterImage``;
/// rendered glyphs are cached per font, size and subpixel offset. One instance
/// has its own FreeType library; it may be used from several threads (calls are
/// serialized by a lock).
public final class TextRasterizer: LayerRasterizer, @unchecked Sendable {
    /// Laid-out results kept (least recently used go first).
    static let maximumEntries = 256
    /// Bytes of cached bitmaps kept.
    static let maximumBytes = 64 << 20
    /// The largest em size drawn, in pixels; larger text is drawn smaller and scaled up.
    static let maximumPixelSize = 1024.0

    private struct Entry {
        var image: RasterImage?
        /// The bitmap's rect relative to the bounds' origin.
        var rect: CGRect
        var lastUse: UInt64
        var bytes: Int
    }

    // Everything below is guarded by `lock`: FreeType objects and the caches.
    private let lock = NSLock()
    private let engine: TextEngine
    private var entries: [TextStyle: Entry] = [:]
    private var entryBytes = 0
    private var clock: UInt64 = 0
    private var serial = 0
    private var fontPaths: [String: String] = [:]
    /// Makes this instance's image keys unique among all rasterizers.
    private let instance = UUID().uuidString

    /// Opens FreeType and the default font (DejaVu Sans: see `FontLocator`);
    /// throws when no default font file is found or it cannot be opened.
    public init() throws(RenderError) {
        let locator: FontLocator
        do { locator = try FontLocator() } catch { throw .fontNotFound(searched: error.searched) }
        engine = try TextEngine(locator: locator)
    }

    /// The file the default font was loaded from.
    public var defaultFontPath: String { engine.locator.defaultFont }

    /// The bitmap of a text layer's text at about `pixelsPerPoint`, covering the inked
    /// part of its bounds; nil for other layers and for text that draws nothing.
    public func rasterContents(of source: RasterSource, pixelsPerPoint: Double) -> (image: RasterImage, rect: CGRect)? {
        guard case .text(let text) = source.content else { return nil }
        return rasterContents(of: text, in: source.bounds, pixelsPerPoint: pixelsPerPoint)
    }

    /// The bitmap of `text` laid out in `bounds` at about `pixelsPerPoint`,
    /// covering the inked part of the bounds, and its local rect; nil when it draws nothing.
    func rasterContents(of text: TextContent, in bounds: CGRect, pixelsPerPoint: Double)
        -> (image: RasterImage, rect: CGRect)?
    {
        guard let style = style(of: text, size: bounds.size, pixelsPerPoint: pixelsPerPoint) else { return nil }
        let origin = bounds.origin
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if var hit = entries[style] {
            hit.lastUse = clock
            entries[style] = hit
            guard let image = hit.image else { return nil }
            return (image, hit.rect.offsetBy(dx: origin.x, dy: origin.y))
        }
        let made = draw(style)
        let bytes = (made?.image.pixels.count ?? 0) + style.string.utf8.count + 256
        store(Entry(image: made?.image, rect: made?.rect ?? .zero, lastUse: clock, bytes: bytes), for: style)
        guard let made else { return nil }
        return (made.image, made.rect.offsetBy(dx: origin.x, dy: origin.y))
    }

    /// The rect `rasterContents(of:pixelsPerPoint:)` returns, from the text's
    /// layout and its glyphs' outlines: no glyph is rendered and no bitmap made
    /// (unless the same text was drawn already, whose rect it is).
    public func contentsBounds(of source: RasterSource, pixelsPerPoint: Double) -> CGRect? {
        guard case .text(let text) = source.content else { return nil }
        return contentsBounds(of: text, in: source.bounds, pixelsPerPoint: pixelsPerPoint)
    }

    /// The local rect `rasterContents(of:in:pixelsPerPoint:)` returns for `text`, without drawing it.
    func contentsBounds(of text: TextContent, in bounds: CGRect, pixelsPerPoint: Double) -> CGRect? {
        guard let style = style(of: text, size: bounds.size, pixelsPerPoint: pixelsPerPoint) else { return nil }
        let origin = bounds.origin
        lock.lock()
        defer { lock.unlock() }
        if let hit = entries[style] {
            return hit.image == nil ? nil : hit.rect.offsetBy(dx: origin.x, dy: origin.y)
        }
        guard let (c, scale) = lay(style, drawing: false) else { return nil }
        return Self.rect(of: c, scale: scale, style).offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The cache key for `text` in bounds of `size` drawn at `pixelsPerPoint`; nil when it draws nothing.
    func style(of text: TextContent, size: CGSize, pixelsPerPoint: Double) -> TextStyle? {
        let width = Double(size.width), height = Double(size.height)
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        let fontSize = Double(text.fontSize)
        guard fontSize > 0, fontSize.isFinite, let color = text.foregroundColor else { return nil }
        let packed = TextStyle.pack(color)
        guard packed >> 24 != 0 else { return nil }
        let string = text.string
        guard !string.isEmpty else { return nil }
        let scale = Self.scale(pixelsPerPoint, fontSize: fontSize)
        guard fontSize * scale >= 0.5 else { return nil }
        return TextStyle(
            string: string, fontPath: fontPath(named: text.fontName), fontSize: fontSize, color: packed,
            alignment: text.alignment, wrapped: text.isWrapped, truncation: text.truncation,
            width: width, height: height, scale: scale)
    }

    /// The file for a font name (remembered, so the per-frame lookup is one dictionary probe).
    private func fontPath(named name: String?) -> String {
        guard let name else { return engine.locator.defaultFont }
        lock.lock()
        defer { lock.unlock() }
        if let known = fontPaths[name] { return known }
        let path = engine.locator.path(forFontNamed: name)
        if fontPaths.count > 1024 { fontPaths.removeAll() }
        fontPaths[name] = path
        return path
    }

    /// The resolution text is drawn at: `pixelsPerPoint` clamped to 0.25…8 and
    /// rounded to 16 steps per octave (so small changes, as under a perspective
    /// animation, reuse a bitmap; 1, 1.5, 2, 3 stay exact), then lowered so that
    /// the em stays within ``maximumPixelSize``.
    static func scale(_ pixelsPerPoint: Double, fontSize: Double) -> Double {
        var s = pixelsPerPoint.isFinite ? min(8, max(0.25, pixelsPerPoint)) : 1
        let step = pow(2, log2(s).rounded(.down)) / 16
        s = min(8, max(0.25, (s / step).rounded() * step))
        return min(s, maximumPixelSize / fontSize)
    }

    /// Lays out and draws a style (under the lock).
    private func draw(_ style: TextStyle) -> (image: RasterImage, rect: CGRect)? {
        guard let (c, scale) = lay(style, drawing: true) else { return nil }
        serial += 1
        let font = (style.fontPath as NSString).lastPathComponent
        let key = "text/\(instance)/\(serial) \(font) \(style.fontSize)pt @\(scale)"
        let image = RasterImage(key: key, width: c.width, height: c.height, pixels: c.pixels)
        return (image, Self.rect(of: c, scale: scale, style))
    }

    /// Lays out a style and draws it, or only measures it (no glyph is
    /// rendered), at the style's scale or lower, where the inked area is over
    /// the bitmap limit; the result and the scale it was made at (under the lock).
    private func lay(_ style: TextStyle, drawing: Bool) -> (TextEngine.Composed, scale: Double)? {
        let face = engine.face(at: style.fontPath)
        var drawn = style
        for _ in 0..<4 {
            let layout = engine.layout(drawn, face: face)
            switch drawing ? engine.compose(layout, face: face, rgba: style.rgba) : engine.measure(layout, face: face) {
            case .nothing:
                return nil
            case .tooLarge(let w, let h):
                drawn.scale *= Double(TextEngine.maximumBitmapSide) / Double(max(w, h)) * 0.98
                if drawn.fontSize * drawn.scale < 0.5 { return nil }
            case .drawn(let c):
                return (c, drawn.scale)
            }
        }
        return nil
    }

    /// The local rect (from the bounds' origin) of a bitmap made at `s` pixels per point.
    private static func rect(of c: TextEngine.Composed, scale s: Double, _ style: TextStyle) -> CGRect {
        CGRect(
            x: Double(c.x) / s, y: Double(c.y) / s,
            width: min(Double(c.x + c.width) / s, style.width) - Double(c.x) / s,
            height: min(Double(c.y + c.height) / s, style.height) - Double(c.y) / s)
    }

    /// Caches an entry, dropping the least recently used ones past the limits (under the lock).
    private func store(_ entry: Entry, for style: TextStyle) {
        entries[style] = entry
        entryBytes += entry.bytes
        guard entries.count > Self.maximumEntries || entryBytes > Self.maximumBytes else { return }
        // Drop the oldest until well under the limits, so eviction runs rarely.
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, old) in oldestFirst {
            if entries.count <= Self.maximumEntries * 3 / 4 && entryBytes <= Self.maximumBytes * 3 / 4 { break }
            if old.lastUse == clock { continue }
            entries[key] = nil
            entryBytes -= old.bytes
        }
    }
}

extension TextRasterizer {
    /// The lines `text` is laid out in at `pixelsPerPoint`, in device pixels (for tests); nil when it draws nothing.
    func layout(of text: TextContent, size: CGSize, pixelsPerPoint: Double) -> TextLayout? {
        guard let style = style(of: text, size: size, pixelsPerPoint: pixelsPerPoint) else { return nil }
        return withEngine { engine in engine.layout(style, face: engine.face(at: style.fontPath)) }
    }

    /// Runs `body` with the engine under the lock.
    func withEngine<T>(_ body: (TextEngine) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(engine)
    }
}
