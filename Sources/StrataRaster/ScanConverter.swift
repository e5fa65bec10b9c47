import Foundation

/// Turns edges into anti-aliased coverage with the non-zero or even-odd rule: exact area
/// coverage where the geometry is simple, 16 sample lines per row where it is not.
///
/// Exact rows (each row is a band one pixel high):
/// 1. The band is cut at every height where an edge starts or ends, so inside each slab every
///    edge present spans it from top to bottom.
/// 2. In a slab the edges are ordered by x. If that order differs at the slab's bottom, edges
///    cross inside it: the slab is cut again at each crossing. Now no two edges cross inside a
///    slab, and the winding number is constant between neighbours.
/// 3. A sweep from the left keeps the winding number; an edge where "inside" changes (0 ↔ 1
///    for even-odd, zero ↔ non-zero for non-zero) bounds the filled area. Only those edges are
///    drawn into the row's accumulation buffer, +1 entering and −1 leaving, as the signed-area
///    rasterizers of font renderers do: each piece adds, to the pixel it crosses, the area to
///    its right, and to the next pixel the rest, so a running sum along the row gives each
///    pixel's exact covered area.
///
/// Because only boundary edges are drawn, overlapping polygons (a stroke's pieces, a path
/// crossing itself) cover exactly their union, with no darker seams where they overlap.
///
/// Exact rows cost (slabs × edges). A row with more slabs than that affords (many short
/// edges: flattened text, a stroke's many pieces, a scribble) is sampled instead, as Skia
/// samples complex paths (with 4 lines): 16 lines across the row, each adding its inside
/// spans exactly in x with weight 1/16. The edge order carries from line to line, so each
/// costs about one pass over the row's edges. The largest error is then 1/32 of a pixel's
/// coverage (8 levels), on near-horizontal edges. Rows crowded with edges get fewer lines:
/// 8 past 256 edges, 4 past 2048, 2 past 16384 and 1 past 65536, so that time stays bounded.
package struct ScanConverter {
    package let width: Int
    package let height: Int
    package let evenOdd: Bool
    /// Whether a row's bytes are made only where its edges wrote (the running sum written
    /// as runs between): off, every cell of every row is summed, for checking the two agree.
    package var skipsUnwrittenCells = true

    /// A converter for `width × height` pixels; `evenOdd` fills by the even-odd rule, else non-zero winding.
    package init(width: Int, height: Int, evenOdd: Bool) {
        self.width = width
        self.height = height
        self.evenOdd = evenOdd
    }

    /// The most slab × edge steps a row may take exactly (at least 24 slabs are allowed).
    package static let exactBudget = 2048

    /// Rows per band. Bands are converted in parallel, each from scratch, so the bytes never
    /// depend on how many threads ran.
    package static let bandHeight = 64

    /// The coverage bytes for `edges`.
    package func coverage(_ edges: RasterEdges) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        let (list, rowStart) = edges.bucketedByRow()
        guard !list.isEmpty, width > 0, height > 0 else { return out }
        let bands = (height + Self.bandHeight - 1) / Self.bandHeight
        out.withUnsafeMutableBufferPointer { bytes in
            let target = RowsPointer(base: bytes.baseAddress!)
            if bands == 1 || list.count < 512 {
                for b in 0..<bands { convert(band: b, list, rowStart, into: target) }
            } else {
                DispatchQueue.concurrentPerform(iterations: bands) { b in
                    convert(band: b, list, rowStart, into: target)
                }
            }
        }
        return out
    }

    /// The output buffer, shared by the bands; each writes only its own rows.
    private struct RowsPointer: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
    }

    /// Converts rows `band × bandHeight ..< (band + 1) × bandHeight`.
    private func convert(band: Int, _ list: [RasterEdge], _ rowStart: [Int], into target: RowsPointer) {
        let first = band * Self.bandHeight, last = min(height, first + Self.bandHeight)
        var state = State(width: width, evenOdd: evenOdd, skipsUnwrittenCells: skipsUnwrittenCells)
        // Edges that started above the band and reach into it.
        let top = Double(first)
        for e in list[..<rowStart[first]] where e.y1 > top { state.pending.append(e) }
        // Each band writes only its own rows of the shared buffer.
        let bytes = UnsafeMutableBufferPointer(start: target.base, count: width * height)
        for row in first..<last {
            state.pending.append(contentsOf: list[rowStart[row]..<rowStart[row + 1]])
            if state.pending.isEmpty && state.order.isEmpty {
                if rowStart[row + 1] == list.count { break }
                continue
            }
            state.scan(row: row)
            state.resolve(into: bytes, rowStart: row * width)
        }
    }

    /// An edge in the sweep, with its x at the current slab's top and bottom (both the sample
    /// line's x when sampling). Kept by value so the sweep walks contiguous memory.
    private struct Active {
        var edge: RasterEdge
        var top: Double
        var bottom: Double
    }

    /// The sweep's working state, kept across rows.
    private struct State {
        let width: Int
        let evenOdd: Bool
        /// This row's edges not yet taken in (they start lower in the row).
        var pending: [RasterEdge] = []
        /// Edges taken in and not yet finished; the first `sorted` are in x order as of the
        /// last slab or sample line, the rest were taken in since.
        var order: [Active] = []
        var sorted = 0
        /// Area deltas for the current row; `width + 2` cells so any x in 0...width fits.
        var acc: [Double]
        /// The cells of `acc` written this row, as ranges packed `lo << 32 | hi` (inclusive):
        /// between them the running sum holds still, so a row costs its edges, not its width.
        var touched: [Int] = []
        var events: [Double] = []
        var crossings: [Double] = []
        var keys: [(top: Double, bottom: Double)] = []
        var merged: [Active] = []

        let skipsUnwrittenCells: Bool

        init(width: Int, evenOdd: Bool, skipsUnwrittenCells: Bool) {
            self.width = width
            self.evenOdd = evenOdd
            self.skipsUnwrittenCells = skipsUnwrittenCells
            acc = [Double](repeating: 0, count: width + 2)
        }

        /// Sorts `values`: by insertion where they are few (a row's heights, its written
        /// ranges), the general sort where they are many.
        @inline(__always)
        static func sortFew<T: Comparable>(_ values: inout [T]) {
            guard values.count <= 32 else { return values.sort() }
            values.withUnsafeMutableBufferPointer { v in
                for j in v.indices.dropFirst() where v[j] < v[j - 1] {
                    let x = v[j]
                    var m = j
                    while m > 0 && x < v[m - 1] {
                        v[m] = v[m - 1]
                        m -= 1
                    }
                    v[m] = x
                }
            }
        }

        /// Whether winding number `w` is inside by the rule.
        @inline(__always) static func inside(_ w: Int32, evenOdd: Bool) -> Bool { evenOdd ? w & 1 != 0 : w != 0 }

        /// Accumulates one row into `acc`.
        mutating func scan(row: Int) {
            let top = Double(row), bottom = top + 1
            let active = order.count + pending.count
            // Exact slabs cost about (slabs × edges); sample lines about 16 × edges.
            let budget = max(ScanConverter.exactBudget, 24 * active)
            // Heights where edges start or end inside the row, unless there are too many.
            events.removeAll(keepingCapacity: true)
            events.append(top)
            var exact = true
            for p in pending {
                if p.y0 > top { events.append(p.y0) }
                if p.y1 < bottom { events.append(p.y1) }
                if events.count * active > budget {
                    exact = false
                    break
                }
            }
            if exact {
                for a in order where a.edge.y1 < bottom { events.append(a.edge.y1) }
                exact = (events.count + 1) * active <= budget
            }
            if !exact {
                sample(
                    top: top,
                    samples: active > 65536 ? 1 : active > 16384 ? 2 : active > 2048 ? 4 : active > 256 ? 8 : 16)
            } else {
                events.append(bottom)
                Self.sortFew(&events)
                var prev = events[0]
                for y in events.dropFirst() where y > prev {
                    slab(from: prev, to: y)
                    prev = y
                }
            }
            retire(before: bottom)
        }

        /// Takes in pending edges that start by `y`; drops edges that end by it. Edges taken
        /// in go to the end of `order`, after the sorted ones.
        mutating func retire(before y: Double) {
            let sorted = self.sorted
            let (kept, keptSorted) = order.withUnsafeMutableBufferPointer { o -> (Int, Int) in
                var kept = 0, keptSorted = 0
                for j in o.indices where o[j].edge.y1 > y {
                    o[kept] = o[j]
                    kept += 1
                    if j < sorted { keptSorted += 1 }
                }
                return (kept, keptSorted)
            }
            if kept < order.count {
                order.removeLast(order.count - kept)
                self.sorted = keptSorted
            }
            if pending.isEmpty { return }
            let waiting = pending.withUnsafeMutableBufferPointer { pending -> Int in
                var waiting = 0
                for j in pending.indices {
                    let p = pending[j]
                    if p.y0 <= y {
                        if p.y1 > y { order.append(Active(edge: p, top: 0, bottom: 0)) }
                    } else {
                        pending[waiting] = p
                        waiting += 1
                    }
                }
                return waiting
            }
            pending.removeLast(pending.count - waiting)
        }

        /// Sets every active edge's keys to its x at `ya` and `yb`.
        mutating func measure(_ ya: Double, _ yb: Double) {
            order.withUnsafeMutableBufferPointer { o in
                for j in o.indices {
                    o[j].top = o[j].edge.x(at: ya)
                    o[j].bottom = o[j].edge.x(at: yb)
                }
            }
        }

        /// One slab of the row: edges span it whole; cut further at crossings.
        mutating func slab(from ya: Double, to yb: Double) {
            retire(before: ya)
            guard !order.isEmpty else { return }
            measure(ya, yb)
            sortOrder()
            // Most slabs have no crossing: ordered by the top, the edges are ordered by the
            // bottom too, and the search below would swap nothing.
            let uncrossed = order.withUnsafeBufferPointer { o in
                !o.indices.dropFirst().contains { o[$0 - 1].bottom > o[$0].bottom + 1e-9 }
            }
            if uncrossed {
                sweep(height: yb - ya)
                return
            }
            // Crossings show as pairs out of order at the bottom; an insertion sort by the
            // bottom x meets each such pair once, as a swap.
            crossings.removeAll(keepingCapacity: true)
            // The first `order.count` keys are used; the array only grows (emptying and
            // refilling it for every slab cost more than the copy).
            let n = order.count
            if keys.count < n { keys.append(contentsOf: repeatElement((top: 0.0, bottom: 0.0), count: n - keys.count)) }
            order.withUnsafeBufferPointer { o in
                keys.withUnsafeMutableBufferPointer { keys in
                    for j in o.indices { keys[j] = (o[j].top, o[j].bottom) }
                }
            }
            var swaps = 0
            keys.withUnsafeMutableBufferPointer { keys in
                outer: for j in 1..<max(1, n) {
                    var m = j
                    while m > 0 && keys[m - 1].bottom > keys[m].bottom + 1e-9 {
                        let da = keys[m - 1].top - keys[m].top, db = keys[m - 1].bottom - keys[m].bottom
                        let t = da / (da - db)
                        if t > 0 && t < 1 { crossings.append(ya + t * (yb - ya)) }
                        keys.swapAt(m - 1, m)
                        m -= 1
                        swaps += 1
                        if swaps > 64 { break outer }
                    }
                }
            }
            if crossings.isEmpty {
                sweep(height: yb - ya)
                return
            }
            if swaps > 64 {
                // Too tangled to cut exactly: eight sub-slabs, each ordered at its middle.
                crossings = (1..<8).map { ya + (yb - ya) * Double($0) / 8 }
            }
            Self.sortFew(&crossings)
            crossings.append(yb)
            var prev = ya
            for y in crossings where y > prev {
                measure(prev, y)
                sorted = 0  // the order at the middle may differ from the order at the top
                sortOrder(byMiddle: true)
                sweep(height: y - prev)
                prev = y
            }
        }

        /// Sorts `order` by x at the top (ties by the bottom), or by the middle. The edges kept
        /// from the slab above are nearly sorted already (an insertion sort is about one pass);
        /// edges taken in since are sorted on their own and merged in, so that a row where
        /// hundreds of edges start costs n log n, not n².
        mutating func sortOrder(byMiddle: Bool = false) {
            @inline(__always) func less(_ u: Active, _ v: Active) -> Bool {
                let ku = byMiddle ? u.top + u.bottom : u.top
                let kv = byMiddle ? v.top + v.bottom : v.top
                return ku < kv || (ku == kv && u.bottom < v.bottom)
            }
            let head = min(sorted, order.count)
            // Edges that cross a lot (a scribble) can undo the order between lines; past a few
            // moves per edge the insertion sort gives way to a full sort.
            let settled = order.withUnsafeMutableBufferPointer { o -> Bool in
                guard head > 1 else { return true }
                var moves = 0
                let limit = 8 * head + 64
                for j in 1..<head {
                    let v = o[j]
                    var m = j
                    while m > 0 && less(v, o[m - 1]) {
                        o[m] = o[m - 1]
                        m -= 1
                    }
                    o[m] = v
                    moves += j - m
                    if moves > limit { return false }
                }
                return true
            }
            if !settled {
                if byMiddle || order.count < 4096 { order.sort(by: less) } else { bucketSortByTop() }
            } else if order.count > head {
                order[head...].sort(by: less)
                if head > 0 {
                    merged.removeAll(keepingCapacity: true)
                    var a = 0, b = head
                    while a < head && b < order.count {
                        if less(order[b], order[a]) {
                            merged.append(order[b])
                            b += 1
                        } else {
                            merged.append(order[a])
                            a += 1
                        }
                    }
                    merged.append(contentsOf: order[a..<head])
                    merged.append(contentsOf: order[b...])
                    swap(&order, &merged)
                }
            }
            sorted = order.count
        }

        /// Draws the boundary edges of a crossing-free slab of height `h` into `acc`.
        mutating func sweep(height h: Double) {
            let evenOdd = self.evenOdd, wd = Double(width)
            // (Through buffers: an array element written through `self` is checked and
            // made unique at every write.)
            acc.withUnsafeMutableBufferPointer { acc in
                order.withUnsafeBufferPointer { o in
                    var w: Int32 = 0
                    for j in o.indices {
                        let was = Self.inside(w, evenOdd: evenOdd)
                        w &+= o[j].edge.dir
                        let now = Self.inside(w, evenOdd: evenOdd)
                        if was != now {
                            touched.append(Self.accumulate(o[j].top, o[j].bottom, now ? h : -h, width: wd, into: acc))
                        }
                    }
                }
            }
        }

        /// Adds a piece from x `xa` (top) to `xb` (bottom) of signed height `dy` to `acc`:
        /// to each pixel it crosses, the part of the pixel's height-slice to its right; to the
        /// pixel after, the rest. Returns the cells written, packed as `touched` keeps them.
        @inline(__always)
        static func accumulate(
            _ xa: Double, _ xb: Double, _ dy: Double, width wd: Double, into acc: UnsafeMutableBufferPointer<Double>
        ) -> Int {
            let a = min(max(xa, 0), wd), b = min(max(xb, 0), wd)
            let (l, r) = a < b ? (a, b) : (b, a)
            var c = Int(l)
            if r - Double(c) <= 1 {
                let f = (l + r) / 2 - Double(c)
                acc[c] += dy * (1 - f)
                acc[c + 1] += dy * f
                return c << 32 | (c + 1)
            }
            let first = c
            let perX = dy / (r - l)
            var x = l
            while x < r {
                let nx = min(Double(c + 1), r)
                let part = (nx - x) * perX
                let f = (x + nx) / 2 - Double(c)
                acc[c] += part * (1 - f)
                acc[c + 1] += part * f
                x = nx
                c += 1
            }
            return first << 32 | c
        }

        /// The row's coverage from `samples` lines across it, each adding its inside spans
        /// (exact in x) with weight 1/samples.
        ///
        /// Every edge of the row stays in `order` for all the lines (those not crossing a line
        /// are skipped by the sweep and keep an x clamped to their ends), so each line costs
        /// one pass to measure, an insertion sort that barely moves anything, and one sweep.
        mutating func sample(top: Double, samples: Int) {
            for p in pending { order.append(Active(edge: p, top: 0, bottom: 0)) }
            pending.removeAll(keepingCapacity: true)
            let weight = 1 / Double(samples)
            let evenOdd = self.evenOdd, wd = Double(width)
            var lo = Int.max, hi = Int.min
            for s in 0..<samples {
                let y = top + (Double(s) + 0.5) * weight
                if s == 0 {
                    order.withUnsafeMutableBufferPointer { o in
                        for j in o.indices {
                            let e = o[j].edge
                            o[j].top = e.x(at: min(max(y, e.y0), e.y1))
                            o[j].bottom = o[j].top
                        }
                    }
                    sortOrder()  // merges in the edges that start in this row
                } else {
                    resortAtLine(y)
                }
                // Edges starting exactly on the line count; those ending on it do not.
                acc.withUnsafeMutableBufferPointer { acc in
                    order.withUnsafeBufferPointer { o in
                        var w: Int32 = 0
                        for j in o.indices where o[j].edge.y0 <= y && o[j].edge.y1 > y {
                            let was = Self.inside(w, evenOdd: evenOdd)
                            w &+= o[j].edge.dir
                            let now = Self.inside(w, evenOdd: evenOdd)
                            guard was != now else { continue }
                            // A span starts (or ends) at the edge's x: split between its pixel and the next.
                            let v = now ? weight : -weight
                            let cx = min(max(o[j].top, 0), wd)
                            let c = Int(cx)
                            let f = cx - Double(c)
                            acc[c] += v * (1 - f)
                            acc[c + 1] += v * f
                            (lo, hi) = (min(lo, c), max(hi, c + 1))
                        }
                    }
                }
            }
            // One range for all the lines' writes: the cells between them hold no delta.
            if lo <= hi { touched.append(lo << 32 | hi) }
            sorted = order.count
        }

        /// Moves every edge's key to its x on the line at `y` (clamped to the edge's ends) and
        /// re-sorts by it: an insertion sort, since the order barely changes between lines,
        /// which gives way to a full sort if the edges have crossed too much.
        mutating func resortAtLine(_ y: Double) {
            let settled = order.withUnsafeMutableBufferPointer { o -> Bool in
                guard o.count > 1 else {
                    for j in o.indices { o[j].top = o[j].edge.x(at: min(max(y, o[j].edge.y0), o[j].edge.y1)) }
                    return true
                }
                for j in o.indices { o[j].top = o[j].edge.x(at: min(max(y, o[j].edge.y0), o[j].edge.y1)) }
                var moves = 0
                let limit = 8 * o.count + 64
                for j in 1..<o.count {
                    let key = o[j].top
                    if !(key < o[j - 1].top) { continue }
                    let v = o[j]
                    var m = j
                    while m > 0 && key < o[m - 1].top {
                        o[m] = o[m - 1]
                        m -= 1
                    }
                    o[m] = v
                    moves += j - m
                    if moves > limit { return false }
                }
                return true
            }
            if !settled { bucketSortByTop() }
        }

        /// Sorts `order` by `top` in linear time, for rows whose edges cross so much that the
        /// order is lost from line to line (a scribble of a million points): a counting sort
        /// into about n/4 buckets over the keys' range, then an insertion sort, which only
        /// has to order each bucket's few entries.
        mutating func bucketSortByTop() {
            let n = order.count
            guard n > 1 else { return }
            var lo = Double.infinity, hi = -Double.infinity
            for a in order {
                lo = min(lo, a.top)
                hi = max(hi, a.top)
            }
            guard hi > lo, (hi - lo).isFinite else { return }
            let buckets = max(16, n / 4)
            let scale = Double(buckets) / (hi - lo) * (1 - 1e-12)
            var starts = [Int](repeating: 0, count: buckets + 1)
            for a in order { starts[min(buckets - 1, Int((a.top - lo) * scale)) + 1] += 1 }
            for b in 0..<buckets { starts[b + 1] += starts[b] }
            merged.removeAll(keepingCapacity: true)
            merged.append(contentsOf: order)  // same size; overwritten below
            for a in order {
                let b = min(buckets - 1, Int((a.top - lo) * scale))
                merged[starts[b]] = a
                starts[b] += 1
            }
            swap(&order, &merged)
            order.withUnsafeMutableBufferPointer { o in
                for j in 1..<o.count where o[j].top < o[j - 1].top {
                    let v = o[j]
                    var m = j
                    while m > 0 && v.top < o[m - 1].top {
                        o[m] = o[m - 1]
                        m -= 1
                    }
                    o[m] = v
                }
            }
        }

        /// Turns the row's deltas into bytes and clears them, cell by cell only where
        /// they were written: elsewhere the running sum holds, and its byte is written
        /// as a run (nothing where it is 0, which the buffer already holds).
        mutating func resolve(into bytes: UnsafeMutableBufferPointer<UInt8>, rowStart: Int) {
            let n = width
            if !skipsUnwrittenCells {
                touched.removeAll(keepingCapacity: true)
                touched.append(n + 1)
            } else if touched.isEmpty {
                return
            } else if touched.count > 64 {
                // Many small writes: their ranges sorted and merged are about the row anyway.
                var lo = Int.max, hi = 0
                for t in touched {
                    lo = min(lo, t >> 32)
                    hi = max(hi, t & 0xffff_ffff)
                }
                touched.removeAll(keepingCapacity: true)
                touched.append(lo << 32 | hi)
            } else {
                Self.sortFew(&touched)
            }
            let out = bytes.baseAddress! + rowStart
            acc.withUnsafeMutableBufferPointer { acc in
                @inline(__always) func byte(_ sum: Double) -> UInt8 { UInt8(min(max(sum, 0), 1) * 255 + 0.5) }
                var sum = 0.0, x = 0
                for t in touched {
                    let lo = t >> 32, hi = t & 0xffff_ffff
                    if hi < x { continue }
                    // The run up to this range holds the sum so far.
                    let start = max(lo, x)
                    if start > x, x < n {
                        let b = byte(sum)
                        if b != 0 { (out + x).update(repeating: b, count: min(start, n) - x) }
                    }
                    for c in start...hi {
                        sum += acc[c]
                        acc[c] = 0
                        if c < n { out[c] = byte(sum) }
                    }
                    x = hi + 1
                }
                if x < n {
                    let b = byte(sum)
                    if b != 0 { (out + x).update(repeating: b, count: n - x) }
                }
            }
            touched.removeAll(keepingCapacity: true)
        }
    }
}
