import Foundation

/// Where a bitmap context's pixels keep their components: the formats Core
/// Graphics accepts for 8-bit bitmap contexts.
///
/// - RGB, 32 bits a pixel, alpha premultiplied first or last or an unused byte
///   first or last, in either 32-bit byte order (`premultipliedFirst` with
///   `byteOrder32Little` is BGRA in memory, iOS's favourite);
/// - grey, 8 bits, no alpha;
/// - alpha only, 8 bits (no colour space).
///
/// Components are read and written as premultiplied floats 0…1; a format
/// without alpha reads as opaque and drops alpha on write, a grey one stores
/// the luminance.
struct BitmapFormat: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case rgb, gray, alphaOnly }

    let kind: Kind
    let bytesPerPixel: Int
    /// Byte offsets in a pixel of red, green and blue (all the grey byte for grey).
    let red: Int, green: Int, blue: Int
    /// Byte offset of alpha, or nil when the format has none.
    let alpha: Int?
    /// Byte offset of the unused byte of a 32-bit format without alpha.
    let unused: Int?

    /// Premultiplied RGBA, R first in memory: what Strata makes when it picks the format.
    static let rgba = BitmapFormat(kind: .rgb, bytesPerPixel: 4, red: 0, green: 1, blue: 2, alpha: 3)

    init(kind: Kind, bytesPerPixel: Int, red: Int, green: Int, blue: Int, alpha: Int?, unused: Int? = nil) {
        self.kind = kind
        self.bytesPerPixel = bytesPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.unused = unused
    }

    /// The format for Core Graphics' description of a bitmap, or nil when
    /// Strata cannot draw into it (Core Graphics refuses the same, except 16-bit
    /// and float components, which Strata does not support).
    init?(bitsPerComponent: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents),
            let alphaInfo = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
        else { return nil }
        let order = bitmapInfo.intersection(.byteOrderMask)
        guard order == .byteOrderDefault || order == .byteOrder32Big || order == .byteOrder32Little else { return nil }
        if alphaInfo == .alphaOnly {
            self.init(kind: .alphaOnly, bytesPerPixel: 1, red: 0, green: 0, blue: 0, alpha: 0)
            return
        }
        guard let space else { return nil }
        switch space.model {
        case .monochrome:
            guard alphaInfo == .none else { return nil }
            self.init(kind: .gray, bytesPerPixel: 1, red: 0, green: 0, blue: 0, alpha: nil)
        case .rgb:
            // Offsets in the order the format names them (big-endian), mirrored for 32-bit little-endian.
            let first: Bool
            let hasAlpha: Bool
            switch alphaInfo {
            case .premultipliedLast: (first, hasAlpha) = (false, true)
            case .premultipliedFirst: (first, hasAlpha) = (true, true)
            case .noneSkipLast: (first, hasAlpha) = (false, false)
            case .noneSkipFirst: (first, hasAlpha) = (true, false)
            default: return nil  // straight alpha and 24-bit RGB: not bitmap context formats
            }
            let flip = order == .byteOrder32Little
            func at(_ i: Int) -> Int { flip ? 3 - i : i }
            let c = first ? 1 : 0
            let extra = at(first ? 0 : 3)
            self.init(
                kind: .rgb, bytesPerPixel: 4, red: at(c), green: at(c + 1), blue: at(c + 2),
                alpha: hasAlpha ? extra : nil, unused: hasAlpha ? nil : extra)
        default:
            return nil
        }
    }

    /// The premultiplied colour of the pixel at `p`.
    @inline(__always)
    func load(_ p: UnsafeMutablePointer<UInt8>) -> RGBA {
        switch kind {
        case .rgb:
            let a = alpha.map { Float(p[$0]) / 255 } ?? 1
            return RGBA(Float(p[red]) / 255, Float(p[green]) / 255, Float(p[blue]) / 255, a)
        case .gray:
            let g = Float(p[0]) / 255
            return RGBA(g, g, g, 1)
        case .alphaOnly:
            return RGBA(0, 0, 0, Float(p[0]) / 255)
        }
    }

    /// Writes a premultiplied colour into the pixel at `p`.
    @inline(__always)
    func store(_ c: RGBA, _ p: UnsafeMutablePointer<UInt8>) {
        switch kind {
        case .rgb:
            if let alpha {
                let a = Self.byte(c.a)
                p[alpha] = a
                // Premultiplied components never exceed alpha.
                p[red] = min(Self.byte(c.r), a)
                p[green] = min(Self.byte(c.g), a)
                p[blue] = min(Self.byte(c.b), a)
            } else {
                p[red] = Self.byte(c.r)
                p[green] = Self.byte(c.g)
                p[blue] = Self.byte(c.b)
                // The unused byte reads as opaque (images made from the context are).
                if let unused { p[unused] = 255 }
            }
        case .gray:
            p[0] = Self.byte(c.luminance)
        case .alphaOnly:
            p[0] = Self.byte(c.a)
        }
    }

    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }
}

/// A premultiplied colour, components 0…1.
struct RGBA: Hashable, Sendable {
    var r: Float, g: Float, b: Float, a: Float

    @inline(__always)
    init(_ r: Float, _ g: Float, _ b: Float, _ a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    static let clear = RGBA(0, 0, 0, 0)

    /// A straight-alpha `CGColor` premultiplied, its alpha scaled by `alpha`.
    init(_ color: CGColor, alpha: CGFloat = 1) {
        let c = color.rgba
        let a = Float(min(max(c.a * alpha, 0), 1))
        func unit(_ v: CGFloat) -> Float { Float(min(max(v, 0), 1)) }
        self.init(unit(c.r) * a, unit(c.g) * a, unit(c.b) * a, a)
    }

    /// The colour scaled by `k` (alpha too: premultiplied opacity).
    @inline(__always)
    func scaled(_ k: Float) -> RGBA { RGBA(r * k, g * k, b * k, a * k) }

    /// Luminance of the premultiplied colour (grey contexts store it).
    var luminance: Float { 0.3 * r + 0.59 * g + 0.11 * b }
}
