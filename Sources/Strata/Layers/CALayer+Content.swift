import Foundation

// What a layer's class adds to its drawing, as values (`LayerContent`).
extension CALayer {
    /// What this layer draws beyond `CALayer`'s own properties, made now
    /// from its current values (one read of the state, under the lock for a
    /// model layer). `.plain` and `.transformLayer` cost nothing to make; ask
    /// ``contentKind`` first where the payload may not be needed.
    package var drawnContent: LayerContent {
        switch contentKind {
        case .plain: return .plain
        case .transformLayer: return .transformLayer
        case .gradient: return .gradient(unsafeDowncast(self, to: CAGradientLayer.self).gradientContent)
        case .shape: return .shape(unsafeDowncast(self, to: CAShapeLayer.self).shapeContent)
        case .text: return .text(unsafeDowncast(self, to: CATextLayer.self).textContent)
        case .replicator: return .replicator(unsafeDowncast(self, to: CAReplicatorLayer.self).replicatorContent)
        case .emitter: return .emitter(unsafeDowncast(self, to: CAEmitterLayer.self).emitterContent)
        }
    }
}
