import Foundation

/// Packs rectangles into square pages with shelves (rows of similar height).
///
/// Each slot gets a gutter on every side, which the backend fills with the
/// image's edge pixels so filtering never reads a neighbour: one pixel is
/// enough for bilinear filtering; 2ⁿ pixels keep mip level n clean too.
/// Pure bookkeeping: the GL backend owns the textures.
public struct AtlasAllocator: Sendable {
    /// A placed rectangle: the page and the pixels inside the gutter.
    public struct Slot: Hashable, Sendable {
        public var page: Int
        public var x: Int, y: Int, width: Int, height: Int
    }

    struct Shelf { var y: Int; var height: Int; var usedWidth: Int }
    struct Page { var shelves: [Shelf] = []; var usedHeight = 0 }

    /// Side of every page in pixels.
    public let pageSize: Int
    /// Gutter around each slot.
    public let gutter: Int
    var pages: [Page] = []

    public init(pageSize: Int, gutter: Int = 1) {
        precondition(pageSize >= 16, "AtlasAllocator: page size \(pageSize) is too small")
        precondition(gutter >= 0 && gutter * 4 < pageSize, "AtlasAllocator: gutter \(gutter) does not fit a page")
        self.pageSize = pageSize
        self.gutter = gutter
    }

    /// Number of pages in use.
    public var pageCount: Int { pages.count }

    /// Whether a `width × height` image can go into a page at all.
    public func fits(width: Int, height: Int) -> Bool {
        width + 2 * gutter <= pageSize && height + 2 * gutter <= pageSize
    }

    /// Places a `width × height` rectangle, opening a new page when none has room;
    /// nil when it is larger than a page.
    public mutating func allocate(width: Int, height: Int) -> Slot? {
        guard width > 0, height > 0, fits(width: width, height: height) else { return nil }
        let w = width + 2 * gutter, h = height + 2 * gutter
        for p in pages.indices {
            if let slot = place(w, h, inPage: p) { return inner(slot, width, height) }
        }
        pages.append(Page())
        guard let slot = place(w, h, inPage: pages.count - 1) else { return nil }
        return inner(slot, width, height)
    }

    /// Forgets every placement (the backend re-uploads what is still used).
    public mutating func reset() { pages = [] }

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
