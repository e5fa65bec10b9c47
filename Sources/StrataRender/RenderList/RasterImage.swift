import Foundation

/// A premultiplied RGBA8 bitmap made on the CPU, identified by a content key so
/// that unchanged content keeps its atlas slot across frames.
public final class RasterImage: Hashable, @unchecked Sendable {
    /// What the bitmap shows (path, style, scale…): equal keys mean equal pixels.
    public let key: String
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8, top row first.
    public let pixels: [UInt8]
    /// Whether every pixel of the outermost rows and columns is transparent: the
    /// bitmap's edges are in its pixels, so it can be drawn as it is, with no edge test.
    public let hasClearEdges: Bool

    public init(key: String, width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RasterImage: pixel count does not match \(width)×\(height)")
        self.key = key; self.width = width; self.height = height; self.pixels = pixels
        hasClearEdges = Self.edgesAreClear(pixels, width: width, height: height)
    }

    public static func == (a: RasterImage, b: RasterImage) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }

    private static func edgesAreClear(_ pixels: [UInt8], width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return true }
        func clear(_ x: Int, _ y: Int) -> Bool {
            let i = (y * width + x) * 4
            return pixels[i] | pixels[i + 1] | pixels[i + 2] | pixels[i + 3] == 0
        }
        for x in 0..<width where !clear(x, 0) || !clear(x, height - 1) { return false }
        for y in 0..<height where !clear(0, y) || !clear(width - 1, y) { return false }
        return true
    }
}
