import Foundation
import Strata

/// An sRGB colour with premultiplied alpha, as the compositor blends it.
package struct PremultipliedColor: Hashable, Sendable {
    package var r: Float, g: Float, b: Float, a: Float

    package init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Transparent black.
    package static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    /// Opaque white: as a multiplier, no change.
    package static let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

    /// A straight-alpha `CGColor`, premultiplied and scaled by `opacity`.
    package init(_ color: CGColor, opacity: Double = 1) {
        let c = color.rgba
        let a = Float(max(0, min(1, c.a * opacity)))
        func ch(_ v: CGFloat) -> Float { Float(max(0, min(1, v))) * a }
        self.init(r: ch(c.r), g: ch(c.g), b: ch(c.b), a: a)
    }

    /// Every component scaled by `k` (opacity on a premultiplied colour).
    package func scaled(by k: Float) -> PremultipliedColor {
        PremultipliedColor(r: r * k, g: g * k, b: b * k, a: a * k)
    }

    /// Whether the colour draws nothing.
    package var isClear: Bool { a <= 0 }
}
