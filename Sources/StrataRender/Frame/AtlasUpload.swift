import Foundation

/// A change a backend makes to its contents textures, in plan order. Texture
/// indices are the ones ``BoundTexture/atlas(_:)`` names.
package enum AtlasUpload: Sendable {
    /// Every contents texture is dropped: the atlas starts over.
    case reset
    /// Texture `index` is made: an empty `size × size` page with mip levels
    /// 0…`levels`, filled later by regions.
    case page(index: Int, size: Int, levels: Int)
    /// Texture `index`, a page, is made again, larger: empty, `size × size`
    /// with mip levels 0…`levels`; every slot it holds is uploaded again after.
    case grownPage(index: Int, size: Int, levels: Int)
    /// Texture `index` is made for contents too large for a page, from their
    /// premultiplied pixels (``pixels``); the backend builds its mip levels 1…`levels`.
    case dedicated(index: Int, width: Int, height: Int, contents: TextureSource, levels: Int, label: String)
    /// `contents` into a slot of page `index`: the `block` (level-0 pixels,
    /// the contents inset by `gutter` with their edges repeated into it) and
    /// the same block in mip levels 1…`levels` (``forEachRegion(_:)``).
    case slot(
        index: Int, block: (x: Int, y: Int, width: Int, height: Int), contents: TextureSource, gutter: Int,
        levels: Int)
    /// Texture `index` is made (again, larger, when it already was): an empty
    /// `size × size` coverage page, one channel and one level, sampled as
    /// `(c, c, c, c)`; after a growth every slot it holds is uploaded again.
    case coveragePage(index: Int, size: Int)
    /// A bitmap's coverage (``RasterImage/coverage``) into a slot of coverage
    /// page `index`: the `block`, the coverage inset by `gutter` with its edges
    /// repeated into it (``forEachRegion(_:)``, a byte per texel).
    case coverageSlot(
        index: Int, block: (x: Int, y: Int, width: Int, height: Int), contents: TextureSource, gutter: Int)
}

extension AtlasUpload {
    /// The premultiplied pixels of a dedicated texture's contents.
    package var pixels: [UInt8] {
        guard case .dedicated(_, _, _, let contents, _, _) = self else {
            preconditionFailure("AtlasUpload.pixels: only a dedicated texture has whole-texture pixels")
        }
        return AtlasPlanner.premultipliedPixels(of: contents).2
    }

    /// Makes a slot's pixels region by region, level by level (level,
    /// rectangle in that level, premultiplied pixels, or coverage bytes for a
    /// coverage slot), so one level at a time
    /// is held: the pixels are made when the backend uploads them, not when
    /// the frame is planned. Together a level's regions cover the block once.
    /// A large slot without mip levels (a path's bitmap) is five regions: the
    /// contents' own pixels as they are, and the gutter's four strips around
    /// them, so the backend copies its pixels once, not into a block first.
    package func forEachRegion<E: Error>(
        _ body: (_ level: Int, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ pixels: [UInt8]) throws(E) -> Void
    ) throws(E) {
        if case let .coverageSlot(_, block, .raster(raster), gutter) = self, let coverage = raster.coverage {
            try Self.forEachRegion(
                of: coverage, as: UInt8.self, width: raster.width, height: raster.height, block: block,
                gutter: gutter, body)
            return
        }
        guard case let .slot(_, block, contents, gutter, levels) = self else {
            preconditionFailure("AtlasUpload.forEachRegion: only a slot has regions")
        }
        let (width, height, pixels, _) = AtlasPlanner.premultipliedPixels(of: contents)
        if levels == 0 {
            try Self.forEachRegion(
                of: pixels, as: UInt32.self, width: width, height: height, block: block, gutter: gutter, body)
            return
        }
        var level = AtlasPlanner.withGutter(
            pixels, as: UInt32.self, width: width, height: height, gutter: gutter,
            blockWidth: block.width, blockHeight: block.height)
        try body(0, block.x, block.y, block.width, block.height, level)
        guard levels >= 1 else { return }
        for k in 1...levels {
            level = AtlasPlanner.halved(level, width: block.width >> (k - 1), height: block.height >> (k - 1))
            try body(k, block.x >> k, block.y >> k, block.width >> k, block.height >> k, level)
        }
    }

    /// The bytes the upload copies into textures: a slot's block in each of
    /// its levels (RGBA8, or a byte a texel for coverage), a dedicated
    /// texture's level 0 (its other levels are made by the backend).
    package var uploadedBytes: Int {
        switch self {
        case .reset, .page, .grownPage, .coveragePage: return 0
        case let .dedicated(_, width, height, _, _, _): return width * height * 4
        case let .slot(_, block, _, _, levels):
            return (0...levels).reduce(0) { $0 + (block.width >> $1) * (block.height >> $1) * 4 }
        case let .coverageSlot(_, block, _, _): return block.width * block.height
        }
    }

    /// A slot without mip levels: `texels` (of `Texel`'s bytes each) with their gutter.
    private static func forEachRegion<Texel: FixedWidthInteger & UnsignedInteger, E: Error>(
        of texels: [UInt8], as: Texel.Type, width: Int, height: Int, block: (x: Int, y: Int, width: Int, height: Int),
        gutter: Int,
        _ body: (_ level: Int, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ pixels: [UInt8]) throws(E) -> Void
    ) throws(E) {
        guard width * height >= smallestSlotUploadedInPlace else {
            let whole = AtlasPlanner.withGutter(
                texels, as: Texel.self, width: width, height: height, gutter: gutter,
                blockWidth: block.width, blockHeight: block.height)
            try body(0, block.x, block.y, block.width, block.height, whole)
            return
        }
        for region in AtlasPlanner.gutterRegions(
            texels, as: Texel.self, width: width, height: height, gutter: gutter,
            blockWidth: block.width, blockHeight: block.height)
        {
            try body(0, block.x + region.x, block.y + region.y, region.width, region.height, region.pixels)
        }
    }

    /// The fewest pixels of a slot without mip levels that are uploaded from
    /// the contents' own pixels, their gutter apart: below it one block,
    /// copied once more, costs less than a backend's five uploads.
    static let smallestSlotUploadedInPlace = 16_384
}

extension AtlasUpload: CustomStringConvertible {
    package var description: String {
        switch self {
        case .reset: return "reset"
        case let .page(index, size, levels): return "page \(index) \(size)² levels 0…\(levels)"
        case let .grownPage(index, size, levels): return "page \(index) grown to \(size)² levels 0…\(levels)"
        case let .dedicated(index, width, height, _, _, label): return "dedicated \(index) \(width)×\(height) \(label)"
        case let .slot(index, block, _, _, levels):
            return "slot \(index) (\(block.x), \(block.y)) \(block.width)×\(block.height) levels 0…\(levels)"
        case let .coveragePage(index, size): return "coverage page \(index) \(size)²"
        case let .coverageSlot(index, block, _, _):
            return "coverage slot \(index) (\(block.x), \(block.y)) \(block.width)×\(block.height)"
        }
    }
}
