import Foundation

/// A value a layer stores its properties in: `LayerState` (every layer's) or
/// a subclass's payload (`GradientLayerState`…). The key table reaches a
/// property through its stored field's address (`StateField`).
protocol LayerStateStorage {
    /// Runs `body` with the address of `layer`'s value of this type. The
    /// caller knows `layer`'s class stores one (tables are chosen by class).
    static func withAddress<R>(in layer: CALayer, _ body: (UnsafeMutableRawPointer) -> R) -> R
}
