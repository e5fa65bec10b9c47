import Foundation

#if !canImport(CoreGraphics)
    /// A bitmap image: 8-bit sRGB RGBA pixels with straight alpha, top row first.
    ///
    /// Layer `contents` take a `CGImage`, as in Core Animation.
    public final class CGImage: @unchecked Sendable {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// `width × height × 4` bytes: R, G, B, A (straight alpha), rows top to bottom.
        public let pixels: [UInt8]
        /// A label for error messages and GL debuggers (usually the file it came from).
        public let label: String

        /// An image from RGBA pixels (straight alpha, top row first).
        public init(width: Int, height: Int, pixels: [UInt8], label: String = "image") {
            precondition(
                width >= 0 && height >= 0 && pixels.count == width * height * 4,
                "CGImage: \(pixels.count) bytes do not make a \(width)×\(height) RGBA image")
            self.width = width
            self.height = height
            self.pixels = pixels
            self.label = label
        }

        /// Bits per component (8).
        public var bitsPerComponent: Int { 8 }
        /// Bits per pixel (32).
        public var bitsPerPixel: Int { 32 }
        /// Bytes per row.
        public var bytesPerRow: Int { width * 4 }
    }
#endif
