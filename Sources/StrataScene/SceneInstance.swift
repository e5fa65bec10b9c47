import Foundation
import Strata

/// A fresh copy of a scene's layer tree, with the scene's animations
/// retargeted to it: what one render at one time works on.
///
/// Make one with ``Scene/instantiate()``; then apply the timeline entries with
/// `at <= t` (in order of `at`) and add the animations, and sample the tree at `t`.
public struct SceneInstance {
    /// The root of the copied tree.
    public let root: CALayer
    /// The copied tree's layers by name (first in tree order where names repeat).
    public let layersByName: [String: CALayer]
    /// The scene's animations, each targeting the copy of its layer (animations
    /// whose layer is no longer in the scene's tree are left out).
    public let animations: [SceneAnimation]
    /// The scene's timeline (targets are names: look them up in ``layersByName``).
    public let timeline: [SceneTransaction]
}

extension Scene {
    /// A new tree equal to ``root`` (same classes and property values; images
    /// and paths shared, as they are immutable) with the animations retargeted
    /// to it. Each call returns a new, independent tree; ``root`` is untouched.
    public func instantiate() -> SceneInstance {
        var copies: [ObjectIdentifier: CALayer] = [:]
        let newRoot = Scene.copyTree(root, into: &copies)
        let animations = self.animations.compactMap { animation -> SceneAnimation? in
            guard let target = copies[ObjectIdentifier(animation.layer)] else { return nil }
            var copy = animation
            copy.layer = target
            return copy
        }
        return SceneInstance(
            root: newRoot, layersByName: Scene.indexNames(newRoot).0,
            animations: animations, timeline: timeline)
    }

    /// A new tree equal to ``root``: `instantiate().root`.
    public func makeTree() -> CALayer { instantiate().root }

    /// Copies `layer` and its subtree, recording each copy by its original.
    static func copyTree(_ layer: CALayer, into copies: inout [ObjectIdentifier: CALayer]) -> CALayer {
        let copy = SceneLayerType(of: layer).copy(of: layer)
        copies[ObjectIdentifier(layer)] = copy
        // Tree links are set directly: a copy is not a change, so no actions run.
        if let mask = layer._mask {
            let maskCopy = copyTree(mask, into: &copies)
            copy._mask = maskCopy
            maskCopy._maskedLayer = copy
        }
        copy._sublayers.reserveCapacity(layer._sublayers.count)
        for sublayer in layer._sublayers {
            let sublayerCopy = copyTree(sublayer, into: &copies)
            copy._sublayers.append(sublayerCopy)
            sublayerCopy._superlayer = copy
        }
        return copy
    }
}
