import Foundation

/// How a keyframe animation computes values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight lines between keyframes, at the key times (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each keyframe holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Straight lines at constant speed; key times and timing functions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Kochanek–Bartels (Catmull–Rom by default) spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at (approximately) constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer turns to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer turns to the path's tangent, plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (or along a path, for points).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values (same types as `CABasicAnimation`'s values).
    open var values: [Any]?
    /// A path for point properties; overrides `values`. Each element's end point is a keyframe.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration (0...1, ascending).
    open var keyTimes: [NSNumber]?
    /// The curve of each segment between keyframes (n − 1 of them).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Spline tension per keyframe (cubic modes).
    open var tensionValues: [NSNumber]?
    /// Spline continuity per keyframe (cubic modes).
    open var continuityValues: [NSNumber]?
    /// Spline bias per keyframe (cubic modes).
    open var biasValues: [NSNumber]?
    /// Whether the layer turns to follow the direction of motion (point animations).
    open var rotationMode: CAAnimationRotationMode?

    /// A new animation with Core Animation's defaults.
    public required init() { super.init() }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues
        continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode.rawValue
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        case "rotationMode": return rotationMode?.rawValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value as? CGPath
        case "keyTimes": keyTimes = AnimValue.doubles(from: value)?.map { NSNumber(value: $0) }
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode":
            calculationMode =
                (value as? CAAnimationCalculationMode)
                ?? (value as? String).map(CAAnimationCalculationMode.init) ?? .linear
        case "tensionValues": tensionValues = AnimValue.doubles(from: value)?.map { NSNumber(value: $0) }
        case "continuityValues": continuityValues = AnimValue.doubles(from: value)?.map { NSNumber(value: $0) }
        case "biasValues": biasValues = AnimValue.doubles(from: value)?.map { NSNumber(value: $0) }
        case "rotationMode":
            rotationMode = (value as? CAAnimationRotationMode) ?? (value as? String).map(CAAnimationRotationMode.init)
        default: super.setValue(value, forKey: key)
        }
    }

    override func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        let (target, kind, function) = resolveTarget(for: layer)
        return KeyframeEvaluator(animation: self, target: target, valueKind: kind, function: function, layer: layer)
    }
}
