import Foundation
import Strata

/// One run of `Batcher.plan`: the batches being filled, in painter's order,
/// and what is known of the items so far (device boxes, each one's batch).
struct BatchPlanner {
    private let items: [DrawItem]
    /// The batches so far, in drawing order.
    private(set) var open: [OpenBatch] = []
    /// Whether an item joined a batch before the last (the draw order is not the items' own).
    private(set) var reordered = false
    /// Each item's device box, once asked for (NaN x: not yet).
    private var bounds: [CGRect] = []
    /// The batch each item went into (−1: not placed yet).
    private var batchOf: [Int32]
    /// The placed items' boxes binned, from the first time an item would
    /// move back past a batch: the latest batch holding an item that meets
    /// an item's box is found without looking through every member of the
    /// batches it would pass (rings, spinners and cards alternating in
    /// programs pass many).
    private var grid: OverlapGrid?

    private static let everywhere = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

    init(items: [DrawItem]) {
        self.items = items
        batchOf = [Int32](repeating: -1, count: items.count)
    }

    private mutating func deviceBounds(_ i: Int) -> CGRect {
        if bounds.isEmpty {
            bounds = [CGRect](repeating: CGRect(x: CGFloat.nan, y: 0, width: 0, height: 0), count: items.count)
        }
        if bounds[i].origin.x.isNaN { bounds[i] = RenderList.deviceBounds(of: items[i], within: Self.everywhere) }
        return bounds[i]
    }

    private mutating func sharePixels(_ i: Int, _ j: Int) -> Bool {
        let a = deviceBounds(i).integral, b = deviceBounds(j).integral
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// `a.intersects(b)` (edges that touch meet), without making the intersection.
    private static func meet(_ a: CGRect, _ b: CGRect) -> Bool {
        !a.isNull && !b.isNull && a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    private mutating func pixels(_ i: Int) -> Double {
        let box = deviceBounds(i)
        return box.isNull ? 0 : Double(box.width * box.height)
    }

    /// Whether the pixels that would pay for a weighty feature they lack are few.
    private mutating func fewPay(_ i: Int, _ key: OpenBatch.Key, joining b: Int) -> Bool {
        let item = key.features.intersection(Batcher.weightyFeatures)
        let batch = open[b].key.features.intersection(Batcher.weightyFeatures)
        if !item.isSuperset(of: batch), pixels(i) > Batcher.weightyPixels { return false }
        if !batch.isSuperset(of: item) {
            if open[b].pixels == nil {
                var sum = 0.0
                for j in open[b].members { sum += pixels(j) }
                open[b].pixels = sum
            }
            if open[b].pixels! > Batcher.weightyPixels { return false }
        }
        return true
    }

    /// Whether item `i` overlaps a member of batch `b`: on whole pixels
    /// (`backdrop`: a pixel two items only touch is written by both), else
    /// where their boxes meet.
    private mutating func overlapsMember(_ i: Int, of b: Int, backdrop: Bool) -> Bool {
        let members = open[b].members
        for j in members {
            if backdrop ? sharePixels(i, j) : Self.meet(deviceBounds(j), deviceBounds(i)) { return true }
        }
        return false
    }

    /// The latest batch, of those not reading the backdrop, that holds an
    /// item whose box meets item `i`'s; −1: none.
    private mutating func latestMeeting(_ i: Int) -> Int {
        if grid == nil {
            var area = CGRect.null
            for j in items.indices {
                let box = deviceBounds(j)
                if !box.isNull { area = area.union(box) }
            }
            var made = OverlapGrid(area: area, count: items.count)
            for j in 0..<i { made.insert(j, box: deviceBounds(j)) }
            grid = made
        }
        let box = deviceBounds(i)
        var latest = -1
        for j in grid!.items(near: box) {
            let b = Int(batchOf[j])
            if b > latest, !open[b].key.blend.readsBackdrop, Self.meet(deviceBounds(j), box) { latest = b }
        }
        return latest
    }

    /// Puts item `i` (needing `key`) into the latest batch that takes it
    /// without changing a pixel, or a batch of its own after the others.
    ///
    /// It joins an earlier batch than the last only when it overlaps no
    /// item drawn after that batch, looking through at most
    /// `Batcher.overlapChecks` such items.
    mutating func place(_ i: Int, _ key: OpenBatch.Key) {
        var joined: Int?
        var checks = Batcher.overlapChecks
        var b = open.count - 1
        var latest: Int?
        while b >= 0 {
            let backdrop = key.blend.readsBackdrop || open[b].key.blend.readsBackdrop
            if open[b].accepts(key), fewPay(i, key, joining: b) {
                // A backdrop batch takes only items that share no pixel with its own.
                if !key.blend.readsBackdrop
                    || (open[b].members.count <= checks && !overlapsMember(i, of: b, backdrop: true))
                {
                    joined = b
                }
                break
            }
            // Passing over batch b puts the item before its items: only where it overlaps none.
            guard open[b].members.count <= checks else { break }
            checks -= open[b].members.count
            if backdrop {
                if overlapsMember(i, of: b, backdrop: true) { break }
            } else {
                // Batches above the latest one with an item meeting this one's have none.
                if latest == nil { latest = latestMeeting(i) }
                if b == latest { break }
            }
            b -= 1
        }
        if let joined {
            if open[joined].pixels != nil { open[joined].pixels! += pixels(i) }
            open[joined].add(i, key)
            if joined != open.count - 1 { reordered = true }
            batchOf[i] = Int32(joined)
        } else {
            open.append(OpenBatch(i, key))
            batchOf[i] = Int32(open.count - 1)
        }
        if grid != nil {
            let box = deviceBounds(i)
            grid!.insert(i, box: box)
        }
    }
}
