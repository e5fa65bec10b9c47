import Foundation
import Synchronization

// A colour painted through a coverage mask (a path's bitmap): the pixels the
// CPU makes of it, and the bytes the GPU's tint and one-channel texture make.
extension PremultipliedColor {
    /// `self × coverage` on transparent pixels (premultiplied RGBA8, a pixel per
    /// coverage byte): the first paint of a bitmap, every pixel written once from
    /// a table of the 256 coverages (no clearing first, no test of what is beneath).
    package func painted(coverage: [UInt8]) -> [UInt8] {
        let bytes = coveredBytes
        return [UInt8](unsafeUninitializedCapacity: coverage.count * 4) { out, count in
            coverage.withUnsafeBytes { cover in
                bytes.withUnsafeBufferPointer { bytes in
                    let words = UnsafeMutableRawBufferPointer(out)
                    // Bytes in memory order r, g, b, a (little-endian words).
                    let clear = bytes[0].littleEndian, full = bytes[255].littleEndian
                    let fullPair = UInt64(full) | UInt64(full) << 32
                    var i = 0
                    // A path's bitmap is mostly outside (0) or inside (255): eight
                    // pixels at a time where all eight are one or the other.
                    while i + 8 <= cover.count {
                        let eight = cover.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        if eight == 0 || eight == ~0 {
                            let pair = eight == 0 ? UInt64(clear) | UInt64(clear) << 32 : fullPair
                            for k in 0..<4 {
                                words.storeBytes(of: pair, toByteOffset: (i + 2 * k) * 4, as: UInt64.self)
                            }
                        } else {
                            for k in i..<(i + 8) {
                                words.storeBytes(
                                    of: bytes[Int(cover[k])].littleEndian, toByteOffset: k * 4, as: UInt32.self)
                            }
                        }
                        i += 8
                    }
                    while i < cover.count {
                        words.storeBytes(of: bytes[Int(cover[i])].littleEndian, toByteOffset: i * 4, as: UInt32.self)
                        i += 1
                    }
                }
            }
            count = coverage.count * 4
        }
    }

    /// `self × coverage` over the premultiplied pixels.
    ///
    /// Both terms of each channel depend only on the coverage byte, so they are
    /// tabled once per paint; a pixel nothing was painted on yet takes the
    /// tabled bytes as they are (the first paint of every bitmap, most pixels).
    package func composite(coverage: [UInt8], into pixels: inout [UInt8]) {
        let c = (r * 255, g * 255, b * 255, a * 255)
        // Per coverage k: each channel's colour term, and what is kept beneath;
        // the term's rounded bytes for a pixel with nothing beneath.
        var terms = [Float](repeating: 0, count: 256 * 4)
        var keeps = [Float](repeating: 1, count: 256)
        for cover in 1..<256 {
            let k = Float(cover) / 255
            terms[cover * 4] = c.0 * k; terms[cover * 4 + 1] = c.1 * k
            terms[cover * 4 + 2] = c.2 * k; terms[cover * 4 + 3] = c.3 * k
            keeps[cover] = 1 - c.3 * k / 255
        }
        let bytes = coveredBytes
        coverage.withUnsafeBufferPointer { cover in
            pixels.withUnsafeMutableBytes { out in
                terms.withUnsafeBufferPointer { terms in
                    for i in 0..<cover.count where cover[i] != 0 {
                        let k = Int(cover[i]), d = i * 4
                        // Bytes in memory order r, g, b, a (little-endian words).
                        if out.loadUnaligned(fromByteOffset: d, as: UInt32.self) == 0 {
                            out.storeBytes(of: bytes[k].littleEndian, toByteOffset: d, as: UInt32.self)
                            continue
                        }
                        let keep = keeps[k], t = k * 4
                        out[d] = Self.roundedByte(terms[t] + Float(out[d]) * keep)
                        out[d + 1] = Self.roundedByte(terms[t + 1] + Float(out[d + 1]) * keep)
                        out[d + 2] = Self.roundedByte(terms[t + 2] + Float(out[d + 2]) * keep)
                        out[d + 3] = Self.roundedByte(terms[t + 3] + Float(out[d + 3]) * keep)
                    }
                }
            }
        }
    }

    /// Whether `painted(coverage:)` leaves a pixel transparent exactly where its
    /// coverage is 0: whether the least coverage paints a byte (an opaque
    /// colour's does; a translucent one's may round to nothing).
    package var paintsEveryCoveredPixel: Bool { coveredPixel(coverage: 1) != 0 }

    /// Whether the colour is opaque to the last bit: painted through a coverage
    /// mask, its pixels' alpha is the coverage itself.
    package var isOpaque: Bool { a >= 1 }

    /// `self × coverage / 255` as the four bytes of a premultiplied pixel (r in the low byte).
    @inline(__always)
    private func coveredPixel(coverage: Int) -> UInt32 {
        let c = (r * 255, g * 255, b * 255, a * 255)
        let k = Float(coverage) / 255
        return UInt32(Self.roundedByte(c.0 * k)) | UInt32(Self.roundedByte(c.1 * k)) << 8
            | UInt32(Self.roundedByte(c.2 * k)) << 16 | UInt32(Self.roundedByte(c.3 * k)) << 24
    }

    /// `self × k / 255` as the four bytes of a premultiplied pixel (r in the
    /// low byte), for each coverage `k`: what a pixel with nothing beneath becomes.
    package var coveredBytes: [UInt32] {
        // A Lottie frame paints the same few colours into its bitmaps every frame: their tables
        // are kept (a table is 255 colour products, a bitmap of a small shape not many more pixels).
        if let kept = Self.coveredTables.withLock({ $0[self] }) { return kept }
        var bytes = [UInt32](repeating: 0, count: 256)
        for cover in 1..<256 { bytes[cover] = coveredPixel(coverage: cover) }
        Self.coveredTables.withLock { tables in
            if tables.count >= Self.coveredTableCapacity { tables.removeAll(keepingCapacity: true) }
            tables[self] = bytes
        }
        return bytes
    }

    /// `coveredBytes`' tables kept, by colour (forgotten all at once past `coveredTableCapacity`).
    private static let coveredTables = Mutex<[PremultipliedColor: [UInt32]]>([:])
    private static let coveredTableCapacity = 256

    /// `v` clamped to 0…255 and rounded half up (as `rounded()` for these non-negative
    /// values, without a call into libm per channel).
    @inline(__always) private static func roundedByte(_ v: Float) -> UInt8 {
        UInt8(min(255, max(0, v)) + 0.5)
    }
}
