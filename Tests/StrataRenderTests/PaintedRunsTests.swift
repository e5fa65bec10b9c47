import Foundation
import Testing

@testable import StrataRender

/// The painted runs of a large, mostly transparent bitmap: the 32-pixel tiles
/// that hold any paint, merged along rows and down columns; none for a small
/// or mostly painted bitmap.
@Suite struct PaintedRunsTests {
    static func image(_ width: Int, _ height: Int, paint: [(x: Int, y: Int, rgba: [UInt8])]) -> RasterImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for p in paint { pixels.replaceSubrange((p.y * width + p.x) * 4..<(p.y * width + p.x) * 4 + 4, with: p.rgba) }
        return RasterImage(key: "runs", width: width, height: height, pixels: pixels)
    }

    @Test func theTilesWithAnyPaintAreTheRuns() {
        // One pixel in tile (0, 0), one in tile (5, 3) (the last byte of a row's
        // tile), and one with colour but no alpha in tile (2, 7).
        let image = Self.image(
            300, 300,
            paint: [
                (5, 7, [10, 20, 30, 40]), (191, 100, [0, 0, 0, 1]), (64, 230, [9, 0, 0, 0]),
            ])
        #expect(
            image.paintedRuns == [
                CGRect(x: 0, y: 0, width: 32, height: 32), CGRect(x: 160, y: 96, width: 32, height: 32),
                CGRect(x: 64, y: 224, width: 32, height: 32),
            ])
    }

    @Test func runsMergeAlongRowsAndDownColumnsAndStopAtTheEdge() {
        // Tiles (8, 0) and (9, 0), the last one cut by the edge at x 300, and the same two below.
        let image = Self.image(
            300, 300,
            paint: [
                (260, 3, [1, 1, 1, 1]), (299, 20, [1, 1, 1, 1]), (270, 40, [1, 1, 1, 1]), (290, 50, [1, 1, 1, 1]),
            ])
        #expect(image.paintedRuns == [CGRect(x: 256, y: 0, width: 44, height: 64)])
    }

    @Test func smallOrMostlyPaintedBitmapsHaveNone() {
        #expect(Self.image(200, 200, paint: [(5, 5, [1, 1, 1, 1])]).paintedRuns == nil)
        let full = RasterImage(
            key: "full", width: 300, height: 300, pixels: [UInt8](repeating: 255, count: 300 * 300 * 4))
        #expect(full.paintedRuns == nil)
    }
}
