import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// A shape bitmap's first paint writes every pixel from its coverage (no
/// clearing first): the same bytes as compositing over transparent pixels,
/// for every coverage and for colours translucent and opaque.
@Suite struct ShapePaintTests {
    @Test(arguments: [
        PremultipliedColor(r: 1, g: 0.5, b: 0.25, a: 1), PremultipliedColor(r: 0.2, g: 0.1, b: 0.3, a: 0.4),
        PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
    ])
    func aFirstPaintGivesTheBytesOfCompositingOverTransparentPixels(color: PremultipliedColor) {
        // Every coverage, then some in a scrambled order (the table is indexed per pixel).
        var coverage = (0..<256).map { UInt8($0) }
        var seed: UInt32 = 12345
        for _ in 0..<1000 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            coverage.append(UInt8(truncatingIfNeeded: seed >> 24))
        }
        var composited = [UInt8](repeating: 0, count: coverage.count * 4)
        ShapeLayerRasterizer.composite(color, coverage: coverage, into: &composited)
        let painted = ShapeLayerRasterizer.painted(color, coverage: coverage)
        #expect(painted == composited)
        // Full coverage paints the colour itself; none leaves the pixel transparent.
        let channels: [Float] = [color.r, color.g, color.b, color.a]
        let full: [UInt8] = channels.map { UInt8(($0 * 255).rounded()) }
        #expect(Array(painted[255 * 4..<256 * 4]) == full)
        #expect(Array(painted[0..<4]) == [0, 0, 0, 0])
    }
}
