import Foundation

/// An emitter's particles at one moment as their births, in drawing order:
/// the GPU places, turns, scales and tints each for the batch's time, so
/// the CPU's work per particle is its birth values, not its drawing.
///
/// Only particles that draw something at ``time`` are in it (alive, with an
/// image, alpha and scale above 0), as ``CAEmitterLayer/particles()`` would
/// list them, in the same order.
package struct ParticleBatch: Hashable, Sendable {
    /// The most looks a batch has (the particle program's uniforms hold this
    /// many); an emitter with more is drawn particle by particle.
    package static let maximumLooks = 32

    /// The births, in drawing order.
    package var births: [ParticleBirth]
    /// What the births' `look` indices name.
    package var looks: [ParticleLook]
    /// The layer's time the batch is drawn at, relative to the births' origin.
    package var time: Double
    /// The box (layer space, z dropped) holding every particle's rectangle at
    /// `time`, however it is turned; `.null` when there are none.
    package var bounds: CGRect

    package init(births: [ParticleBirth] = [], looks: [ParticleLook] = [], time: Double = 0, bounds: CGRect = .null) {
        self.births = births; self.looks = looks; self.time = time; self.bounds = bounds
    }

    /// The number of particles.
    package var count: Int { births.count }

    /// Equal batches hash alike; only the cheap parts are hashed (batches are compared, rarely hashed).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(births.count)
        hasher.combine(looks.count)
        hasher.combine(time)
    }
}
