import Foundation

/// Packs rectangles into square pages with shelves (rows of similar height).
///
/// A page starts at `smallestSide` and doubles, up to `pageSize`, when what
/// is placed does not fit: a few small bitmaps get a small texture (a
/// software rasterizer clears every texel of a new texture, 16 MB for a
/// 2048² page), and slots keep their place as the page grows.
///
/// Each slot gets a gutter on every side, which the backend fills with the
/// image's edge pixels so filtering never reads a neighbour: one pixel is
/// enough for bilinear filtering; 2ⁿ pixels keep mip level n clean too.
/// With an `alignment` of 2ⁿ every slot's block (gutter included) starts and
/// ends on multiples of 2ⁿ, so each texel of mip levels 1…n comes from one
/// block only and the backend can build a slot's levels from its own pixels.
/// Pure bookkeeping: the GL backend owns the textures.
package struct AtlasAllocator: Sendable {
    /// A placed rectangle: the page and the pixels inside the gutter.
    package struct Slot: Hashable, Sendable {
        package var page: Int
        package var x: Int, y: Int, width: Int, height: Int
    }

    struct Shelf { var y: Int; var height: Int; var usedWidth: Int }
    struct Page { var shelves: [Shelf] = []; var usedHeight = 0; var side: Int }

    /// The largest side a page grows to, in pixels.
    package let pageSize: Int
    /// The side a page starts at.
    package let smallestSide: Int
    /// Gutter around each slot.
    package let gutter: Int
    /// What every slot's block (slot and gutter) is rounded up to, in position and size.
    package let alignment: Int
    var pages: [Page] = []

    package init(pageSize: Int, gutter: Int = 1, alignment: Int = 1, smallestSide: Int? = nil) {
        precondition(pageSize >= 16, "AtlasAllocator: page size \(pageSize) is too small")
        let smallestSide = min(smallestSide ?? pageSize, pageSize)
        precondition(
            smallestSide >= 16 && smallestSide % alignment == 0,
            "AtlasAllocator: smallest side \(smallestSide) is too small or not a multiple of \(alignment)")
        precondition(gutter >= 0 && gutter * 4 < pageSize, "AtlasAllocator: gutter \(gutter) does not fit a page")
        precondition(
            alignment >= 1 && pageSize % alignment == 0,
            "AtlasAllocator: alignment \(alignment) does not divide the page size \(pageSize)")
        self.pageSize = pageSize
        self.gutter = gutter
        self.alignment = alignment
        self.smallestSide = smallestSide
    }

    /// The block a slot occupies: the slot, its gutter, and the rounding up to `alignment`.
    package func block(of slot: Slot) -> (x: Int, y: Int, width: Int, height: Int) {
        (slot.x - gutter, slot.y - gutter, aligned(slot.width + 2 * gutter), aligned(slot.height + 2 * gutter))
    }

    func aligned(_ n: Int) -> Int { (n + alignment - 1) / alignment * alignment }

    /// Number of pages in use.
    package var pageCount: Int { pages.count }

    /// The side page `page` has grown to.
    package func side(ofPage page: Int) -> Int { pages[page].side }

    /// Whether a `width × height` image can go into a page at all.
    package func fits(width: Int, height: Int) -> Bool {
        aligned(width + 2 * gutter) <= pageSize && aligned(height + 2 * gutter) <= pageSize
    }

    /// Places a `width × height` rectangle, growing a page or opening a new
    /// one when none has room; nil when it is larger than a page.
    package mutating func allocate(width: Int, height: Int) -> Slot? {
        guard width > 0, height > 0, fits(width: width, height: height) else { return nil }
        let w = aligned(width + 2 * gutter), h = aligned(height + 2 * gutter)
        for p in pages.indices {
            if let slot = placeGrowing(w, h, inPage: p) { return inner(slot, width, height) }
        }
        pages.append(Page(side: smallestSide))
        guard let slot = placeGrowing(w, h, inPage: pages.count - 1) else { return nil }
        return inner(slot, width, height)
    }

    /// Places a block in page `p`, doubling its side until it fits or is `pageSize`.
    mutating func placeGrowing(_ w: Int, _ h: Int, inPage p: Int) -> Slot? {
        while true {
            if let slot = place(w, h, inPage: p) { return slot }
            guard pages[p].side < pageSize else { return nil }
            pages[p].side = min(pages[p].side * 2, pageSize)
        }
    }

    /// Forgets every placement (the backend re-uploads what is still used).
    package mutating func reset() { pages = [] }

    func inner(_ s: Slot, _ width: Int, _ height: Int) -> Slot {
        Slot(page: s.page, x: s.x + gutter, y: s.y + gutter, width: width, height: height)
    }

    mutating func place(_ w: Int, _ h: Int, inPage p: Int) -> Slot? {
        // The shortest shelf that is tall enough (but not wastefully tall) and has room.
        var best: Int?
        for (i, shelf) in pages[p].shelves.enumerated()
        where shelf.height >= h && shelf.height <= h * 2 && shelf.usedWidth + w <= pages[p].side {
            if best == nil || shelf.height < pages[p].shelves[best!].height { best = i }
        }
        if let i = best {
            let shelf = pages[p].shelves[i]
            pages[p].shelves[i].usedWidth += w
            return Slot(page: p, x: shelf.usedWidth, y: shelf.y, width: w, height: h)
        }
        guard pages[p].usedHeight + h <= pages[p].side, w <= pages[p].side else { return nil }
        let y = pages[p].usedHeight
        pages[p].shelves.append(Shelf(y: y, height: h, usedWidth: w))
        pages[p].usedHeight += h
        return Slot(page: p, x: 0, y: y, width: w, height: h)
    }
}
