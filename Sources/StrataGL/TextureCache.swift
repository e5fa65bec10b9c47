import Foundation
import Strata
import StrataRender

/// Layer contents in atlas pages: each image or CPU bitmap gets a slot (with a
/// one-pixel gutter of its edge pixels) the first frame it is drawn and keeps it
/// while it stays in use, so most items share one texture.
struct TextureCache {
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

    init(context: GLContext) {
        self.context = context
        pageSize = min(2048, context.info.maxTextureSize)
        atlas = AtlasAllocator(pageSize: pageSize)
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
        if used.contains(where: { slots[$0.0] == nil && dedicated[$0.0] == nil }) && pages.count >= maximumPages {
            // Start over with only this frame's sources.
            slots = [:]
            dedicated = [:]
            pages = []
            atlas.reset()
        }
        for (source, label) in used where slots[source] == nil && dedicated[source] == nil {
            try upload(source, layer: label)
            stats.uploads += 1
        }
    }

    mutating func upload(_ source: TextureSource, layer: String) throws(GLError) {
        let (width, height, pixels, name) = Self.premultipliedPixels(of: source)
        let label = "layer \"\(layer)\" contents \(name)"
        guard atlas.fits(width: width, height: height) else {
            let texture = try GLTexture(context: context, width: width, height: height, label: label,
                                        premultipliedPixels: pixels)
            pages.append(texture)
            dedicated[source] = pages.count - 1
            return
        }
        guard let slot = atlas.allocate(width: width, height: height) else { return }
        while pages.count <= slot.page || dedicated.values.contains(slot.page) {
            // Atlas page numbers and page indices must agree: dedicated textures
            // are appended after pages, so grow the page list in step.
            let page = try GLTexture(context: context, width: pageSize, height: pageSize,
                                     label: "atlas page \(pages.count)")
            pages.append(page)
        }
        let padded = Self.withGutter(pixels, width: width, height: height)
        try pages[slot.page].replaceRegion(x: slot.x - 1, y: slot.y - 1, width: width + 2, height: height + 2,
                                           premultipliedPixels: padded)
        slots[source] = slot
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

    /// The pixels with their edge rows and columns repeated once on every side.
    static func withGutter(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let pw = width + 2
        var out = [UInt8](repeating: 0, count: pw * (height + 2) * 4)
        for y in 0..<(height + 2) {
            let sy = min(max(y - 1, 0), height - 1)
            for x in 0..<pw {
                let sx = min(max(x - 1, 0), width - 1)
                let s = (sy * width + sx) * 4, d = (y * pw + x) * 4
                out[d] = pixels[s]; out[d + 1] = pixels[s + 1]; out[d + 2] = pixels[s + 2]; out[d + 3] = pixels[s + 3]
            }
        }
        return out
    }
}
