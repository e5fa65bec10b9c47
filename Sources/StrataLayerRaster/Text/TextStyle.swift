import Foundation
import Strata
import StrataRender

/// Everything that decides a text layer's pixels: the cache key of ``TextRasterizer``.
///
/// Equal styles draw equal pixels. The string compares by its UTF-8 bytes, not
/// by Swift's canonical equivalence: "é" and "e\u{301}" draw different glyphs.
struct TextStyle: Hashable, Sendable {
    var string: String
    /// The font file.
    var fontPath: String
    /// Points.
    var fontSize: Double
    /// Premultiplied RGBA8 packed as `r | g << 8 | b << 16 | a << 24`.
    var color: UInt32
    var alignment: TextContent.Alignment
    var wrapped: Bool
    var truncation: TextContent.Truncation
    /// Bounds size in points.
    var width: Double
    var height: Double
    /// Device pixels per point the text is drawn at (clamped and quantized).
    var scale: Double

    static func == (a: TextStyle, b: TextStyle) -> Bool {
        a.fontSize == b.fontSize && a.color == b.color && a.width == b.width && a.height == b.height
            && a.scale == b.scale && a.wrapped == b.wrapped && a.alignment == b.alignment
            && a.truncation == b.truncation && a.fontPath == b.fontPath
            && Self.sameBytes(a.string, b.string)
    }

    /// Whether two strings have the same UTF-8 bytes.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    func hash(into h: inout Hasher) {
        h.combine(fontSize); h.combine(color); h.combine(width); h.combine(height); h.combine(scale)
        h.combine(wrapped); h.combine(alignment); h.combine(truncation); h.combine(fontPath)
        var bytes = string
        bytes.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The colour's premultiplied components, 0…255.
    var rgba: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (
            UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8),
            UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 24)
        )
    }

    /// A straight-alpha colour premultiplied and packed as ``color`` stores it.
    static func pack(_ c: CGColor) -> UInt32 {
        let v = c.rgba
        let a = max(0, min(1, Double(v.a)))
        func byte(_ x: Double) -> UInt32 { UInt32((max(0, min(1, x)) * 255).rounded()) }
        return byte(Double(v.r) * a) | byte(Double(v.g) * a) << 8 | byte(Double(v.b) * a) << 16 | byte(a) << 24
    }
}
