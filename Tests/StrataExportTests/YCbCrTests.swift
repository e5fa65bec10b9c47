import StrataExport
import Testing

/// The y4m colour conversion: full-range BT.601, back within one level.
@Suite struct YCbCrTests {
    /// JFIF's inverse, in floating point, as a player decodes.
    static func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (Int, Int, Int) {
        let y = Double(y), cb = Double(cb) - 128, cr = Double(cr) - 128
        func clamp(_ v: Double) -> Int { Int(min(255, max(0, v.rounded()))) }
        return (clamp(y + 1.402 * cr), clamp(y - 0.344136 * cb - 0.714136 * cr), clamp(y + 1.772 * cb))
    }

    @Test func everyColourOnAGridComesBackWithinOneLevel() {
        var rgba: [UInt8] = []
        // Every 5th level of each channel, the extremes included: 52³ colours.
        let levels = Array(stride(from: 0, through: 255, by: 5))
        for r in levels { for g in levels { for b in levels { rgba += [UInt8(r), UInt8(g), UInt8(b), 255] } } }
        let count = rgba.count / 4
        var planes = [UInt8](repeating: 0, count: count * 3)
        rgba.withUnsafeBufferPointer { source in
            planes.withUnsafeMutableBufferPointer { YCbCr.planes(fromRGBA: source, pixelCount: count, into: $0) }
        }
        var worst = 0
        for i in 0..<count {
            let (r, g, b) = Self.rgb(y: planes[i], cb: planes[count + i], cr: planes[2 * count + i])
            worst = max(worst, abs(r - Int(rgba[4 * i])), abs(g - Int(rgba[4 * i + 1])), abs(b - Int(rgba[4 * i + 2])))
        }
        #expect(worst <= 1)
    }

    @Test func greysAreExactAndPrimariesStayInRange() {
        let pixels: [[UInt8]] = [
            [0, 0, 0], [255, 255, 255], [128, 128, 128], [0, 0, 255], [255, 255, 0], [255, 0, 0],
        ]
        let rgba: [UInt8] = pixels.flatMap { $0 + [UInt8(255)] }
        var planes = [UInt8](repeating: 0, count: pixels.count * 3)
        rgba.withUnsafeBufferPointer { source in
            planes.withUnsafeMutableBufferPointer { YCbCr.planes(fromRGBA: source, pixelCount: pixels.count, into: $0) }
        }
        let n = pixels.count
        #expect(planes[0] == 0 && planes[n] == 128 && planes[2 * n] == 128)
        #expect(planes[1] == 255 && planes[n + 1] == 128 && planes[2 * n + 1] == 128)
        #expect(planes[2] == 128 && planes[n + 2] == 128)
        // Pure blue's Cb is 255.5 before rounding: it must not wrap to 0.
        #expect(planes[n + 3] == 255)
        #expect(planes[n + 4] == 0)
        #expect(planes[2 * n + 5] == 255)
    }
}
