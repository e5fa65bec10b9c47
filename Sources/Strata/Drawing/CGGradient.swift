import Foundation

/// Colours at locations 0…1 along a gradient, drawn by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Colours are interpolated as straight (unpremultiplied) sRGB components,
/// then premultiplied.
public final class CGGradient: @unchecked Sendable {
    /// The colours, straight alpha, and their locations, in order of location.
    let stops: [(location: CGFloat, color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat))]
    /// The premultiplied colour at `i / (rampSize − 1)`, made once.
    let ramp: [RGBA]
    static let rampSize = 1024

    /// A gradient of `colors` (an array of `CGColor`) at `locations` (one per
    /// colour, 0…1; nil: evenly spaced from 0 to 1). Nil when `colors` is empty
    /// or holds something that is not a `CGColor`.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else { return nil }
        let n = cgColors.count
        var stops: [(CGFloat, (CGFloat, CGFloat, CGFloat, CGFloat))] = []
        for (i, c) in cgColors.enumerated() {
            let v = c.rgba
            let location = locations?[i] ?? (n == 1 ? 0 : CGFloat(i) / CGFloat(n - 1))
            stops.append((location, (v.r, v.g, v.b, v.a)))
        }
        self.init(stops: stops)
    }

    /// A gradient from `count` colours given as components in `space` (3 + alpha
    /// for RGB, 1 + alpha for grey) at `locations` (nil: evenly spaced).
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let per = space.numberOfComponents + 1
        var stops: [(CGFloat, (CGFloat, CGFloat, CGFloat, CGFloat))] = []
        for i in 0..<count {
            let c = components + i * per
            let color = per == 2 ? (c[0], c[0], c[0], c[1]) : (c[0], c[1], c[2], c[3])
            let location = locations?[i] ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            stops.append((location, color))
        }
        self.init(stops: stops)
    }

    init(stops unsorted: [(CGFloat, (CGFloat, CGFloat, CGFloat, CGFloat))]) {
        let clean = unsorted.map { s in
            (
                location: s.0.isFinite ? min(max(s.0, 0), 1) : 0,
                color: (
                    r: min(max(s.1.0, 0), 1), g: min(max(s.1.1, 0), 1), b: min(max(s.1.2, 0), 1),
                    a: min(max(s.1.3, 0), 1)
                )
            )
        }
        // Stable: stops at one location keep their order (a hard edge).
        stops = clean.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        var ramp: [RGBA] = []
        ramp.reserveCapacity(Self.rampSize)
        for i in 0..<Self.rampSize {
            ramp.append(Self.color(at: CGFloat(i) / CGFloat(Self.rampSize - 1), in: stops))
        }
        self.ramp = ramp
    }

    private static func color(
        at t: CGFloat,
        in stops: [(location: CGFloat, color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat))]
    )
        -> RGBA
    {
        var lo = stops[0], hi = stops[stops.count - 1]
        if t <= lo.location {
            hi = lo
        } else if t >= hi.location {
            lo = hi
        } else {
            for i in 1..<stops.count where stops[i].location >= t {
                lo = stops[i - 1]
                hi = stops[i]
                break
            }
        }
        let span = hi.location - lo.location
        let f = span > 0 ? (t - lo.location) / span : 1
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * f }
        let a = mix(lo.color.a, hi.color.a)
        return RGBA(
            Float(mix(lo.color.r, hi.color.r) * a), Float(mix(lo.color.g, hi.color.g) * a),
            Float(mix(lo.color.b, hi.color.b) * a), Float(a))
    }

    /// The premultiplied colour at `t` (clamped to 0…1).
    @inline(__always)
    func color(at t: Double) -> RGBA {
        let i = Int(min(max(t, 0), 1) * Double(Self.rampSize - 1) + 0.5)
        return ramp[i]
    }
}
