import Foundation
import Strata
import StrataRender

/// Layer contents in atlas pages: each image or CPU bitmap gets a slot (with a
/// gutter of its edge pixels) the first frame it is drawn and keeps it while it
/// stays in use, so most items share one texture.
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
/// with it (a whole page's `glGenerateMipmap` for each new slot cost up to
/// two thirds of a frame on llvmpipe when text or shapes changed every frame).
struct TextureCache {
    /// The coarsest mip level sampled.
    static let mipLevels = 3
    let context: GLContext
    let pageSize: Int
    var atlas: AtlasAllocator
    var pages: [GLTexture] = []
    /// Slots by source; images are kept alive so their identity stays unique.
    var slots: [TextureSource: AtlasAllocator.Slot] = [:]
    /// Sources too large for a page get a texture of their own (a page of one).
    var dedicated: [TextureSource: Int] = [:]
    /// The most pages kept before the cache starts over with what the frame uses.
    let maximumPages = 8
    /// Contents not drawn for this many frames count as stale.
    static let staleFrames = 120
    /// Frames prepared so far, and the last frame each source was drawn in.
    var frame = 0
    var lastUsed: [TextureSource: Int] = [:]

    init(context: GLContext) {
        self.context = context
        pageSize = min(2048, context.info.maxTextureSize)
        atlas = AtlasAllocator(pageSize: pageSize, gutter: 1 << Self.mipLevels, alignment: 1 << Self.mipLevels)
    }

    /// The page holding `source` (valid after `prepare`).
    func page(of source: TextureSource) -> Int {
        if let d = dedicated[source] { return d }
        return slots[source]!.page
    }

    /// Texture coordinates of `rect` (unit coordinates of the source).
    func textureRect(_ source: TextureSource, _ rect: CGRect) -> (Float, Float, Float, Float) {
        if dedicated[source] != nil {
            return (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        }
        let s = slots[source]!
        let p = Double(pageSize)
        func u(_ t: CGFloat) -> Float { Float((Double(s.x) + Double(t) * Double(s.width)) / p) }
        func v(_ t: CGFloat) -> Float { Float((Double(s.y) + Double(t) * Double(s.height)) / p) }
        return (u(rect.minX), v(rect.minY), u(rect.maxX), v(rect.maxY))
    }

    /// Uploads every image and bitmap `list` draws that has no slot yet.
    mutating func prepare(_ list: RenderList, stats: inout RenderStats) throws(GLError) {
        var used: [(TextureSource, String)] = []
        var seen = Set<TextureSource>()
        for pass in list.passes {
            for item in pass.items {
                guard let source = item.texture, seen.insert(source).inserted else { continue }
                if case .pass = source { continue }
                used.append((source, item.label))
            }
        }
        frame += 1
        for (source, _) in used { lastUsed[source] = frame }
        let new = used.filter { slots[$0.0] == nil && dedicated[$0.0] == nil }.map(\.0)
        if !new.isEmpty && (pages.count >= maximumPages || (opensPage(for: new) && isMostlyStale)) {
            // Start over with only this frame's sources.
            slots = [:]
            dedicated = [:]
            pages = []
            lastUsed = lastUsed.filter { $0.value == frame }
            atlas.reset()
        }
        for (source, label) in used where slots[source] == nil && dedicated[source] == nil {
            try upload(source, layer: label)
            stats.uploads += 1
        }
    }

    /// Whether placing `sources` would open another atlas page (or texture).
    func opensPage(for sources: [TextureSource]) -> Bool {
        var trial = atlas
        let open = trial.pageCount
        for source in sources {
            let (width, height) = Self.size(of: source)
            guard let slot = trial.allocate(width: width, height: height) else { return true }  // dedicated
            if slot.page >= open { return true }
        }
        return false
    }

    /// Whether more than half the atlas's slot area (in pixels) holds
    /// contents not drawn for `staleFrames` frames.
    var isMostlyStale: Bool {
        var stale = 0, total = 0
        for (source, slot) in slots {
            let area = slot.width * slot.height
            total += area
            if frame - (lastUsed[source] ?? 0) > Self.staleFrames { stale += area }
        }
        return stale * 2 > total
    }

    /// Uploads `source`, with its mip levels, to a slot or a texture of its own.
    mutating func upload(_ source: TextureSource, layer: String) throws(GLError) {
        let (width, height, pixels, name) = Self.premultipliedPixels(of: source)
        let label = "layer \"\(layer)\" contents \(name)"
        guard atlas.fits(width: width, height: height) else {
            let texture = try GLTexture(context: context, width: width, height: height, label: label,
                                        premultipliedPixels: pixels)
            texture.generateMipmaps(levels: Self.mipLevels)
            pages.append(texture)
            dedicated[source] = pages.count - 1
            return
        }
        guard let slot = atlas.allocate(width: width, height: height) else {
            preconditionFailure("TextureCache: \(width)×\(height) fits a page but found no slot")
        }
        while pages.count <= slot.page || dedicated.values.contains(slot.page) {
            // Atlas page numbers and page indices must agree: dedicated textures
            // are appended after pages, so grow the page list in step.
            let page = try GLTexture(context: context, width: pageSize, height: pageSize,
                                     label: "atlas page \(pages.count)")
            try page.allocateMipLevels(Self.mipLevels)
            pages.append(page)
        }
        let block = atlas.block(of: slot)
        var level = Self.withGutter(pixels, width: width, height: height, gutter: atlas.gutter,
                                    blockWidth: block.width, blockHeight: block.height)
        try pages[slot.page].replaceRegion(x: block.x, y: block.y, width: block.width, height: block.height,
                                           premultipliedPixels: level)
        for k in 1...Self.mipLevels {
            level = Self.halved(level, width: block.width >> (k - 1), height: block.height >> (k - 1))
            try pages[slot.page].replaceRegion(level: k, x: block.x >> k, y: block.y >> k, width: block.width >> k,
                                               height: block.height >> k, premultipliedPixels: level)
        }
        slots[source] = slot
    }

    static func size(of source: TextureSource) -> (width: Int, height: Int) {
        switch source {
        case .image(let image): return (image.width, image.height)
        case .raster(let raster): return (raster.width, raster.height)
        case .pass: preconditionFailure("TextureCache: passes are not cached")
        }
    }

    static func premultipliedPixels(of source: TextureSource) -> (Int, Int, [UInt8], String) {
        switch source {
        case .image(let image):
            return (image.width, image.height, RGBA8Pixels.premultiplied(image.pixels), image.label)
        case .raster(let raster):
            return (raster.width, raster.height, raster.pixels, "bitmap")
        case .pass:
            preconditionFailure("TextureCache: passes are not cached")
        }
    }

    /// The pixels with their edge rows and columns repeated `gutter` times on
    /// the top and left and to fill a `blockWidth × blockHeight` block (at
    /// least `gutter` more) on the bottom and right.
    static func withGutter(_ pixels: [UInt8], width: Int, height: Int, gutter g: Int,
                           blockWidth: Int, blockHeight: Int) -> [UInt8] {
        precondition(blockWidth >= width + 2 * g && blockHeight >= height + 2 * g,
                     "TextureCache: a \(blockWidth)×\(blockHeight) block cannot hold \(width)×\(height) and its gutter")
        let pw = blockWidth
        var out = [UInt8](repeating: 0, count: pw * blockHeight * 4)
        for y in 0..<blockHeight {
            let sy = min(max(y - g, 0), height - 1)
            for x in 0..<pw {
                let sx = min(max(x - g, 0), width - 1)
                let s = (sy * width + sx) * 4, d = (y * pw + x) * 4
                out[d] = pixels[s]; out[d + 1] = pixels[s + 1]; out[d + 2] = pixels[s + 2]; out[d + 3] = pixels[s + 3]
            }
        }
        return out
    }

    /// The next mip level of premultiplied RGBA8 pixels of even size: each
    /// texel the rounded mean of a 2×2 block, as a box-filtered mip chain has.
    static func halved(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(width % 2 == 0 && height % 2 == 0, "TextureCache: cannot halve \(width)×\(height)")
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
