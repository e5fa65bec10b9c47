import Foundation

/// A value a layer stores its properties in: `LayerState` (every layer's) or
/// a subclass's payload (`GradientLayerState`…). The key table reaches a
/// property at its stored field's offset (`StateField`), through an
/// `UnsafeLayerStateHandle` on the value.
protocol LayerStateStorage {
    /// Runs `body` with `layer`'s value of this type, in place. The caller
    /// knows `layer`'s class stores one (tables are chosen by class).
    static func withValue<R>(in layer: CALayer, _ body: (inout Self) -> R) -> R
}
