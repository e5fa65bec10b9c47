import Strata

/// A layer's state value the scene fields name their properties in
/// (`\LayerState.bounds`, `\ShapeLayerState.path`): the same values the
/// layer's accessors and its key table use, reached from the layer through `storage`.
protocol SceneStateValue: SendableMetatype {
    associatedtype Layer: CALayer
    /// Where a layer keeps its value of this type.
    static var storage: ReferenceWritableKeyPath<Layer, Self> & Sendable { get }
}

extension LayerState: SceneStateValue {
    static var storage: ReferenceWritableKeyPath<CALayer, LayerState> & Sendable { \CALayer._state }
}

extension GradientLayerState: SceneStateValue {
    static var storage: ReferenceWritableKeyPath<CAGradientLayer, GradientLayerState> & Sendable {
        \CAGradientLayer._gradient
    }
}

extension ShapeLayerState: SceneStateValue {
    static var storage: ReferenceWritableKeyPath<CAShapeLayer, ShapeLayerState> & Sendable { \CAShapeLayer._shape }
}

extension TextLayerState: SceneStateValue {
    static var storage: ReferenceWritableKeyPath<CATextLayer, TextLayerState> & Sendable { \CATextLayer._text }
}

extension ReplicatorLayerState: SceneStateValue {
    static var storage: ReferenceWritableKeyPath<CAReplicatorLayer, ReplicatorLayerState> & Sendable {
        \CAReplicatorLayer._replicator
    }
}
