import Foundation

/// What a `CAEmitterLayer` draws: its particles as they are at the layer's time.
package struct EmitterContent: Equatable, Sendable {
    /// In drawing order; empty when `batch` holds them.
    package var particles: [EmitterParticle]
    /// The particles as births the GPU draws at the layer's time (nil: as `particles`).
    package var batch: ParticleBatch?
    package var renderMode: CAEmitterLayerRenderMode
    /// Whether particles keep their z (perspective applies to each) instead
    /// of lying in the layer's plane.
    package var preservesDepth: Bool

    package init(particles: [EmitterParticle], renderMode: CAEmitterLayerRenderMode, preservesDepth: Bool) {
        self.particles = particles; self.renderMode = renderMode; self.preservesDepth = preservesDepth
    }

    package init(batch: ParticleBatch, renderMode: CAEmitterLayerRenderMode, preservesDepth: Bool) {
        self.particles = []; self.batch = batch; self.renderMode = renderMode; self.preservesDepth = preservesDepth
    }
}
