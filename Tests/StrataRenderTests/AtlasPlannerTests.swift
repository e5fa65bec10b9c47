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

extension AtlasPlannerTests {
    /// A large flat slot is uploaded as regions: the contents' own pixels and
    /// the gutter's strips. Painted into the block, they make the block
    /// `withGutter` makes, each pixel once.
    @Test(arguments: [(1, 5, 4), (1, 4, 4), (0, 2, 2), (0, 4, 3), (2, 7, 6)])
    func gutterRegionsMakeTheSameBlockOnce(gutter: Int, blockWidth: Int, blockHeight: Int) {
        let pixels = [UInt8]([1, 2, 3, 4].flatMap { [$0, $0 * 10, $0 * 20, 255] })
        let expected = AtlasPlanner.withGutter(
            pixels, width: 2, height: 2, gutter: gutter, blockWidth: blockWidth, blockHeight: blockHeight)
        var block = [UInt8](repeating: 0, count: blockWidth * blockHeight * 4)
        var writes = [Int](repeating: 0, count: blockWidth * blockHeight)
        let regions = AtlasPlanner.gutterRegions(
            pixels, width: 2, height: 2, gutter: gutter, blockWidth: blockWidth, blockHeight: blockHeight)
        // The contents go as they are, not copied.
        #expect(regions.first.map { [$0.x, $0.y, $0.width, $0.height] } == [gutter, gutter, 2, 2])
        #expect(regions.first?.pixels == pixels)
        for region in regions {
            #expect(region.pixels.count == region.width * region.height * 4)
            for y in 0..<region.height {
                for x in 0..<region.width {
                    let at = (region.y + y) * blockWidth + region.x + x
                    writes[at] += 1
                    for c in 0..<4 { block[at * 4 + c] = region.pixels[(y * region.width + x) * 4 + c] }
                }
            }
        }
        #expect(writes.allSatisfy { $0 == 1 }, "\(writes)")
        #expect(block == expected)
    }
}
