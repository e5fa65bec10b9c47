import Foundation

extension CAEmitterLayer {
    /// The particles as the layer shows them now, as values (see
    /// ``CALayer/drawnContent``): runs the simulation, so make it once per drawing.
    package var emitterContent: EmitterContent {
        withStateLock {
            EmitterContent(particles: particles(), renderMode: _emitter.renderMode, preservesDepth: _emitter.preservesDepth)
        }
    }
}
