import Foundation
import Strata

/// The `type` of a layer in a scene file, and the class it makes.
package enum SceneLayerType: String, CaseIterable, Sendable {
    /// `CALayer`.
    case layer
    /// `CATransformLayer`.
    case transformLayer
    /// `CAGradientLayer`.
    case gradientLayer
    /// `CAShapeLayer`.
    case shapeLayer
    /// `CATextLayer`.
    case textLayer
    /// `CAReplicatorLayer`.
    case replicatorLayer
    /// `CAEmitterLayer`.
    case emitterLayer

    /// The type of `layer` (a subclass counts as its nearest scene type).
    package init(of layer: CALayer) {
        switch layer {
        case is CATransformLayer: self = .transformLayer
        case is CAGradientLayer: self = .gradientLayer
        case is CAShapeLayer: self = .shapeLayer
        case is CATextLayer: self = .textLayer
        case is CAReplicatorLayer: self = .replicatorLayer
        case is CAEmitterLayer: self = .emitterLayer
        default: self = .layer
        }
    }

    /// A new layer of this type, with Core Animation's defaults.
    package func makeLayer() -> CALayer {
        switch self {
        case .layer: return CALayer()
        case .transformLayer: return CATransformLayer()
        case .gradientLayer: return CAGradientLayer()
        case .shapeLayer: return CAShapeLayer()
        case .textLayer: return CATextLayer()
        case .replicatorLayer: return CAReplicatorLayer()
        case .emitterLayer: return CAEmitterLayer()
        }
    }

    /// A copy of `layer`'s properties (not its tree links) as this type.
    func copy(of layer: CALayer) -> CALayer {
        switch self {
        case .layer: return CALayer(layer: layer)
        case .transformLayer: return CATransformLayer(layer: layer)
        case .gradientLayer: return CAGradientLayer(layer: layer)
        case .shapeLayer: return CAShapeLayer(layer: layer)
        case .textLayer: return CATextLayer(layer: layer)
        case .replicatorLayer: return CAReplicatorLayer(layer: layer)
        case .emitterLayer: return CAEmitterLayer(layer: layer)
        }
    }
}
