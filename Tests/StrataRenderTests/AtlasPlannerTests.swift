import Testing

@testable import StrataRender

/// The atlas planner's pixel work, without a GPU.
@Suite struct AtlasPlannerTests {
    @Test func aSlotsBlockRepeatsTheImagesEdgePixels() {
        // A 2×2 image (pixels 1…4) in a 5×4 block with a one-pixel gutter: edges repeated outward.
        let pixels = [UInt8]([1, 2, 3, 4].flatMap { [$0, $0 * 10, $0 * 20, 255] })
        let block = AtlasPlanner.withGutter(pixels, width: 2, height: 2, gutter: 1, blockWidth: 5, blockHeight: 4)
        let reds = stride(from: 0, to: block.count, by: 4).map { block[$0] }
        #expect(
            reds == [
                1, 1, 2, 2, 2,
                1, 1, 2, 2, 2,
                3, 3, 4, 4, 4,
                3, 3, 4, 4, 4,
            ])
        #expect(Array(block[(6 * 4)..<(7 * 4)]) == [1, 10, 20, 255])
    }
}
