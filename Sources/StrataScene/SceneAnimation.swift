import Foundation
import Strata

/// An explicit animation from a scene file (`CABasicAnimation` or, with
/// `values`, `CAKeyframeAnimation`), kept as data: the animation code turns it
/// into a `CAAnimation` on ``layer``.
///
/// Values stay JSON; the scene turns them into typed values when it plays
/// (the package's `Scene.decodeValue(_:forKeyPath:of:at:)`). They were all
/// decoded once when the scene loaded, so decoding them again cannot fail for
/// a scene that loaded.
public struct SceneAnimation {
    /// The layer the animation is added to.
    public var layer: CALayer
    /// The layer's path in the tree: `root.sublayers[0]`.
    public var layerPath: String
    /// The animation's own path: `root.sublayers[0].animations[1]` (for messages).
    public var path: String
    /// The animated property or sub-key: `transform`, `transform.rotation.y`, `position.x`, …
    public var keyPath: String
    /// `fromValue` (basic animations).
    public var fromValue: JSONValue?
    /// `toValue` (basic animations).
    public var toValue: JSONValue?
    /// `byValue` (basic animations).
    public var byValue: JSONValue?
    /// `values`: present makes this a keyframe animation.
    public var values: [JSONValue]?
    /// `keyTimes` (keyframe animations), one per value, non-decreasing in 0...1.
    public var keyTimes: [Double]?
    /// `timingFunction`; nil means linear pacing, as `CAAnimation`'s default.
    public var timingFunction: SceneTimingFunction?
    /// `timingFunctions` (keyframe animations), one per segment (values − 1).
    public var timingFunctions: [SceneTimingFunction]?
    /// `calculationMode` (keyframe animations): `linear` `discrete` `paced` `cubic`.
    public var calculationMode: String = "linear"
    /// `duration` in seconds; 0 means Core Animation's default, 0.25 s (see ``effectiveDuration``).
    public var duration: CFTimeInterval = 0
    /// `beginTime`, in scene time.
    public var beginTime: CFTimeInterval = 0
    /// `repeatCount` (0: play once).
    public var repeatCount: Float = 0
    /// `autoreverses`.
    public var autoreverses = false
    /// `fillMode`.
    public var fillMode: CAMediaTimingFillMode = .removed
    /// `additive`.
    public var isAdditive = false
    /// `cumulative`.
    public var isCumulative = false
    /// An animation made in code rather than read from a scene file (a Lottie
    /// file's keyframes, say): playback adds it as it is, and the fields above
    /// only describe when it runs (``beginTime``, ``duration``, ``repeatCount``,
    /// for ``Scene/animationEnd``). A scene holding one cannot be written.
    public var animation: CAAnimation?

    /// An animation of `keyPath` on `layer`, with Core Animation's defaults.
    public init(layer: CALayer, layerPath: String, path: String, keyPath: String) {
        self.layer = layer
        self.layerPath = layerPath
        self.path = path
        self.keyPath = keyPath
    }

    /// Whether this is a keyframe animation (it has `values`).
    public var isKeyframe: Bool { values != nil }

    /// The duration an animation runs for: ``duration``, or 0.25 s when it is 0.
    public var effectiveDuration: CFTimeInterval { duration == 0 ? 0.25 : duration }

    /// The calculation modes a scene file may name.
    public static let calculationModes = ["linear", "discrete", "paced", "cubic"]
}
