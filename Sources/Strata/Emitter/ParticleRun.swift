import Foundation

/// Births a batch draws one after another, all of one look: part of a
/// ``BirthChunk`` of one cell's births, which stays the same from frame to
/// frame (it only grows at the back), so a renderer uploads its births once.
///
/// A run holds every birth of its part, alive or not at the batch's time:
/// the GPU leaves out one past its lifetime (or never alive: lifetime −1),
/// with no alpha or no size, as `Shaders/particles.vert` does.
package struct ParticleRun: Sendable {
    /// Names the chunk while it lives (never reused): a renderer keeps what
    /// it uploaded of it under this name.
    package var chunk: UInt64
    /// The chunk's births as of this frame (a chunk only grows at the back).
    package var births: [ParticleBirth]
    /// The births drawn.
    package var range: Range<Int>
    /// Index into the batch's looks of every birth of the run (their own `look` is not read).
    package var look: Int32
    /// The births are drawn from the last to the first (`oldestLast`).
    package var reversed = false

    package init(chunk: UInt64, births: [ParticleBirth], range: Range<Int>, look: Int32) {
        self.chunk = chunk; self.births = births; self.range = range; self.look = look
    }

    /// The index in `births` of the `k`th birth drawn.
    package func index(drawn k: Int) -> Int { reversed ? range.upperBound - 1 - k : range.lowerBound + k }

    /// The number of births drawn.
    package var count: Int { range.count }

    /// The most births a chunk holds (its `births` never outgrow it).
    package static var chunkCapacity: Int { BirthChunk.capacity }
}
