import Foundation
import Strata

/// What changes in the births a backend keeps from frame to frame (the
/// chunks of ``ParticleRun``s), one slot of ``ParticleRun/chunkCapacity``
/// births per chunk.
package struct KeptParticleUpdate: Sendable, Equatable {
    /// Births written into a slot from its birth `from` on.
    package struct Upload: Sendable, Equatable {
        package var slot: Int
        package var from: Int
        package var births: ArraySlice<ParticleBirth>
    }

    /// Slots the kept buffer must hold from now on, its contents lost (the
    /// uploads then fill every slot the frame draws); nil: as before.
    package var slots: Int?
    package var uploads: [Upload] = []
}
