import Foundation

/// Several animations run together in one timeline: each child's times are
/// relative to the group's, and the group's duration cuts them off.
open class CAAnimationGroup: CAAnimation {
    /// The animations, applied in order.
    open var animations: [CAAnimation]?

    /// A new group with Core Animation's defaults.
    public required init() { super.init() }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CAAnimationGroup else { return }
        // Children are copied too, so the group attached to a layer owns its own.
        animations = o.animations?.map { $0.copy() as? CAAnimation ?? $0 }
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "animations" { animations = value as? [CAAnimation] } else { super.setValue(value, forKey: key) }
    }

    override func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        GroupEvaluator(
            timing: TimingModel(self), timingFunction: timingFunction,
            children: (animations ?? []).map { ($0.makeEvaluator(for: layer), $0.beginTime) })
    }
}
