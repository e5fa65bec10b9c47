import Foundation

/// The births of an emitter's cells kept from frame to frame, so that a
/// frame makes only the particles born since the last one.
///
/// A top-level cell's birth `n` in an epoch is a function of the epoch's
/// state and key and of `n` alone (``EmitterSimulation``), so each
/// (epoch, cell) keeps its births as a run of consecutive `n`, with what
/// they are packed into for the GPU: as time goes on, the oldest are dropped
/// from the front and the newest appended at the back. An epoch's state
/// never changes under its key and generation (``EmitterEpoch``), and a
/// new history makes a new cache, so nothing here goes stale.
///
/// Owned by a model layer's ``EmitterHistory`` and shared with its
/// presentation copies, which may be drawn on several threads: the lock
/// guards every stream.
final class EmitterBirthCache: @unchecked Sendable {
    // @unchecked Sendable: `streams` is only touched under `lock`.

    /// A particle's birth as kept: its values, and its record for the GPU
    /// with everything but the time of its birth and its look (which depend
    /// on the frame) filled in. Nil for a birth that never lives.
    struct Entry {
        var born: EmitterSimulation.Born
        var packed: ParticleBirth
    }

    /// Which births a stream holds: those of one top-level cell in one epoch.
    struct Key: Hashable {
        var epoch: UInt64
        var generation: UInt64
        var cell: Int
    }

    /// The births `first`, `first + 1`, … of one cell and epoch, from `head` on.
    struct Stream {
        var first: Int64 = 0
        var head = 0
        var entries: [Entry?] = []
        /// Whether the current frame used it (the others are dropped after it).
        var used = false

        /// The indices of `entries` holding births `range`, making those
        /// missing with `make` (at the back as time goes on; anything else
        /// starts the run over).
        mutating func cover(_ range: ClosedRange<Int64>, make: (Int64) -> Entry?) -> Range<Int> {
            let last = first + Int64(entries.count - head) - 1
            if entries.count == head || range.lowerBound < first || range.lowerBound > last {
                entries.removeAll(keepingCapacity: true)
                head = 0
                first = range.lowerBound
                entries.reserveCapacity(range.count)
                for n in range { entries.append(make(n)) }
                return 0..<entries.count
            }
            head += Int(range.lowerBound - first)
            first = range.lowerBound
            if range.upperBound > last {
                for n in (last + 1)...range.upperBound { entries.append(make(n)) }
            }
            // The dropped births are reclaimed once they are most of the array.
            if head > 1024 && head > entries.count / 2 {
                entries.removeFirst(head)
                head = 0
            }
            return head..<(head + range.count)
        }
    }

    private let lock = NSLock()
    private var streams: [Key: Stream] = [:]
    private var chunkStreams: [Key: BirthChunkStream] = [:]

    /// Runs `body` with the streams to itself (births kept for the CPU, and
    /// packed in chunks for the GPU); afterwards drops those it did not use.
    func withStreams<R>(_ body: (inout [Key: Stream], inout [Key: BirthChunkStream]) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        let result = body(&streams, &chunkStreams)
        streams = streams.filter(\.value.used)
        for key in streams.keys { streams[key]!.used = false }
        chunkStreams = chunkStreams.filter(\.value.used)
        for key in chunkStreams.keys { chunkStreams[key]!.used = false }
        return result
    }

    /// The number of births kept (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return streams.values.reduce(0) { $0 + $1.entries.count - $1.head }
            + chunkStreams.values.reduce(0) { $0 + $1.count }
    }
}
