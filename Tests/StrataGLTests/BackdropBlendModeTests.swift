import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// The blend modes that read what is beneath (`compositingFilter` overlay …
/// luminosity), drawn with a backdrop copy, checked against the W3C
/// Compositing and Blending formulas computed here.
@Suite struct BackdropBlendModeTests {
    typealias RGB = SIMD3<Double>

    /// W3C `B(cb, cs)` for `mode`, on straight colours.
    static func blend(_ mode: BlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
        func each(_ f: (Double, Double) -> Double) -> RGB { RGB(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
        func hardLight(_ b: Double, _ s: Double) -> Double {
            s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
        }
        func lum(_ c: RGB) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
        func clip(_ c: RGB) -> RGB {
            let l = lum(c), n = c.min(), x = c.max()
            var c = c
            if n < 0 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * l / (l - n) }
            if x > 1 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * (1 - l) / (x - l) }
            return c
        }
        func setLum(_ c: RGB, _ l: Double) -> RGB { clip(c + RGB(repeating: l - lum(c))) }
        func sat(_ c: RGB) -> Double { c.max() - c.min() }
        func setSat(_ c: RGB, _ s: Double) -> RGB {
            // The spec's sorted form: max → s, mid scaled, min → 0.
            var out = [c.x, c.y, c.z]
            let order = out.indices.sorted { out[$0] < out[$1] }
            let (lo, mid, hi) = (order[0], order[1], order[2])
            if out[hi] > out[lo] {
                out[mid] = (out[mid] - out[lo]) * s / (out[hi] - out[lo])
                out[hi] = s
            } else {
                out[mid] = 0
                out[hi] = 0
            }
            out[lo] = 0
            return RGB(out[0], out[1], out[2])
        }
        switch mode {
        case .overlay: return each { b, s in hardLight(s, b) }
        case .darken: return each(min)
        case .lighten: return each(max)
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hardLight)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { b, s in abs(b - s) }
        case .exclusion: return each { b, s in b + s - 2 * b * s }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    /// The straight RGBA8 pixel of source `s` (alpha `as`) blended by `mode` over
    /// backdrop `b` (alpha `ab`) over a clear target, source over the blended colour.
    static func expected(_ mode: BlendMode, backdrop b: RGB, _ ab: Double, source s: RGB, _ as: Double) -> [Int] {
        // The backdrop as the target holds it: premultiplied 8-bit.
        let bp = (b * ab * 255).rounded(.toNearestOrEven) / 255
        let cb = ab > 0 ? (bp / ab).clamped(lowerBound: RGB(repeating: 0), upperBound: RGB(repeating: 1)) : RGB()
        let mixed = blend(mode, cb, s).clamped(lowerBound: RGB(repeating: 0), upperBound: RGB(repeating: 1))
        let co = s * `as` * (1 - ab) + bp * (1 - `as`) + mixed * `as` * ab
        let ao = `as` + ab * (1 - `as`)
        let straight = ao > 0 ? co / ao : RGB()
        return [straight.x, straight.y, straight.z, ao].map { Int(($0 * 255).rounded()) }
    }

    static let backdropColor = RGB(0.2, 0.6, 0.9)
    static let sourceColor = RGB(0.8, 0.35, 0.45)

    /// A 32 × 16 canvas: the backdrop layer on all of it, and over its right
    /// half the source layer with `mode`.
    func render(
        _ mode: BlendMode, backdropAlpha ab: Double, sourceAlpha as: Double,
        renderer: OffscreenRenderer
    ) throws -> CGImage {
        let b = Self.backdropColor, s = Self.sourceColor
        let r = root(32, 16)
        r.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 32, height: 16), CGPoint(x: 16, y: 8),
                CGColor(red: b.x, green: b.y, blue: b.z, alpha: ab)))
        let top = layer(
            CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 24, y: 8),
            CGColor(red: s.x, green: s.y, blue: s.z, alpha: `as`))
        top.compositingFilter = mode.name + "BlendMode"
        r.addSublayer(top)
        return try renderer.render(r, size: CGSize(width: 32, height: 16)).image
    }

    @Test(arguments: [(1.0, 1.0), (0.6, 0.7), (1.0, 0.5), (0.4, 1.0)])
    func eachModeMatchesTheSpec(alphas: (backdrop: Double, source: Double)) throws {
        let renderer = try OffscreenRenderer()
        for mode in BlendMode.allCases where mode.readsBackdrop {
            let image = try render(
                mode, backdropAlpha: alphas.backdrop, sourceAlpha: alphas.source,
                renderer: renderer)
            let want = Self.expected(
                mode, backdrop: Self.backdropColor, alphas.backdrop,
                source: Self.sourceColor, alphas.source)
            #expect(close(pixel(image, 24, 8), want, 3), "\(mode.name) \(alphas): \(pixel(image, 24, 8)) ≠ \(want)")
            // Beside the source the backdrop is as it was.
            let alone = Self.expected(.normal, backdrop: Self.backdropColor, alphas.backdrop, source: RGB(), 0)
            #expect(close(pixel(image, 8, 8), alone, 2), "\(mode.name): the backdrop beside it changed")
        }
    }

    /// Over a clear target the source is drawn as it is (αb = 0).
    @Test func overNothingTheSourceIsDrawnAsItIs() throws {
        let image = try render(.colorBurn, backdropAlpha: 0, sourceAlpha: 0.8, renderer: try OffscreenRenderer())
        #expect(close(pixel(image, 24, 8), [204, 89, 115, 204], 2), "\(pixel(image, 24, 8))")
    }

    /// A difference layer over three overlapping layers sees each of them, and
    /// the last where they overlap.
    @Test func aBackdropItemSeesEveryItemBeneath() throws {
        let r = root(64, 16)
        let colors: [RGB] = [RGB(1, 0, 0), RGB(0, 0.6, 0), RGB(0.2, 0.3, 1)]
        for (i, c) in colors.enumerated() {
            r.addSublayer(
                layer(
                    CGRect(x: 0, y: 0, width: 24, height: 16), CGPoint(x: 12 + 18 * i, y: 8),
                    CGColor(red: c.x, green: c.y, blue: c.z, alpha: 1)))
        }
        let grey = RGB(0.5, 0.5, 0.5)
        let top = layer(
            CGRect(x: 0, y: 0, width: 64, height: 16), CGPoint(x: 32, y: 8),
            CGColor(red: grey.x, green: grey.y, blue: grey.z, alpha: 1))
        top.compositingFilter = "differenceBlendMode"
        r.addSublayer(top)
        let image = try OffscreenRenderer().render(r, size: CGSize(width: 64, height: 16), background: .white).image
        // x 8: red alone; x 21: green over red; x 40: blue over green; x 60: white background.
        for (x, under) in [(8, colors[0]), (21, colors[1]), (40, colors[2]), (60, RGB(1, 1, 1))] {
            let want = Self.expected(.difference, backdrop: under, 1, source: grey, 1)
            #expect(close(pixel(image, x, 8), want, 2), "x \(x): \(pixel(image, x, 8)) ≠ \(want)")
        }
    }

    /// A layer with sublayers blends its composited pass, as one picture.
    @Test func aGroupBlendsAsOne() throws {
        let r = root(32, 16)
        r.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 32, height: 16), CGPoint(x: 16, y: 8),
                CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)))
        let group = layer(CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 24, y: 8), nil)
        group.compositingFilter = "exclusionBlendMode"
        // Two overlapping halves: exclusion of each with the backdrop, not with each other.
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 12, height: 16), CGPoint(x: 6, y: 8), .white))
        group.addSublayer(
            layer(
                CGRect(x: 0, y: 0, width: 12, height: 16), CGPoint(x: 10, y: 8),
                CGColor(red: 0.8, green: 0.35, blue: 0.45, alpha: 1)))
        r.addSublayer(group)
        let image = try OffscreenRenderer().render(r, size: CGSize(width: 32, height: 16)).image
        let b = RGB(0.2, 0.6, 0.9)
        #expect(close(pixel(image, 18, 8), Self.expected(.exclusion, backdrop: b, 1, source: RGB(1, 1, 1), 1), 2))
        #expect(close(pixel(image, 28, 8), Self.expected(.exclusion, backdrop: b, 1, source: Self.sourceColor, 1), 2))
    }
}
