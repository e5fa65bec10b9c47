import Foundation
import Strata

extension SceneValueDecoder {
    /// A colour: `"#RRGGBB"`, `"#RRGGBBAA"` (hex digits, either case) or
    /// `[r, g, b, a]` with components in 0...1 (sRGB, straight alpha).
    package static func color(_ json: JSONValue, at path: String) throws(SceneError) -> CGColor {
        switch json {
        case .string(let s):
            let digits = Array(s.utf8.dropFirst())
            guard s.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { throw .badColour(json, at: path) }
            var c: [CGFloat] = []
            var k = 0
            while k < digits.count {
                guard let hi = hexDigit(digits[k]), let lo = hexDigit(digits[k + 1]) else {
                    throw .badColour(json, at: path)
                }
                c.append(CGFloat(hi * 16 + lo) / 255)
                k += 2
            }
            return CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        case .array(let items):
            guard items.count == 4 else { throw .badColour(json, at: path) }
            var c: [CGFloat] = []
            for (k, item) in items.enumerated() {
                if case .number(let n) = item, (0...1).contains(n) {
                    c.append(n)
                } else {
                    c.append(try unit(item, at: "\(path)[\(k)]"))
                }
            }
            return CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3])
        default:
            throw .badColour(json, at: path)
        }
    }

    /// A colour, or `null` for none.
    package static func optionalColor(_ json: JSONValue, at path: String) throws(SceneError) -> CGColor? {
        if case .null = json { return nil }
        return try color(json, at: path)
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }

    /// The colour as scene JSON: lower-case hex when every component is an
    /// exact multiple of 1/255 (so it reads back identically), else `[r, g, b, a]`.
    package static func encode(_ color: CGColor) -> JSONValue {
        let c = color.rgba
        let parts = [c.r, c.g, c.b, c.a]
        let bytes = parts.map { ($0 * 255).rounded() }
        let exact = zip(parts, bytes).allSatisfy { p, b in b >= 0 && b <= 255 && b / 255 == p }
        guard exact else { return .array(parts.map { .number($0) }) }
        var hex = "#"
        for b in bytes.prefix(c.a == 1 ? 3 : 4) { hex += String(format: "%02x", Int(b)) }
        return .string(hex)
    }
}
