import Foundation

/// Offscreen targets shared by passes whose lifetimes do not overlap: a
/// pass's target is busy from its pass until the last pass that samples it,
/// then free for the next pass (the smallest free one that fits, or the
/// largest free one made larger). Sizes round up to 64 pixels so animated
/// sizes don't churn, and targets idle for `idleFrames` frames (30 s at 60 Hz:
/// a peak of passes that recurs keeps its targets) are let go.
struct PassTargetPool {
    struct Slot {
        var width: Int
        var height: Int
        /// The last frame the slot was used in.
        var lastFrame: Int
        /// The index of the last pass that samples what it holds this frame.
        var busyThrough: Int
    }

    static let idleFrames = 1800
    static let granularity = 64
    var slots: [Int: Slot] = [:]
    var nextID = 0
    var frame = 0
    /// Slots that held a blur's first direction (for the budget report).
    var blurScratch: Set<Int> = []
    /// The most targets ever busy at one moment: the pool never needs more.
    var peakBusy = 0

    mutating func beginFrame() {
        frame += 1
        for id in slots.keys { slots[id]!.busyThrough = -1 }
    }

    /// A target of at least `width × height` for a pass at index `pass`,
    /// busy through pass `busyThrough`; `changes` gets a `.make` when none fits.
    mutating func acquire(
        width: Int, height: Int, at pass: Int, busyThrough: Int,
        changes: inout [TargetChange]
    ) -> (id: Int, width: Int, height: Int) {
        let free = slots.filter { $0.value.busyThrough < pass }
        let g = Self.granularity
        func rounded(_ n: Int) -> Int { (n + g - 1) / g * g }
        let id: Int
        if let best = free.filter({ $0.value.width >= width && $0.value.height >= height }).min(by: { a, b in
            let (x, y) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return x != y ? x < y : a.key < b.key
        }) {
            id = best.key
        } else if let grown = free.max(by: { a, b in
            let (x, y) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return x != y ? x < y : a.key > b.key
        }) {
            // A free target too small is made again larger, rather than
            // keeping both: the pool holds as many targets as passes alive
            // at once, not one per size met.
            id = grown.key
            slots[id]!.width = max(grown.value.width, rounded(width))
            slots[id]!.height = max(grown.value.height, rounded(height))
            changes.append(.release(.pooled(id)))
            changes.append(.make(.pooled(id), width: slots[id]!.width, height: slots[id]!.height))
        } else {
            id = nextID
            nextID += 1
            slots[id] = Slot(width: rounded(width), height: rounded(height), lastFrame: frame, busyThrough: -1)
            changes.append(.make(.pooled(id), width: slots[id]!.width, height: slots[id]!.height))
        }
        slots[id]!.busyThrough = busyThrough
        slots[id]!.lastFrame = frame
        peakBusy = max(peakBusy, slots.values.count { $0.busyThrough >= pass })
        return (id, slots[id]!.width, slots[id]!.height)
    }

    /// Lets go of targets idle for `idleFrames` frames.
    mutating func endFrame(changes: inout [TargetChange]) {
        for (id, slot) in slots.sorted(by: { $0.key < $1.key }) where frame - slot.lastFrame > Self.idleFrames {
            slots[id] = nil
            blurScratch.remove(id)
            changes.append(.release(.pooled(id)))
        }
    }

    var textureBytes: Int { slots.values.reduce(0) { $0 + $1.width * $1.height * 4 } }
}
