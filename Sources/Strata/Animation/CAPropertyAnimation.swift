import Foundation

/// An animation of one layer property, named by a key path (`opacity`,
/// `position.x`, `transform.rotation.y`).
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated, relative to the layer.
    open var keyPath: String?
    /// Whether the value is added to the current (render) value instead of
    /// replacing it: sums for numbers, points and colours; for transforms the
    /// animation's matrix is concatenated before the current one.
    open var isAdditive = false
    /// Whether each repeat adds on to where the previous one ended.
    open var isCumulative = false
    /// A function turning the animation's numbers into a transform.
    open var valueFunction: CAValueFunction?
    /// The target already resolved (implicit animations know their property), with the key path it is for.
    var presetTarget: (keyPath: String, target: AnimationTarget)?

    /// A new animation with Core Animation's defaults.
    public required init() { super.init() }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative; valueFunction = o.valueFunction
        presetTarget = o.presetTarget
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return NSNumber(value: isAdditive)
        case "cumulative": return NSNumber(value: isCumulative)
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": isAdditive = AnimValue.bool(from: value) ?? false
        case "cumulative": isCumulative = AnimValue.bool(from: value) ?? false
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: super.setValue(value, forKey: key)
        }
    }

    /// A value the animation gives, which tells the kind of a key of your own
    /// that has no value stored yet.
    private var valueHint: Any? {
        if let basic = self as? CABasicAnimation { return basic.fromValue ?? basic.toValue ?? basic.byValue }
        if let keyframe = self as? CAKeyframeAnimation { return keyframe.values?.first }
        return nil
    }

    /// The resolved target and value kind for `layer` (nil target: the key
    /// path names no property, so the animation runs but changes nothing).
    func resolveTarget(for layer: CALayer) -> (
        target: AnimationTarget?, valueKind: ValueKind, function: CAValueFunction?
    ) {
        let preset = presetTarget.flatMap { $0.keyPath == keyPath ? $0.target : nil }
        guard let keyPath, let target = preset ?? AnimationTarget(keyPath: keyPath, layer: layer, hint: valueHint)
        else {
            return (nil, .discrete, nil)
        }
        if let function = valueFunction, target.kind == .transform {
            return (target, function.inputKind, function)
        }
        return (target, target.kind, nil)
    }
}
