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
        // Runs outside and inside the path, which are painted eight pixels at a time,
        // on and off the eight-pixel grid, and a tail shorter than eight.
        for (value, count) in [(0, 24), (7, 3), (255, 17), (0, 8), (128, 1), (255, 8), (0, 13), (255, 5)] {
            coverage += [UInt8](repeating: UInt8(value), count: count)
        }
        var composited = [UInt8](repeating: 0, count: coverage.count * 4)
        color.composite(coverage: coverage, into: &composited)
        let painted = color.painted(coverage: coverage)
        #expect(painted == composited)
        // Full coverage paints the colour itself; none leaves the pixel transparent.
        let channels: [Float] = [color.r, color.g, color.b, color.a]
        let full: [UInt8] = channels.map { UInt8(($0 * 255).rounded()) }
        #expect(Array(painted[255 * 4..<256 * 4]) == full)
        #expect(Array(painted[0..<4]) == [0, 0, 0, 0])
    }

    /// Where a colour paints every pixel it covers (an opaque one), a bitmap's
    /// painted tiles are found in its coverage; not where the least coverage
    /// of a translucent colour rounds to nothing.
    @Test func paintedTilesFromCoverageAreThoseOfThePixels() {
        let color = PremultipliedColor(r: 0.2, g: 0.1, b: 0.3, a: 1)
        #expect(color.paintsEveryCoveredPixel)
        #expect(!PremultipliedColor(r: 0.2, g: 0.1, b: 0.3, a: 0.4).paintsEveryCoveredPixel)
        var coverage = [UInt8](repeating: 0, count: 300 * 300)
        for (x, y, k) in [(5, 7, 1), (191, 100, 255), (64, 230, 90), (299, 299, 3)] { coverage[y * 300 + x] = UInt8(k) }
        let pixels = color.painted(coverage: coverage)
        let fromPixels = RasterImage(key: "pixels", width: 300, height: 300, pixels: pixels)
        let fromCoverage = RasterImage(
            key: "coverage", width: 300, height: 300, pixels: pixels, paintedWhereNonZero: coverage)
        #expect(fromPixels.paintedRuns?.count == 4)
        #expect(fromCoverage.paintedRuns == fromPixels.paintedRuns)
        #expect(fromCoverage.hasClearEdges == fromPixels.hasClearEdges)
        // Kept as its coverage: the same tiles and edges, and the same pixels when asked for.
        let kept = RasterImage(key: "kept", width: 300, height: 300, coverage: coverage, paint: color)
        #expect(kept.paintedRuns == fromPixels.paintedRuns)
        #expect(kept.hasClearEdges == fromPixels.hasClearEdges)
        #expect(kept.pixels == pixels)
        #expect(kept.byteCount == 300 * 300)
    }
}
