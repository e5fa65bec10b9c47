import Foundation

/// What a `CAEmitterLayer` draws: its particles as they are at the layer's time.
package struct EmitterContent: Equatable, Sendable {
    /// In drawing order.
    package var particles: [EmitterParticle]
    package var renderMode: CAEmitterLayerRenderMode
    /// Whether particles keep their z (perspective applies to each) instead
    /// of lying in the layer's plane.
    package var preservesDepth: Bool

    package init(particles: [EmitterParticle], renderMode: CAEmitterLayerRenderMode, preservesDepth: Bool) {
        self.particles = particles; self.renderMode = renderMode; self.preservesDepth = preservesDepth
    }
}
