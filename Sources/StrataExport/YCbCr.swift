/// RGB to YCbCr as JPEG (JFIF) defines it: BT.601 coefficients, full range
/// (0...255 for all three), no chroma subsampling.
///
/// Full range matters: with every channel's 8 bits kept, converting back
/// (`R = Y + 1.402 (Cr − 128)`, `G = Y − 0.344136 (Cb − 128) − 0.714136 (Cr − 128)`,
/// `B = Y + 1.772 (Cb − 128)`) lands within one level of the original, where
/// studio range (16...235) can miss by two.
public enum YCbCr {
    /// Fixed-point weights (16 fractional bits), libjpeg's: each row sums to
    /// 65536 for Y and to 0 for Cb and Cr, so grey stays grey exactly.
    static let yR = 19595, yG = 38470, yB = 7471
    static let cbR = -11059, cbG = -21709, cbB = 32768
    static let crR = 32768, crG = -27439, crB = -5329
    /// 0.5 to round; for chroma, 128 << 16 for the offset and a hair under 0.5
    /// (libjpeg's trick), so pure blue's Cb of exactly 255.5 rounds to 255, not 256.
    static let half = 1 << 15, chromaOffset = (128 << 16) + (1 << 15) - 1

    /// Converts `width × height` RGBA8 pixels (alpha ignored) into three planes
    /// written one after another into `out` (Y, then Cb, then Cr; `3 × width × height` bytes).
    public static func planes(
        fromRGBA rgba: UnsafeBufferPointer<UInt8>, pixelCount: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        precondition(rgba.count >= pixelCount * 4 && out.count >= pixelCount * 3, "YCbCr.planes: buffers too small")
        let y = out.baseAddress!, cb = y + pixelCount, cr = cb + pixelCount
        let source = rgba.baseAddress!
        for i in 0..<pixelCount {
            let r = Int(source[4 * i]), g = Int(source[4 * i + 1]), b = Int(source[4 * i + 2])
            y[i] = UInt8(truncatingIfNeeded: (yR * r + yG * g + yB * b + half) >> 16)
            // Each chroma sum is within 0...255 + 0.5 − ε, so no clamp is needed.
            cb[i] = UInt8(truncatingIfNeeded: (cbR * r + cbG * g + cbB * b + chromaOffset) >> 16)
            cr[i] = UInt8(truncatingIfNeeded: (crR * r + crG * g + crB * b + chromaOffset) >> 16)
        }
    }
}
