import Foundation

/// An emitter's particles at one moment as their births, in drawing order:
/// the GPU places, turns, scales and tints each for the batch's time, so
/// the CPU's work per particle is its birth values, not its drawing.
///
/// Its particles are ``births`` then ``runs``, in that order. In `births`,
/// only particles that draw something at ``time`` (alive, with an image,
/// alpha and scale above 0), as ``CAEmitterLayer/particles()`` would list
/// them, in the same order. A run holds all the births of a stretch of one
/// cell, alive or not: the GPU leaves out those that draw nothing, and
/// the renderer keeps the runs' births from frame to frame.
package struct ParticleBatch: Hashable, Sendable {
    /// The most looks a batch has (the particle program's uniforms hold this
    /// many); an emitter with more is drawn particle by particle.
    package static let maximumLooks = 32

    /// The births, in drawing order.
    package var births: [ParticleBirth]
    /// Births after `births`, in drawing order.
    package var runs: [ParticleRun] = []
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

    /// The number of births drawn (in `runs`, alive or not).
    package var count: Int { runs.reduce(births.count) { $0 + $1.count } }

    /// Equal batches draw the same: the same births (a run's with its look)
    /// in the same order, however the runs are cut.
    package static func == (a: ParticleBatch, b: ParticleBatch) -> Bool {
        guard a.births == b.births, a.looks == b.looks, a.time == b.time, a.bounds == b.bounds, a.count == b.count
        else { return false }
        // Walks both batches' runs in drawing order: (run, births drawn of it so far).
        var i = (run: 0, drawn: 0), j = (run: 0, drawn: 0)
        while i.run < a.runs.count && j.run < b.runs.count {
            let r = a.runs[i.run], q = b.runs[j.run]
            let n = min(r.count - i.drawn, q.count - j.drawn)
            guard r.look == q.look || n == 0 else { return false }
            for k in 0..<n {
                var u = r.births[r.index(drawn: i.drawn + k)], v = q.births[q.index(drawn: j.drawn + k)]
                u.look = 0
                v.look = 0
                guard u == v else { return false }
            }
            i.drawn += n
            j.drawn += n
            if i.drawn == r.count { i = (i.run + 1, 0) }
            if j.drawn == q.count { j = (j.run + 1, 0) }
        }
        return true
    }

    /// Equal batches hash alike; only the cheap parts are hashed (batches are compared, rarely hashed).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(looks.count)
        hasher.combine(time)
    }
}
