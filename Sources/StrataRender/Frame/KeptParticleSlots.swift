import Foundation
import Strata

/// Where a backend keeps the births of particle runs between frames: each
/// chunk a run draws from (``ParticleRun/chunk``) gets a slot of
/// ``ParticleRun/chunkCapacity`` births, filled as the chunk grows and let
/// go after a frame that does not draw it. So a particle's birth is
/// uploaded once, not every frame. Decided without a GPU, as the atlas
/// decides where images go.
struct KeptParticleSlots {
    private struct Kept {
        var slot: Int
        /// Births of the chunk the backend holds (a chunk only grows).
        var uploaded: Int
        /// The chunk's births this frame (to fill the slot again if the buffer grows).
        var births: [ParticleBirth]
    }

    private var chunks: [UInt64: Kept] = [:]
    /// Slots the backend's buffer holds.
    private var capacity = 0
    /// Slots handed out, in use or free.
    private var made = 0
    private var free: [Int] = []
    private var drawn: Set<UInt64> = []
    private var update = KeptParticleUpdate()

    /// Slots holding a chunk.
    var slotsInUse: Int { chunks.count }
    /// Slots handed out so far, in use or free (the most ever in use at once).
    var slotsMade: Int { made }

    /// The index in the kept buffer of `run`'s first birth drawn, after
    /// uploading what its slot lacks.
    mutating func place(_ run: ParticleRun) -> Int {
        var kept: Kept
        if let k = chunks[run.chunk] {
            kept = k
        } else {
            let slot = free.popLast() ?? made
            if slot == made { made += 1 }
            kept = Kept(slot: slot, uploaded: 0, births: [])
        }
        if kept.uploaded < run.births.count {
            update.uploads.append(.init(slot: kept.slot, from: kept.uploaded, births: run.births[kept.uploaded...]))
            kept.uploaded = run.births.count
        }
        kept.births = run.births
        chunks[run.chunk] = kept
        drawn.insert(run.chunk)
        return kept.slot * ParticleRun.chunkCapacity + run.range.lowerBound
    }

    /// The frame's changes (nil: none), letting go of the chunks it did not draw.
    mutating func finish() -> KeptParticleUpdate? {
        defer {
            update = KeptParticleUpdate()
            drawn = []
        }
        for (id, kept) in chunks where !drawn.contains(id) {
            free.append(kept.slot)
            chunks[id] = nil
        }
        if made > capacity {
            // A larger buffer starts empty: every slot drawn is filled again.
            capacity = max(made, 2 * capacity)
            update.slots = capacity
            update.uploads = chunks.values.sorted { $0.slot < $1.slot }.map {
                .init(slot: $0.slot, from: 0, births: $0.births[0..<$0.uploaded])
            }
        }
        for id in chunks.keys { chunks[id]!.births = [] }
        return update.slots == nil && update.uploads.isEmpty ? nil : update
    }
}
