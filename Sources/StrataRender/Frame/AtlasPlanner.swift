import Foundation
import Strata

/// Where layer contents live on the GPU, decided without one: each image or
/// CPU bitmap gets a slot in an atlas page (with a gutter of its edge pixels)
/// the first frame it is drawn and keeps it while it stays in use, so most
/// items share one texture. The planner emits the ``AtlasUpload``s that make
/// it so; a backend only applies them.
///
/// Slots are not freed one by one (the pages are packed in shelves); the
/// atlas starts over with only the frame's own contents when it would pass
/// `maximumPages`, or when it would open another page while most of what it
/// holds has not been drawn for `staleFrames` frames. So what it keeps
/// follows what is on screen, not everything ever shown: text or shapes that
/// change every frame leave a bitmap per frame behind, and without the
/// second rule filled page after page up to the budget (~170 MB of pages on
/// a CPU rasterizer) before any was given back.
///
/// Pages are mipmapped (levels 0…`mipLevels`) so contents drawn much smaller
/// than their pixels don't alias. Slots are aligned to 2^`mipLevels` pixels
/// with a gutter as wide, so every texel of every level belongs to one slot:
/// a new slot's levels are built on the CPU from its own pixels and uploaded
/// with it (a whole page's mipmap generation for each new slot cost up to
/// two thirds of a frame on llvmpipe when text or shapes changed every frame).
///
/// Contents that every item drawing them shows at about their own pixel size
/// or larger (shape and text bitmaps made at the density they are shown at,
/// most 2D images) go into flat pages instead: one level, a one-pixel gutter,
/// sampled bilinearly. Their levels would never be read, and a trilinear
/// lookup costs a software rasterizer about a third more per pixel than a
/// bilinear one. A source that later is drawn smaller moves to a mipmapped page.
///
/// A bitmap of one opaque paint (``RasterImage/coverage``) drawn that way by
/// items that can multiply their paint in (``DrawItem/takesCoveragePaint``)
/// goes into a coverage page: one channel, a quarter of the bytes to build
/// and upload (a path's bitmap changes every frame an animated path does).
/// Its items draw it tinted by its paint (`coveragePaint(of:)`).
struct AtlasPlanner {
    /// The kinds of pages.
    enum Shelf {
        /// Mipmapped RGBA8 pages.
        case mipmapped
        /// One-level RGBA8 pages.
        case flat
        /// One-level one-channel pages of coverage.
        case coverage
    }

    /// The coarsest mip level sampled.
    static let mipLevels = 3
    /// Contents not drawn for this many frames count as stale.
    static let staleFrames = 120
    /// The most textures (pages and dedicated) kept before the atlas starts
    /// over with what the frame uses.
    let maximumPages = 8
    let pageSize: Int
    var atlas: AtlasAllocator
    /// Texture index of each atlas page, by page number.
    var pageTextures: [Int] = []
    /// The flat pages (one level), and their texture indices by page number.
    var flatAtlas: AtlasAllocator
    var flatPageTextures: [Int] = []
    /// Slots in flat pages, by source.
    var flatSlots: [TextureSource: AtlasAllocator.Slot] = [:]
    /// The coverage pages (one level, one channel), their texture indices, and their slots by source.
    var coverageAtlas: AtlasAllocator
    var coveragePageTextures: [Int] = []
    var coverageSlots: [TextureSource: AtlasAllocator.Slot] = [:]
    /// Texture sizes by index (pages and dedicated textures), for the budget.
    var textureSizes: [Int: (width: Int, height: Int)] = [:]
    var nextTexture = 0
    /// Slots by source; images are kept alive so their identity stays unique.
    var slots: [TextureSource: AtlasAllocator.Slot] = [:]
    /// Sources too large for a page get a texture of their own.
    var dedicated: [TextureSource: Int] = [:]
    /// Frames prepared so far, and the last frame each source was drawn in.
    var frame = 0
    var lastUsed: [TextureSource: Int] = [:]

    /// The side a page's texture starts at (it doubles as the page fills).
    static let smallestPageSide = 256

    init(pageSize: Int) {
        self.pageSize = pageSize
        let smallest = min(Self.smallestPageSide, pageSize)
        atlas = AtlasAllocator(
            pageSize: pageSize, gutter: 1 << Self.mipLevels, alignment: 1 << Self.mipLevels, smallestSide: smallest)
        flatAtlas = AtlasAllocator(pageSize: pageSize, gutter: 1, smallestSide: smallest)
        coverageAtlas = AtlasAllocator(pageSize: pageSize, gutter: 1, smallestSide: smallest)
    }

    /// The texture holding `source` (valid after `prepare`).
    func texture(of source: TextureSource) -> Int {
        if let d = dedicated[source] { return d }
        if let flat = flatSlots[source] { return flatPageTextures[flat.page] }
        if let covered = coverageSlots[source] { return coveragePageTextures[covered.page] }
        return pageTextures[slots[source]!.page]
    }

    /// Whether some bitmap is held as coverage.
    var holdsCoverage: Bool { !coverageSlots.isEmpty }

    /// The paint an item drawing `source` multiplies in: its bitmap's, when the
    /// bitmap is held as coverage (valid after `prepare`); nil for any other.
    func coveragePaint(of source: TextureSource) -> PremultipliedColor? {
        guard coverageSlots[source] != nil, case .raster(let raster) = source else { return nil }
        return raster.paint
    }

    /// Texture coordinates of `rect` (unit coordinates of the source).
    func textureRect(_ source: TextureSource, _ rect: CGRect) -> (Float, Float, Float, Float) {
        if dedicated[source] != nil {
            return (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        }
        let s: AtlasAllocator.Slot, p: Double
        if let flat = flatSlots[source] {
            (s, p) = (flat, Double(textureSizes[flatPageTextures[flat.page]]!.width))
        } else if let covered = coverageSlots[source] {
            (s, p) = (covered, Double(textureSizes[coveragePageTextures[covered.page]]!.width))
        } else {
            s = slots[source]!
            p = Double(textureSizes[pageTextures[s.page]]!.width)
        }
        func u(_ t: CGFloat) -> Float { Float((Double(s.x) + Double(t) * Double(s.width)) / p) }
        func v(_ t: CGFloat) -> Float { Float((Double(s.y) + Double(t) * Double(s.height)) / p) }
        return (u(rect.minX), v(rect.minY), u(rect.maxX), v(rect.maxY))
    }

    /// Gives every image and bitmap `list` draws a place, returning the
    /// uploads that put the new ones there.
    mutating func prepare(_ list: RenderList) -> [AtlasUpload] {
        var used: [(TextureSource, ItemLabel)] = []
        var index: [TextureSource: Int] = [:]
        /// Whether some item draws the source smaller than its sharpest level shows.
        var minified: [Bool] = []
        /// Whether some item draws the source as its contents without multiplying a paint in.
        var paintless: [Bool] = []
        for pass in list.passes {
            for item in pass.items {
                if case .particles(let batch, _)? = item.content {
                    for look in batch.looks {
                        let source = TextureSource.image(look.image)
                        let shrinks = look.mipmapped && Self.minifies(look, mapping: item.mapping)
                        if let i = index[source] {
                            if shrinks { minified[i] = true }
                            continue
                        }
                        index[source] = used.count
                        used.append((source, item.label))
                        minified.append(shrinks)
                        paintless.append(true)
                    }
                    continue
                }
                // A mask's bitmap sampled in place of its pass (foldBitmapMasks), at about its own pixels.
                // (Its alpha is what a mask reads: a coverage bitmap's is its coverage, its paint being opaque.)
                if case .raster? = item.mask, let source = item.mask, index[source] == nil {
                    index[source] = used.count
                    used.append((source, item.label))
                    minified.append(false)
                    paintless.append(false)
                }
                guard let source = item.texture else { continue }
                if case .pass = source { continue }
                if let i = index[source] {
                    if !minified[i] && item.mipmapsWhenMinified && Self.minifies(item, source) { minified[i] = true }
                    if !item.takesCoveragePaint { paintless[i] = true }
                    continue
                }
                index[source] = used.count
                used.append((source, item.label))
                minified.append(item.mipmapsWhenMinified && Self.minifies(item, source))
                paintless.append(!item.takesCoveragePaint)
            }
        }
        frame += 1
        for (source, _) in used { lastUsed[source] = frame }
        // A flat slot drawn smaller now needs levels: it is placed again, in a mipmapped page;
        // a coverage slot drawn by an item that cannot paint it, again as pixels.
        func shelf(_ i: Int) -> Shelf {
            if minified[i] { return .mipmapped }
            guard !paintless[i], case .raster(let raster) = used[i].0, raster.coverage != nil else { return .flat }
            return .coverage
        }
        for (i, (source, _)) in used.enumerated() where minified[i] || paintless[i] {
            if minified[i] { flatSlots[source] = nil }
            coverageSlots[source] = nil
        }
        let new = used.indices.filter { !isPlaced(used[$0].0) }.map { (used[$0].0, shelf: shelf($0)) }
        var uploads: [AtlasUpload] = []
        if !new.isEmpty && (textureSizes.count >= maximumPages || (opensPage(for: new) && isMostlyStale)) {
            // Start over with only this frame's sources.
            reset()
            lastUsed = lastUsed.filter { $0.value == frame }
            uploads.append(.reset)
        } else if !new.isEmpty && opensPage(for: new) && isMostlyUnusedThisFrame {
            // Bitmaps made anew every frame (an animated path) leave last
            // frame's behind: this frame's sources are placed again in the
            // pages there are, rather than a page made (and cleared) per frame.
            recyclePages()
            lastUsed = lastUsed.filter { $0.value == frame }
        }
        var slotUploads: [AtlasUpload] = []
        for (i, (source, label)) in used.enumerated() where !isPlaced(source) {
            place(source, layer: list.labels.text(of: label), shelf: shelf(i), into: &slotUploads)
        }
        makePages(into: &uploads, slots: &slotUploads)
        return uploads + slotUploads
    }

    /// Makes a texture for each page opened this frame, at the side its
    /// slots reach, and makes again (larger) a page's texture whose slots
    /// have outgrown it, with every slot it holds uploaded again (in
    /// `newSlots`, which then holds each of its slots once).
    mutating func makePages(into uploads: inout [AtlasUpload], slots newSlots: inout [AtlasUpload]) {
        for shelf in [Shelf.flat, .mipmapped, .coverage] {
            let allocator = self.allocator(shelf)
            let levels = shelf == .mipmapped ? Self.mipLevels : 0
            for page in 0..<allocator.pageCount {
                let side = allocator.side(ofPage: page)
                let index = pageTexture(page, shelf: shelf)
                guard let size = textureSizes[index], size.width < side else { continue }
                textureSizes[index] = (side, side)
                if shelf == .coverage {
                    uploads.append(.coveragePage(index: index, size: side))
                } else if size.width == 0 {
                    uploads.append(.page(index: index, size: side, levels: levels))
                } else {
                    uploads.append(.grownPage(index: index, size: side, levels: levels))
                }
                guard size.width > 0 else { continue }
                // Every slot the page holds, this frame's new ones too, is uploaded again.
                newSlots.removeAll {
                    switch $0 {
                    case .slot(index, _, _, _, _), .coverageSlot(index, _, _, _): return true
                    default: return false
                    }
                }
                let held = slots(shelf).filter { $0.value.page == page }
                    .sorted { ($0.value.y, $0.value.x) < ($1.value.y, $1.value.x) }
                for (source, slot) in held {
                    newSlots.append(upload(source, into: slot, ofPage: index, shelf: shelf))
                }
            }
        }
    }

    /// The allocator of a kind of pages.
    private func allocator(_ shelf: Shelf) -> AtlasAllocator {
        switch shelf {
        case .mipmapped: atlas
        case .flat: flatAtlas
        case .coverage: coverageAtlas
        }
    }

    /// The slots of a kind of pages, by source.
    private func slots(_ shelf: Shelf) -> [TextureSource: AtlasAllocator.Slot] {
        switch shelf {
        case .mipmapped: slots
        case .flat: flatSlots
        case .coverage: coverageSlots
        }
    }

    /// The upload that fills `slot` of page texture `index` with `source`.
    private func upload(_ source: TextureSource, into slot: AtlasAllocator.Slot, ofPage index: Int, shelf: Shelf)
        -> AtlasUpload
    {
        let allocator = self.allocator(shelf)
        if shelf == .coverage {
            return .coverageSlot(
                index: index, block: allocator.block(of: slot), contents: source, gutter: allocator.gutter)
        }
        return .slot(
            index: index, block: allocator.block(of: slot), contents: source, gutter: allocator.gutter,
            levels: shelf == .mipmapped ? Self.mipLevels : 0)
    }

    /// Whether `source` has a slot or a texture.
    func isPlaced(_ source: TextureSource) -> Bool {
        slots[source] != nil || flatSlots[source] != nil || coverageSlots[source] != nil || dedicated[source] != nil
    }

    /// Whether a batch's particles of `look` show its image smaller than about
    /// its own pixels, through the batch's `mapping` (as ``minifies(_:_:)``
    /// decides for the smallest one, which turning does not change).
    static func minifies(_ look: ParticleLook, mapping: PlaneMapping) -> Bool {
        let s = look.minimumScale
        let rect = CGRect(x: 0, y: 0, width: Double(look.size.width) * s, height: Double(look.size.height) * s)
        let probe = DrawItem(
            kind: .particle, mapping: mapping, quad: rect, shape: rect,
            content: .texture(.image(look.image), uv: look.contentsRect, rect: rect))
        return minifies(probe, .image(look.image))
    }

    /// Whether `item` shows `source` smaller than about its own pixels anywhere
    /// (more than √2 texels to a device pixel along some direction, where the
    /// sampler's −0.5 bias leaves level 0), or through a perspective, which can.
    static func minifies(_ item: DrawItem, _ source: TextureSource) -> Bool {
        guard case .texture(_, let uv, let rect)? = item.content, rect.width > 0, rect.height > 0 else { return true }
        let m = item.mapping
        guard m.m13 == 0, m.m23 == 0, m.m33 != 0 else { return true }
        let (width, height) = size(of: source)
        // Device pixels per texel along each texture axis: the mapping's columns over the texels per unit.
        let perU = Double(uv.width) * Double(width) / Double(rect.width)
        let perV = Double(uv.height) * Double(height) / Double(rect.height)
        guard perU > 0, perV > 0 else { return true }
        let a = m.m11 / m.m33 / perU, b = m.m12 / m.m33 / perU
        let c = m.m21 / m.m33 / perV, d = m.m22 / m.m33 / perV
        // The smaller singular value of [[a, c], [b, d]]: the most a texel shrinks.
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        let smallest = ((sum - max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
        return !(smallest * 1.4 >= 1)
    }

    /// Forgets every slot and texture (the backend drops them on `.reset`).
    mutating func reset() {
        slots = [:]
        flatSlots = [:]
        coverageSlots = [:]
        dedicated = [:]
        pageTextures = []
        flatPageTextures = []
        coveragePageTextures = []
        textureSizes = [:]
        atlas.reset()
        flatAtlas.reset()
        coverageAtlas.reset()
    }

    /// Whether placing `sources` (each on its kind of page) would
    /// open another atlas page (or texture).
    func opensPage(for sources: [(TextureSource, shelf: Shelf)]) -> Bool {
        var trial = (atlas, flatAtlas, coverageAtlas)
        let open = (atlas.pageCount, flatAtlas.pageCount, coverageAtlas.pageCount)
        for (source, shelf) in sources {
            let (width, height) = Self.size(of: source)
            if shelf == .coverage, let slot = trial.2.allocate(width: width, height: height) {
                if slot.page >= open.2 { return true }
                continue
            }
            if shelf != .mipmapped, let slot = trial.1.allocate(width: width, height: height) {
                if slot.page >= open.1 { return true }
                continue
            }
            guard let slot = trial.0.allocate(width: width, height: height) else { return true }  // dedicated
            if slot.page >= open.0 { return true }
        }
        return false
    }

    /// Whether more than half the atlas's slot area (in pixels) holds
    /// contents not drawn for `staleFrames` frames.
    var isMostlyStale: Bool { slotsMostlyUnused(for: Self.staleFrames) }

    /// Whether more than half the atlas's slot area holds contents this frame does not draw.
    var isMostlyUnusedThisFrame: Bool { slotsMostlyUnused(for: 0) }

    /// Whether more than half the slot area holds contents not drawn for more than `frames` frames.
    private func slotsMostlyUnused(for frames: Int) -> Bool {
        var stale = 0, total = 0
        func count(_ source: TextureSource, _ slot: AtlasAllocator.Slot) {
            let area = slot.width * slot.height
            total += area
            if frame - (lastUsed[source] ?? 0) > frames { stale += area }
        }
        // The tables walked in place (a source in two counts once, as its mipmapped or flat slot).
        for (source, slot) in slots { count(source, slot) }
        for (source, slot) in flatSlots where slots[source] == nil { count(source, slot) }
        for (source, slot) in coverageSlots where slots[source] == nil && flatSlots[source] == nil {
            count(source, slot)
        }
        return stale * 2 > total
    }

    /// Empties the pages (mipmapped and flat) for this frame's sources to be
    /// placed again, keeping their textures: what they held is overwritten
    /// slot by slot, and nothing samples a page outside its slots.
    /// Dedicated textures stay.
    mutating func recyclePages() {
        slots = [:]
        flatSlots = [:]
        coverageSlots = [:]
        atlas.reset()
        flatAtlas.reset()
        coverageAtlas.reset()
    }

    /// Places `source` in a slot (with its mip levels when `.mipmapped`) or a texture of its own.
    mutating func place(_ source: TextureSource, layer: String, shelf: Shelf, into uploads: inout [AtlasUpload]) {
        let (width, height) = Self.size(of: source)
        if shelf == .coverage, let slot = coverageAtlas.allocate(width: width, height: height) {
            uploads.append(
                upload(source, into: slot, ofPage: pageTexture(slot.page, shelf: .coverage), shelf: .coverage))
            coverageSlots[source] = slot
            return
        }
        if shelf != .mipmapped, let slot = flatAtlas.allocate(width: width, height: height) {
            uploads.append(
                .slot(
                    index: pageTexture(slot.page, shelf: .flat), block: flatAtlas.block(of: slot), contents: source,
                    gutter: flatAtlas.gutter, levels: 0))
            flatSlots[source] = slot
            return
        }
        guard atlas.fits(width: width, height: height) else {
            let index = newTexture(width: width, height: height)
            uploads.append(
                .dedicated(
                    index: index, width: width, height: height, contents: source,
                    levels: Self.mipLevels, label: "layer \"\(layer)\" contents \(Self.name(of: source))"))
            dedicated[source] = index
            return
        }
        guard let slot = atlas.allocate(width: width, height: height) else {
            preconditionFailure("AtlasPlanner: \(width)×\(height) fits a page but found no slot")
        }
        uploads.append(
            .slot(
                index: pageTexture(slot.page, shelf: .mipmapped), block: atlas.block(of: slot), contents: source,
                gutter: atlas.gutter, levels: Self.mipLevels))
        slots[source] = slot
    }

    /// The texture index of page `page`, numbered when the page opens; its
    /// texture is made at the end of the frame's placing, at the side its
    /// slots reach (``makePages(into:slots:)``).
    mutating func pageTexture(_ page: Int, shelf: Shelf) -> Int {
        func textures(_ shelf: Shelf) -> [Int] {
            switch shelf {
            case .mipmapped: pageTextures
            case .flat: flatPageTextures
            case .coverage: coveragePageTextures
            }
        }
        while textures(shelf).count <= page {
            let index = newTexture(width: 0, height: 0)
            switch shelf {
            case .mipmapped: pageTextures.append(index)
            case .flat: flatPageTextures.append(index)
            case .coverage: coveragePageTextures.append(index)
            }
        }
        return textures(shelf)[page]
    }

    mutating func newTexture(width: Int, height: Int) -> Int {
        let index = nextTexture
        nextTexture += 1
        textureSizes[index] = (width, height)
        return index
    }

    /// Bytes the textures hold, with their mip levels (a full chain adds a third).
    var textureBytes: Int {
        textureSizes.reduce(0) { total, texture in
            let texels = texture.value.width * texture.value.height
            return total + (coveragePageTextures.contains(texture.key) ? texels : texels * 4 * 4 / 3)
        }
    }

    static func size(of source: TextureSource) -> (width: Int, height: Int) {
        switch source {
        case .image(let image): return (image.width, image.height)
        case .raster(let raster): return (raster.width, raster.height)
        case .pass: preconditionFailure("AtlasPlanner: passes are not in the atlas")
        }
    }

    static func name(of source: TextureSource) -> String {
        if case .image(let image) = source { return image.label }
        return "bitmap"
    }

    static func premultipliedPixels(of source: TextureSource) -> (Int, Int, [UInt8], String) {
        switch source {
        case .image(let image):
            return (image.width, image.height, RGBA8Pixels.premultiplied(image.pixels), image.label)
        case .raster(let raster):
            return (raster.width, raster.height, raster.pixels, "bitmap")
        case .pass:
            preconditionFailure("AtlasPlanner: passes are not in the atlas")
        }
    }

    /// The pixels (each a `Texel`: RGBA8 as `UInt32`, coverage as `UInt8`) with
    /// their edge rows and columns repeated `gutter` times on
    /// the top and left and to fill a `blockWidth × blockHeight` block (at
    /// least `gutter` more) on the bottom and right.
    // (Specialized: generic texel copies go through value witnesses, a call per byte.)
    @_specialize(where Texel == UInt8)
    @_specialize(where Texel == UInt32)
    static func withGutter<Texel: FixedWidthInteger & UnsignedInteger>(
        _ pixels: [UInt8], as: Texel.Type = UInt32.self, width: Int, height: Int, gutter g: Int,
        blockWidth: Int, blockHeight: Int
    ) -> [UInt8] {
        precondition(
            blockWidth >= width + 2 * g && blockHeight >= height + 2 * g,
            "AtlasPlanner: a \(blockWidth)×\(blockHeight) block cannot hold \(width)×\(height) and its gutter")
        return blockRows(
            pixels, as: Texel.self, width: width, height: height, gutter: g, blockWidth: blockWidth, 0..<blockHeight)
    }

    /// Rows `rows` of `withGutter`'s block.
    // (Specialized: generic texel copies go through value witnesses, a call per byte.)
    @_specialize(where Texel == UInt8)
    @_specialize(where Texel == UInt32)
    private static func blockRows<Texel: FixedWidthInteger & UnsignedInteger>(
        _ pixels: [UInt8], as: Texel.Type, width: Int, height: Int, gutter g: Int, blockWidth pw: Int,
        _ rows: Range<Int>
    ) -> [UInt8] {
        // Pixels as whole texels, a row at a time: the image's row copied whole between its
        // edge pixels repeated (a byte-by-byte loop cost more than the shapes' own drawing).
        // Every byte is written once, straight into the array returned.
        let size = MemoryLayout<Texel>.size
        return [UInt8](unsafeUninitializedCapacity: pw * rows.count * size) { bytes, count in
            pixels.withUnsafeBytes { raw in
                let source = raw.bindMemory(to: Texel.self)
                let block = UnsafeMutableRawBufferPointer(bytes).bindMemory(to: Texel.self)
                for y in rows {
                    let row = source.baseAddress! + min(max(y - g, 0), height - 1) * width
                    let line = block.baseAddress! + (y - rows.lowerBound) * pw
                    line.initialize(repeating: row[0], count: g)
                    (line + g).initialize(from: row, count: width)
                    (line + g + width).initialize(repeating: row[width - 1], count: pw - g - width)
                }
            }
            count = pw * rows.count * size
        }
    }

    /// `withGutter`'s block as regions (their rectangles in the block):
    /// `pixels` themselves inset by `gutter`, then the strips around them
    /// (top and bottom the block's whole width, corners included; left and
    /// right the contents' height), leaving out strips of no size.
    // (Specialized: generic texel copies go through value witnesses, a call per byte.)
    @_specialize(where Texel == UInt8)
    @_specialize(where Texel == UInt32)
    static func gutterRegions<Texel: FixedWidthInteger & UnsignedInteger>(
        _ pixels: [UInt8], as: Texel.Type = UInt32.self, width: Int, height: Int, gutter g: Int,
        blockWidth: Int, blockHeight: Int
    ) -> [(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8])] {
        precondition(
            blockWidth >= width + 2 * g && blockHeight >= height + 2 * g && width > 0 && height > 0,
            "AtlasPlanner: a \(blockWidth)×\(blockHeight) block cannot hold \(width)×\(height) and its gutter")
        let right = blockWidth - g - width, bottom = blockHeight - g - height
        var regions: [(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8])] = [(g, g, width, height, pixels)]
        func rows(_ rows: Range<Int>) -> [UInt8] {
            blockRows(pixels, as: Texel.self, width: width, height: height, gutter: g, blockWidth: blockWidth, rows)
        }
        let size = MemoryLayout<Texel>.size
        // A strip `columns` wide beside the contents repeating each row's pixel at `x`.
        func columns(_ count: Int, repeating x: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count * height * size) { bytes, initialized in
                pixels.withUnsafeBytes { raw in
                    let source = raw.bindMemory(to: Texel.self)
                    let strip = UnsafeMutableRawBufferPointer(bytes).bindMemory(to: Texel.self)
                    for y in 0..<height {
                        (strip.baseAddress! + y * count).initialize(repeating: source[y * width + x], count: count)
                    }
                }
                initialized = count * height * size
            }
        }
        if g > 0 {
            regions.append((0, 0, blockWidth, g, rows(0..<g)))
            regions.append((0, g, g, height, columns(g, repeating: 0)))
        }
        if right > 0 { regions.append((g + width, g, right, height, columns(right, repeating: width - 1))) }
        if bottom > 0 { regions.append((0, g + height, blockWidth, bottom, rows((g + height)..<blockHeight))) }
        return regions
    }

    /// The next mip level of premultiplied RGBA8 pixels of even size: each
    /// texel the rounded mean of a 2×2 block, as a box-filtered mip chain has.
    static func halved(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(width % 2 == 0 && height % 2 == 0, "AtlasPlanner: cannot halve \(width)×\(height)")
        let hw = width / 2, hh = height / 2
        var out = [UInt8](repeating: 0, count: hw * hh * 4)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<hh {
                    for x in 0..<hw {
                        let a = ((2 * y) * width + 2 * x) * 4, b = a + width * 4, d = (y * hw + x) * 4
                        for c in 0..<4 {
                            let sum = Int(p[a + c]) + Int(p[a + 4 + c]) + Int(p[b + c]) + Int(p[b + 4 + c])
                            o[d + c] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }
        }
        return out
    }
}
