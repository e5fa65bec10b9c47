import Foundation

/// What a layer draws beyond ``CALayer``'s own properties, as values: the
/// part of the drawing its class adds (a gradient, a path, a string, the
/// instances of a replicator, particles), so that a renderer reads values
/// instead of asking which class a layer is.
///
/// Made on demand from a layer's current values by ``CALayer/drawnContent``;
/// nothing is stored. ``CALayer/contentKind`` says which case a layer draws
/// without making the payload, for decisions that need only that.
package enum LayerContent: Equatable {
    /// Nothing beyond the layer's own properties.
    case plain
    /// No drawing of its own; its sublayers share its 3D space instead of
    /// being flattened into its plane.
    case transformLayer
    /// A colour gradient over the background.
    indirect case gradient(GradientContent)
    /// A filled and stroked path over the background.
    indirect case shape(ShapeContent)
    /// A string over the background.
    indirect case text(TextContent)
    /// The sublayers drawn once per instance.
    indirect case replicator(ReplicatorContent)
    /// Particles over everything else the layer draws.
    indirect case emitter(EmitterContent)

    /// The cases without their payloads.
    package enum Kind: UInt8, Hashable, Sendable {
        case plain, transformLayer, gradient, shape, text, replicator, emitter

        /// The Strata class that draws this kind (for labels and dumps).
        package var className: String {
            switch self {
            case .plain: "CALayer"
            case .transformLayer: "CATransformLayer"
            case .gradient: "CAGradientLayer"
            case .shape: "CAShapeLayer"
            case .text: "CATextLayer"
            case .replicator: "CAReplicatorLayer"
            case .emitter: "CAEmitterLayer"
            }
        }
    }

    /// Which case this is.
    package var kind: Kind {
        switch self {
        case .plain: .plain
        case .transformLayer: .transformLayer
        case .gradient: .gradient
        case .shape: .shape
        case .text: .text
        case .replicator: .replicator
        case .emitter: .emitter
        }
    }

    /// Whether the layer keeps its sublayers in one 3D space with it (a
    /// transform layer, or a replicator that preserves depth) instead of
    /// flattening them into its plane.
    package var preservesDepth: Bool {
        switch self {
        case .transformLayer: true
        case .replicator(let r): r.preservesDepth
        default: false
        }
    }
}
