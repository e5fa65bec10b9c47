import Foundation

#if !canImport(CoreGraphics)
    /// An sRGB colour with straight (unpremultiplied) alpha, immutable like Core Graphics' `CGColor`.
    public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
        /// Red, green, blue and alpha, each in 0...1 (sRGB, straight alpha).
        public let components: [CGFloat]?

        /// A colour from sRGB components (Core Graphics' `init(srgbRed:green:blue:alpha:)`).
        public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
            components = [red, green, blue, alpha]
        }

        /// A colour from sRGB components.
        public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
            self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
        }

        /// A grey.
        public convenience init(gray: CGFloat, alpha: CGFloat) {
            self.init(srgbRed: gray, green: gray, blue: gray, alpha: alpha)
        }

        /// The alpha component.
        public var alpha: CGFloat { components?[3] ?? 1 }

        /// The number of components (always 4: RGBA).
        public var numberOfComponents: Int { 4 }

        /// The same colour with another alpha.
        public func copy(alpha: CGFloat) -> CGColor? {
            CGColor(srgbRed: rgba.r, green: rgba.g, blue: rgba.b, alpha: alpha)
        }

        /// Opaque black.
        public static let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        /// Opaque white.
        public static let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        /// Transparent black.
        public static let clear = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0)

        public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
        public func hash(into h: inout Hasher) { h.combine(components) }
        public var description: String {
            let c = rgba
            return String(format: "CGColor(%.4g, %.4g, %.4g, %.4g)", c.r, c.g, c.b, c.a)
        }
    }
#endif

extension CGColor {
    /// The colour as straight-alpha sRGB components.
    public var rgba: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = components ?? [0, 0, 0, 1]
        return (c[0], c[1], c[2], c[3])
    }
}
