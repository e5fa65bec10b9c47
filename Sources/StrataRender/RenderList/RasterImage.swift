import Foundation
import Synchronization

/// A premultiplied RGBA8 bitmap made on the CPU, identified by a content key so
/// that unchanged content keeps its atlas slot across frames.
///
/// A bitmap of one opaque paint through a coverage mask (most path bitmaps)
/// is kept as its coverage, a byte per pixel, and its paint: the GPU holds it
/// as one channel, a quarter of the bytes to make and upload, and multiplies
/// the paint in as it draws (``AtlasPlanner``). Its RGBA pixels are made only
/// when something asks for them.
public final class RasterImage: Hashable, @unchecked Sendable {
    /// What the bitmap shows (path, style, scale…): equal keys mean equal pixels.
    public let key: String
    public let width: Int
    public let height: Int
    /// For a bitmap of one opaque paint: a coverage byte per pixel, top row first.
    package let coverage: [UInt8]?
    /// The paint `coverage` is painted with (opaque).
    package let paint: PremultipliedColor?
    /// Whether every pixel of the outermost rows and columns is transparent: the
    /// bitmap's edges are in its pixels, so it can be drawn as it is, with no edge test.
    package let hasClearEdges: Bool
    /// For a large bitmap with much of it transparent, the pixel rectangles
    /// (top-left origin) that hold all its paint: runs of ``paintTile``-square
    /// tiles with paint (any byte set) along each row of tiles. Nil where drawing it whole
    /// costs about as much.
    package let paintedRuns: [CGRect]?
    /// The RGBA8 pixels given (nil for a coverage bitmap).
    private let givenPixels: [UInt8]?
    /// A coverage bitmap's RGBA8 pixels, made when first asked for.
    private let madePixels = Mutex<[UInt8]?>(nil)

    /// Premultiplied RGBA8, top row first.
    public var pixels: [UInt8] {
        if let givenPixels { return givenPixels }
        return madePixels.withLock { made in
            if let made { return made }
            let pixels = paint!.painted(coverage: coverage!)
            made = pixels
            return pixels
        }
    }

    /// The bytes the bitmap holds as made (a quarter of its pixels' for a coverage bitmap).
    package var byteCount: Int { coverage?.count ?? width * height * 4 }

    public convenience init(key: String, width: Int, height: Int, pixels: [UInt8]) {
        self.init(key: key, width: width, height: height, pixels: pixels, paint: pixels, bytesPerPixel: 4)
    }

    /// A bitmap whose pixels are transparent exactly where `coverage` (a
    /// byte per pixel, as a path's coverage mask) is 0: its painted tiles are
    /// found in those bytes, a quarter of the pixels'.
    package convenience init(
        key: String, width: Int, height: Int, pixels: [UInt8], paintedWhereNonZero coverage: [UInt8]
    ) {
        precondition(coverage.count == width * height, "RasterImage: coverage count does not match \(width)×\(height)")
        self.init(key: key, width: width, height: height, pixels: pixels, paint: coverage, bytesPerPixel: 1)
    }

    /// The bitmap of opaque `paint` through `coverage` (a byte per pixel).
    package init(key: String, width: Int, height: Int, coverage: [UInt8], paint: PremultipliedColor) {
        precondition(coverage.count == width * height, "RasterImage: coverage count does not match \(width)×\(height)")
        precondition(paint.isOpaque, "RasterImage: a coverage bitmap's paint must be opaque")
        self.key = key; self.width = width; self.height = height
        self.coverage = coverage
        self.paint = paint
        givenPixels = nil
        hasClearEdges = Self.edgesAreClear(coverage, bytesPerPixel: 1, width: width, height: height)
        paintedRuns = Self.paintedRuns(coverage, bytesPerPixel: 1, width: width, height: height)
    }

    /// `paint`: `bytesPerPixel` bytes a pixel, any of them set where the pixels have paint.
    private init(key: String, width: Int, height: Int, pixels: [UInt8], paint: [UInt8], bytesPerPixel: Int) {
        precondition(pixels.count == width * height * 4, "RasterImage: pixel count does not match \(width)×\(height)")
        self.key = key; self.width = width; self.height = height
        coverage = nil
        self.paint = nil
        givenPixels = pixels
        hasClearEdges = Self.edgesAreClear(pixels, bytesPerPixel: 4, width: width, height: height)
        paintedRuns = Self.paintedRuns(paint, bytesPerPixel: bytesPerPixel, width: width, height: height)
    }

    /// The side of the tiles ``paintedRuns`` are made of, in pixels.
    package static let paintTile = 32

    public static func == (a: RasterImage, b: RasterImage) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }

    /// `pixels`: `b` bytes each (4: RGBA, 1: coverage), all 0 where transparent.
    private static func edgesAreClear(_ pixels: [UInt8], bytesPerPixel b: Int, width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return true }
        return pixels.withUnsafeBufferPointer { p in
            // (Through the buffer: a slice per pixel cost more than the test.)
            func clear(_ x: Int, _ y: Int) -> Bool {
                let i = (y * width + x) * b
                var any: UInt8 = 0
                for k in i..<(i + b) { any |= p[k] }
                return any == 0
            }
            for x in 0..<width where !clear(x, 0) || !clear(x, height - 1) { return false }
            for y in 0..<height where !clear(0, y) || !clear(width - 1, y) { return false }
            return true
        }
    }

    /// See ``paintedRuns``: nil below 256 × 256 pixels, where a bitmap's tiles
    /// would leave out under a quarter of it, or beyond 64 runs (each is a quad).
    /// `pixels`: `bytesPerPixel` bytes each, any of them set where there is paint.
    private static func paintedRuns(_ pixels: [UInt8], bytesPerPixel b: Int, width: Int, height: Int) -> [CGRect]? {
        guard width * height >= 65_536 else { return nil }
        let t = paintTile
        let columns = (width + t - 1) / t, rows = (height + t - 1) / t
        var painted = [Bool](repeating: false, count: columns * rows)
        pixels.withUnsafeBytes { p in
            for y in 0..<height {
                let row = (y / t) * columns
                var x = 0
                while x < width {
                    let tile = row + x / t
                    let end = min(width, (x / t + 1) * t)
                    if !painted[tile] {
                        // Any byte set, a word at a time (a colour with no alpha counts:
                        // drawing a tile that shows nothing costs only its pixels).
                        var bits: UInt64 = 0
                        var i = (y * width + x) * b
                        let stop = (y * width + end) * b
                        while i + 8 <= stop {
                            bits |= p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            i += 8
                        }
                        while i < stop {
                            bits |= UInt64(p[i])
                            i += 1
                        }
                        if bits != 0 { painted[tile] = true }
                    }
                    x = end
                }
            }
        }
        var runs: [CGRect] = []
        var area = 0
        // A run with the same columns as one ending on the row above extends it.
        var open: [Int: Int] = [:]
        for r in 0..<rows {
            var next: [Int: Int] = [:]
            var c = 0
            while c < columns {
                guard painted[r * columns + c] else {
                    c += 1
                    continue
                }
                let start = c
                while c < columns, painted[r * columns + c] { c += 1 }
                let x0 = start * t, x1 = min(width, c * t), y0 = r * t, y1 = min(height, (r + 1) * t)
                area += (x1 - x0) * (y1 - y0)
                let span = start * (columns + 1) + c
                if let above = open[span] {
                    runs[above].size.height += CGFloat(y1 - y0)
                    next[span] = above
                } else {
                    runs.append(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                    next[span] = runs.count - 1
                }
                if runs.count > 64 { return nil }
            }
            open = next
        }
        return area * 4 <= width * height * 3 ? runs : nil
    }
}
