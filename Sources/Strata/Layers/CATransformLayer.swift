import Foundation

/// A layer that draws nothing itself and keeps its sublayers in one shared 3D
/// space (they are depth-sorted together instead of flattened into its plane).
open class CATransformLayer: CALayer {
    override func strataCopy() -> CALayer { CATransformLayer(layer: self) }
    override package var contentKind: LayerContent.Kind { .transformLayer }
}
