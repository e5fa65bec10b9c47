import Foundation

extension CAEmitterLayer {
    /// The particles as the layer shows them now, as values (see
    /// ``CALayer/drawnContent``): runs the simulation, so make it once per
    /// drawing. With `_batchesParticles`, as a `ParticleBatch` unless the
    /// batch cannot draw them: particles off the layer's plane that keep
    /// their depth or are drawn back to front, or more looks (cells) than
    /// `ParticleBatch.maximumLooks`.
    package var emitterContent: EmitterContent {
        withStateLock {
            let mode = _emitter.renderMode, depth = _emitter.preservesDepth
            let frame = _isPresentationCopy ? _emission : presentation()?._emission
            if _batchesParticles, let frame, let made = EmitterSimulation.batch(of: frame, renderMode: mode),
                !(depth && made.leavesPlane), made.batch.looks.count <= ParticleBatch.maximumLooks
            {
                return EmitterContent(batch: made.batch, renderMode: mode, preservesDepth: depth)
            }
            return EmitterContent(particles: particles(), renderMode: mode, preservesDepth: depth)
        }
    }
}
