import Foundation

/// An animation between two values of one property.
///
/// Which values it runs between follows Core Animation's rules, where
/// "current" is the property's value beneath this animation (the model value
/// with earlier animations applied):
///
/// | set | from | to |
/// |---|---|---|
/// | from, to | fromValue | toValue |
/// | from, by | fromValue | fromValue + byValue |
/// | by, to | toValue − byValue | toValue |
/// | from | fromValue | current |
/// | to | current | toValue |
/// | by | current | current + byValue |
/// | none | the value shown before the change | current |
///
/// "The value shown before the change" is the presentation value from before
/// the changes of the transaction the animation is added in, so that
/// changing a property with actions disabled and then adding an animation
/// with no values animates the change.
///
/// Values may be NSValue, NSNumber, CGFloat/Double/Float/Int, CGPoint,
/// CGSize, CGRect, CGColor, CATransform3D, CGPath or arrays of numbers or colours.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts at.
    open var fromValue: Any?
    /// The value the animation ends at.
    open var toValue: Any?
    /// The change the animation makes.
    open var byValue: Any?

    /// `fromValue` already converted, with the object it was boxed into
    /// (implicit animations: valid while `fromValue` is that object).
    var convertedFrom: (boxed: AnyObject, value: AnimValue)?
    /// For an animation with no values: the value shown before the change
    /// (CA's "previous value" of the presentation layer), captured when it was added.
    var capturedPrevious: AnimValue?

    /// A new animation with Core Animation's defaults.
    public required init() { super.init() }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
        convertedFrom = o.convertedFrom; capturedPrevious = o.capturedPrevious
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        let (target, kind, function) = resolveTarget(for: layer)
        return BasicEvaluator(animation: self, target: target, valueKind: kind, function: function, layer: layer)
    }
}
