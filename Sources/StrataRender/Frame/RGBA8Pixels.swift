import Foundation

/// Conversions and readback for RGBA8 pixel bytes (4 bytes per pixel, rows top
/// to bottom unless said otherwise).
package enum RGBA8Pixels {
    /// Straight-alpha pixels with colour multiplied by alpha, rounded to nearest:
    /// `c' = round(c × a / 255)`.
    package static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        precondition(straight.count % 4 == 0, "RGBA8 data must be a multiple of 4 bytes")
        var result = straight
        result.withUnsafeMutableBufferPointer { bytes in
            for pixel in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = UInt32(bytes[pixel + 3])
                if alpha == 255 { continue }
                for channel in 0..<3 {
                    // (x + 127) / 255 is round(x / 255) for every x = c·a ≤ 255²:
                    // x / 255 is never exactly halfway between integers.
                    bytes[pixel + channel] = UInt8((UInt32(bytes[pixel + channel]) * alpha + 127) / 255)
                }
            }
        }
        return result
    }

    /// Premultiplied pixels divided back to straight alpha (for PNG files);
    /// colour is 0 where alpha is 0.
    package static func unpremultiplied(_ premultiplied: [UInt8]) -> [UInt8] {
        precondition(premultiplied.count % 4 == 0, "RGBA8 data must be a multiple of 4 bytes")
        var result = premultiplied
        result.withUnsafeMutableBufferPointer { bytes in
            for pixel in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = UInt32(bytes[pixel + 3])
                if alpha == 255 { continue }
                for channel in 0..<3 {
                    let value = alpha == 0 ? 0 : (UInt32(bytes[pixel + channel]) * 255 + alpha / 2) / alpha
                    bytes[pixel + channel] = UInt8(min(255, value))
                }
            }
        }
        return result
    }

    /// The rows of a `width × height` image in reverse order (GL's bottom-up rows
    /// to top-down, and back).
    package static func flippedRows(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 4
        precondition(
            pixels.count == rowBytes * height, "flippedRows: \(pixels.count) bytes is not \(width)×\(height) RGBA8")
        var result = [UInt8](repeating: 0, count: pixels.count)
        for row in 0..<height {
            let source = (height - 1 - row) * rowBytes
            result[row * rowBytes..<(row + 1) * rowBytes] = pixels[source..<source + rowBytes]
        }
        return result
    }
}
