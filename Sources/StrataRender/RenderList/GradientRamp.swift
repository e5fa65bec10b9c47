import Foundation
import Strata

/// A gradient's colours sampled along 0…1, premultiplied RGBA8, one texture row.
package struct GradientRamp: Hashable, Sendable {
    /// Samples across the ramp (texel centres at (i + 0.5) / width).
    package static let width = 512
    /// `width × 4` bytes.
    package var texels: [UInt8]

    /// The ramp for `colors` at `locations` (nil: evenly spaced), as Core
    /// Animation: before the first location the first colour, after the last the
    /// last; colours interpolate premultiplied, as browsers do.
    package init(colors: [CGColor], locations: [Double]?) {
        var stops: [(t: Double, c: PremultipliedColor)] = []
        let n = colors.count
        for (i, color) in colors.enumerated() {
            let t: Double
            if let locations, i < locations.count {
                t = locations[i]
            } else {
                t = n > 1 ? Double(i) / Double(n - 1) : 0
            }
            stops.append((t, PremultipliedColor(color)))
        }
        // Locations out of order behave as if clamped to the previous one (as CSS does).
        for i in stops.indices.dropFirst() where stops[i].t < stops[i - 1].t { stops[i].t = stops[i - 1].t }
        var texels = [UInt8](repeating: 0, count: Self.width * 4)
        for i in 0..<Self.width {
            let t = (Double(i) + 0.5) / Double(Self.width)
            let c = Self.sample(stops, at: t)
            texels[i * 4 + 0] = UInt8((c.r * 255).rounded())
            texels[i * 4 + 1] = UInt8((c.g * 255).rounded())
            texels[i * 4 + 2] = UInt8((c.b * 255).rounded())
            texels[i * 4 + 3] = UInt8((c.a * 255).rounded())
        }
        self.texels = texels
    }

    static func sample(_ stops: [(t: Double, c: PremultipliedColor)], at t: Double) -> PremultipliedColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.t { return first.c }
        if t >= last.t { return last.c }
        for i in 1..<stops.count where t <= stops[i].t {
            let a = stops[i - 1], b = stops[i]
            let span = b.t - a.t
            let k = Float(span > 0 ? (t - a.t) / span : 1)
            return PremultipliedColor(
                r: a.c.r + (b.c.r - a.c.r) * k, g: a.c.g + (b.c.g - a.c.g) * k,
                b: a.c.b + (b.c.b - a.c.b) * k, a: a.c.a + (b.c.a - a.c.a) * k)
        }
        return last.c
    }
}
