import Foundation

/// Packs rectangles into square pages with shelves (rows of similar height).
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
    struct Page { var shelves: [Shelf] = []; var usedHeight = 0 }

    /// Side of every page in pixels.
    package let pageSize: Int
    /// Gutter around each slot.
    package let gutter: Int
    /// What every slot's block (slot and gutter) is rounded up to, in position and size.
    package let alignment: Int
    var pages: [Page] = []

    package init(pageSize: Int, gutter: Int = 1, alignment: Int = 1) {
        precondition(pageSize >= 16, "AtlasAllocator: page size \(pageSize) is too small")
        precondition(gutter >= 0 && gutter * 4 < pageSize, "AtlasAllocator: gutter \(gutter) does not fit a page")
        precondition(
            alignment >= 1 && pageSize % alignment == 0,
            "AtlasAllocator: alignment \(alignment) does not divide the page size \(pageSize)")
        self.pageSize = pageSize
        self.gutter = gutter
        self.alignment = alignment
    }

    /// The block a slot occupies: the slot, its gutter, and the rounding up to `alignment`.
    package func block(of slot: Slot) -> (x: Int, y: Int, width: Int, height: Int) {
        (slot.x - gutter, slot.y - gutter, aligned(slot.width + 2 * gutter), aligned(slot.height + 2 * gutter))
    }

    func aligned(_ n: Int) -> Int { (n + alignment - 1) / alignment * alignment }

    /// Number of pages in use.
    package var pageCount: Int { pages.count }

    /// Whether a `width × height` image can go into a page at all.
    package func fits(width: Int, height: Int) -> Bool {
        aligned(width + 2 * gutter) <= pageSize && aligned(height + 2 * gutter) <= pageSize
    }

    /// Places a `width × height` rectangle, opening a new page when none has room;
    /// nil when it is larger than a page.
    package mutating func allocate(width: Int, height: Int) -> Slot? {
        guard width > 0, height > 0, fits(width: width, height: height) else { return nil }
        let w = aligned(width + 2 * gutter), h = aligned(height + 2 * gutter)
        for p in pages.indices {
            if let slot = place(w, h, inPage: p) { return inner(slot, width, height) }
        }
        pages.append(Page())
        guard let slot = place(w, h, inPage: pages.count - 1) else { return nil }
        return inner(slot, width, height)
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
        where shelf.height >= h && shelf.height <= h * 2 && shelf.usedWidth + w <= pageSize {
            if best == nil || shelf.height < pages[p].shelves[best!].height { best = i }
        }
        if let i = best {
            let shelf = pages[p].shelves[i]
            pages[p].shelves[i].usedWidth += w
            return Slot(page: p, x: shelf.usedWidth, y: shelf.y, width: w, height: h)
        }
        guard pages[p].usedHeight + h <= pageSize else { return nil }
        let y = pages[p].usedHeight
        pages[p].shelves.append(Shelf(y: y, height: h, usedWidth: w))
        pages[p].usedHeight += h
        return Slot(page: p, x: 0, y: y, width: w, height: h)
    }
}
