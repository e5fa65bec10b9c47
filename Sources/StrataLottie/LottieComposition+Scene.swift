import Foundation
import Strata
import StrataScene

/// A composition built into Core Animation: a layer tree and the keyframe
/// animations that play it, in seconds from the composition's first frame.
public struct LottieLayerTree {
    /// The root layer: the canvas (`w` × `h` points, clipped), centred on its position.
    public let root: CALayer
    /// Every animation, with the layer it belongs to and its key (not yet added).
    public let animations: [(layer: CALayer, key: String, animation: CAAnimation)]
    /// What is not drawn as the file asks.
    public let warnings: [LottieWarning]
    /// How long the composition plays: (op − ip) / fr seconds.
    public let duration: CFTimeInterval
    /// The composition's frames per second (`fr`).
    public let frameRate: Double
    /// The canvas, in points.
    public let size: CGSize
    /// The folder image files were resolved against.
    public let baseURL: URL?

    /// Adds the animations to their layers, the composition's first frame at
    /// `beginTime` in the layers' time (0: their time zero).
    public func addAnimations(beginTime: CFTimeInterval = 0) {
        for (layer, key, animation) in animations {
            guard let copy = animation.copy() as? CAAnimation else { continue }
            if beginTime != 0 { copy.beginTime = animation.beginTime + beginTime }
            layer.add(copy, forKey: key)
        }
    }
}

extension LottieComposition {
    /// The composition as a layer tree with its animations (see ``LottieLayerTree``);
    /// throws when it would build more than ``LottieLimits/maximumBuiltLayers`` layers
    /// or its precompositions nest too deep or contain themselves.
    public func makeLayerTree() throws(LottieError) -> LottieLayerTree {
        var builder = LottieBuilder(composition: self)
        let root = try builder.buildRoot()
        return LottieLayerTree(
            root: root, animations: builder.factory.made.map { ($0.layer, $0.key, $0.animation) },
            warnings: warnings + builder.warnings, duration: duration, frameRate: frameRate,
            size: CGSize(width: width, height: height), baseURL: baseURL)
    }

    /// The composition as a scene (see ``LottieLayerTree/makeScene()``).
    public func makeScene() throws(LottieError) -> Scene { try makeLayerTree().makeScene() }
}

extension LottieLayerTree {

    /// The tree as a scene: what `strata render`, `demo` and `bench` play.
    /// Scene time 0 is the composition's first frame (`ip`), and its
    /// animations end at its last (`op`). Each scene player plays a copy of
    /// the tree; this tree is not changed.
    public func makeScene() -> Scene {
        let tree = self
        let end = duration
        var animations: [SceneAnimation] = []
        animations.reserveCapacity(tree.animations.count + 1)
        for (i, (layer, key, animation)) in tree.animations.enumerated() {
            let keyPath = (animation as? CAPropertyAnimation)?.keyPath ?? key
            var entry = SceneAnimation(
                layer: layer, layerPath: layer.name ?? "", path: "lottie[\(i)]", keyPath: keyPath)
            entry.animation = animation
            // What the scene shows of it: between the first and last frame.
            let begin = min(max(animation.beginTime, 0), end)
            entry.beginTime = begin
            entry.duration = max(min(animation.beginTime + animation.duration, end) - begin, 1e-6)
            entry.fillMode = .both
            animations.append(entry)
        }
        // The composition's clock: a scene lasts until its last frame even when nothing moves at the end.
        let clock = CABasicAnimation(keyPath: "lottieFrame")
        clock.fromValue = NSNumber(value: 0)
        clock.toValue = NSNumber(value: end)
        clock.beginTime = LottieAnimationFactory.beginTimeAtZero
        clock.duration = max(end, 1e-6)
        var clockEntry = SceneAnimation(
            layer: tree.root, layerPath: "root", path: "lottie.clock", keyPath: "lottieFrame")
        clockEntry.animation = clock
        clockEntry.duration = max(end, 1e-6)
        animations.append(clockEntry)
        let scene = Scene(size: size, root: tree.root, animations: animations, baseURL: baseURL)
        scene.frameRate = frameRate
        return scene
    }
}
