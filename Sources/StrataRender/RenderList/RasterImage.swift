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

    public init(key: String, width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RasterImage: pixel count does not match \(width)×\(height)")
        self.key = key; self.width = width; self.height = height; self.pixels = pixels
    }

    public static func == (a: RasterImage, b: RasterImage) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }
}
