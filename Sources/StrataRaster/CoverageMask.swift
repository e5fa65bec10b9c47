import Foundation

/// An 8-bit coverage mask: for each pixel, how much of it a shape covers (0 none, 255 all).
///
/// Rows run top to bottom, `width` bytes each. Pixel (x, y) is the square
/// [x, x + 1] × [y, y + 1] of mask space; the renderer uploads `bytes` as a one-channel texture.
package struct CoverageMask: Hashable, Sendable {
    /// Pixels per row.
    package let width: Int
    /// Rows.
    package let height: Int
    /// `width × height` coverage values, row by row from the top.
    package var bytes: [UInt8]

    /// A mask with the given bytes (`bytes.count` must be `width × height`).
    package init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && bytes.count == width * height,
            "CoverageMask needs width × height bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An empty (all zero) mask.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height))
    }

    /// The coverage of pixel (x, y).
    package subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the mask")
        return bytes[y * width + x]
    }

    /// The covered area in pixels: the sum of all coverage over 255.
    package var coveredArea: Double {
        Double(bytes.reduce(0) { $0 + Int($1) }) / 255
    }
}
