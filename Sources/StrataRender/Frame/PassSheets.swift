import Foundation

/// Small offscreen passes drawn side by side into one target (a sheet), and
/// the order the passes of a frame are drawn in.
///
/// Each pass into a target of its own costs a rasterizer a flush when its
/// target is bound and a wait before its pixels are sampled: on llvmpipe with
/// two rasterizer threads about 80 µs a pass, whatever its size, so a Lottie
/// frame of a dozen small masks and mattes spent most of its time switching
/// targets. Passes that sample no pass of the same sheet can share one: the
/// passes of a frame are drawn level by level (a pass's level is one more
/// than the highest level among the passes it samples, 0 for none; passes of
/// one level never sample each other), and a level's small passes are packed
/// into sheets, each pass in its own rectangle with a gutter of its clear
/// colour around it (see `pack`) (what sampling past its edge read in a target of its own).
///
/// Passes that keep their own target: the screen, cacheable passes (their
/// target outlives the frame), passes blurred or recoloured in place (the
/// step works on the whole target), passes whose draws read the backdrop
/// (they copy from window coordinates), and passes larger than `largestSide`.
/// A pass cleared to a colour (``RenderPass/background``: an inverted
/// matte's opaque cover) shares too: the sheet is cleared to transparent,
/// and the pass fills its part and gutter with its colour.
struct PassSheets {
    /// Passes packed into one target, with its size.
    struct Sheet {
        var passes: [Int]
        var width: Int
        var height: Int
    }

    /// Widest and tallest pass a sheet takes: larger ones gain little (their
    /// pixels cost more than the switch) and would leave little room.
    static let largestSide = 512
    /// A sheet's width; rows of passes are packed up to it.
    static let width = 1024
    /// A sheet's height at most (then another sheet starts).
    static let maximumHeight = 2048

    /// The passes in drawing order (the screen last): the render list's order
    /// when no passes share a target, else level by level, each sheet's passes together.
    private(set) var order: [Int]
    private(set) var sheets: [Sheet] = []
    /// The sheet of each pass that is in one.
    private(set) var sheetOf: [Int: Int] = [:]
    /// Each sheet pass's lower-left corner in its sheet (GL rows count up).
    private(set) var origin: [Int: (x: Int, y: Int)] = [:]

    /// The sheets of `list`'s passes, where `sampled[i]` lists the passes
    /// pass `i`'s items sample; without `sharing`, none (each pass has its own
    /// target and the list's order is kept).
    init(_ list: RenderList, sampled: [[Int]], sharing: Bool = true) {
        let count = list.passes.count
        order = Array(0..<count)
        guard sharing, count > 2, let levels = Self.levels(sampled) else { return }
        var byLevel: [[Int]] = Array(repeating: [], count: (levels.max() ?? 0) + 1)
        for i in 0..<(count - 1) { byLevel[levels[i]].append(i) }
        var drawing: [Int] = []
        drawing.reserveCapacity(count)
        for passes in byLevel {
            let shared = passes.filter { Self.canShare(list.passes[$0]) }
            var placed: Set<Int> = []
            if shared.count > 1 {
                for sheet in Self.pack(shared, list) where sheet.sheet.passes.count > 1 {
                    sheets.append(sheet.sheet)
                    for (pass, corner) in zip(sheet.sheet.passes, sheet.origins) {
                        sheetOf[pass] = sheets.count - 1
                        origin[pass] = corner
                        placed.insert(pass)
                        drawing.append(pass)
                    }
                }
            }
            drawing.append(contentsOf: passes.filter { !placed.contains($0) })
        }
        guard !sheets.isEmpty else { return }
        order = drawing + [count - 1]
    }

    /// Each pass's level, or nil when a pass samples one that is not drawn before it.
    private static func levels(_ sampled: [[Int]]) -> [Int]? {
        var levels = [Int](repeating: 0, count: sampled.count)
        for (i, passes) in sampled.enumerated() {
            for p in passes {
                guard p < i else { return nil }
                levels[i] = max(levels[i], levels[p] + 1)
            }
        }
        return levels
    }

    /// Whether `pass` may be drawn into a sheet (see the type's notes).
    private static func canShare(_ pass: RenderPass) -> Bool {
        pass.purpose != .screen && pass.cacheKey == nil && pass.blurSigma <= 0.05 && pass.colorMap == nil
            && Int(pass.bounds.width) <= largestSide && Int(pass.bounds.height) <= largestSide
            && !pass.items.contains { $0.blend.readsBackdrop }
    }

    /// `passes` packed in rows, tallest first, into as many sheets as they
    /// need; each rectangle has a gutter of its own, at least one pixel wide, on
    /// every side, and its corner on even rows and columns: the 2 × 2 blocks whose
    /// derivatives shaders read fall on the pass's pixels as in a target of
    /// its own (a shape's edge antialiased by derivatives comes out the same).
    private static func pack(_ passes: [Int], _ list: RenderList) -> [(sheet: Sheet, origins: [(x: Int, y: Int)])] {
        func size(_ i: Int) -> (w: Int, h: Int) {
            let b = list.passes[i].bounds
            return (max(1, Int(b.width)), max(1, Int(b.height)))
        }
        func even(_ n: Int) -> Int { (n + 1) / 2 * 2 }
        let tallestFirst = passes.sorted { a, b in
            let (ha, hb) = (size(a).h, size(b).h)
            return ha != hb ? ha > hb : a < b
        }
        var out: [(sheet: Sheet, origins: [(x: Int, y: Int)])] = []
        var current = (sheet: Sheet(passes: [], width: 0, height: 0), origins: [(x: Int, y: Int)]())
        var x = 2, y = 2, rowHeight = 0
        for pass in tallestFirst {
            let (w, h) = size(pass)
            if x + w + 1 > width {
                y = even(y + rowHeight + 2)
                x = 2
                rowHeight = 0
            }
            if y + h + 1 > maximumHeight {
                out.append(current)
                current = (Sheet(passes: [], width: 0, height: 0), [])
                x = 2
                y = 2
                rowHeight = 0
            }
            current.sheet.passes.append(pass)
            current.origins.append((x, y))
            current.sheet.width = max(current.sheet.width, x + w + 1)
            current.sheet.height = max(current.sheet.height, y + h + 1)
            x = even(x + w + 2)
            rowHeight = max(rowHeight, h)
        }
        if !current.sheet.passes.isEmpty { out.append(current) }
        return out
    }
}
