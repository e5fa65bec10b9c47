import Foundation

/// The births `first`, `first + 1`, … of one top-level cell in one epoch,
/// packed for the GPU in ``BirthChunk``s: as time goes on, chunks whose
/// births are all out of the window are dropped from the front and new
/// births appended at the back, so a chunk, once made, only grows.
///
/// Births are packed with their time from `base` (``EmitterSimulation/batchBase(at:)``):
/// a stream made at another base is made again.
struct BirthChunkStream {
    var base: Double
    var first: Int64 = 0
    var chunks: [BirthChunk] = []
    /// Whether the current frame used it (the others are dropped after it).
    var used = false

    init(base: Double) { self.base = base }

    /// The births held (dropped ones excluded).
    var count: Int { chunks.reduce(0) { $0 + $1.births.count } }

    /// Makes sure the stream holds births `range`, made with `make` (at the
    /// back as time goes on; anything else starts the run over). Returns the
    /// parts of chunks holding them, in order.
    mutating func cover(_ range: ClosedRange<Int64>, make: (Int64) -> ParticleBirth) -> [(
        chunk: Int, births: Range<Int>
    )] {
        let last = first + Int64(count) - 1
        if chunks.isEmpty || range.lowerBound < first || range.lowerBound > last {
            chunks = []
            first = range.lowerBound
            append(range, make: make)
        } else {
            // Whole chunks before the window go.
            while let c = chunks.first, first + Int64(c.births.count) <= range.lowerBound {
                first += Int64(c.births.count)
                chunks.removeFirst()
            }
            let held = first + Int64(count) - 1
            if range.upperBound > held { append((held + 1)...range.upperBound, make: make) }
        }
        var parts: [(chunk: Int, births: Range<Int>)] = []
        var n = first
        for (i, c) in chunks.enumerated() {
            let lo = max(n, range.lowerBound), hi = min(n + Int64(c.births.count) - 1, range.upperBound)
            if lo <= hi { parts.append((i, Int(lo - n)..<Int(hi - n + 1))) }
            n += Int64(c.births.count)
        }
        return parts
    }

    private mutating func append(_ range: ClosedRange<Int64>, make: (Int64) -> ParticleBirth) {
        for n in range {
            if chunks.last?.isFull ?? true { chunks.append(BirthChunk()) }
            chunks[chunks.count - 1].append(make(n))
        }
    }
}
