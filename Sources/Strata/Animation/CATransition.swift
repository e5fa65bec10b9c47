import Foundation

/// The key Core Animation uses for a transition added without one of its own
/// (`layer.add(transition, forKey: kCATransition)`).
public let kCATransition = "transition"

/// Animates a change of a layer as a whole: the layer's rendering before the
/// transaction it is added in (sublayers, contents, every property) turns into
/// its rendering after, faded, moved in, pushed or revealed.
///
/// Add it with `add(_:forKey:)` (usually under `kCATransition`) in the same
/// transaction as the change, before or after it. What was on screen is kept
/// as it was last drawn, frozen; the new rendering is the live layer, its own
/// animations included. The renderer composites the two per `type`:
///
/// - `fade`: old at `1 − p`, new at `p` (the old drawn whole under the new
///   when the new layer's own background covers it opaquely, so opaque
///   content cross-fades exactly);
/// - `moveIn`: new slides in over the old from `subtype`'s side;
/// - `push`: both slide, the new in and the old out;
/// - `reveal`: the old slides out on top, uncovering the new.
///
/// Motion covers the layer's bounds size; nothing is clipped (a superlayer's
/// `masksToBounds` clips, as on Apple). `p` runs from `startProgress` to
/// `endProgress` over the animation's (eased) time. Unknown types (Apple's
/// private "cube", "pageCurl"…) fade.
open class CATransition: CAAnimation {
    /// How the change is shown (default `.fade`).
    open var type: CATransitionType = .fade
    /// The direction of motion-based types (nil: from the left).
    open var subtype: CATransitionSubtype?
    /// Where in the transition it starts, 0…1.
    open var startProgress: Float = 0
    /// Where in the transition it ends, 0…1.
    open var endProgress: Float = 1
    /// A Core Image filter in Core Animation; not supported (ignored).
    open var filter: Any?

    /// The layer's rendering before the change: a frozen presentation tree,
    /// taken when the transition is attached (on the attached copy only).
    var oldRendering: CALayer?

    /// A new transition with Core Animation's defaults.
    public required init() { super.init() }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
        filter = o.filter
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": return type.rawValue
        case "subtype": return subtype?.rawValue
        case "startProgress": return NSNumber(value: startProgress)
        case "endProgress": return NSNumber(value: endProgress)
        case "filter": return filter
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": type = (value as? CATransitionType) ?? (value as? String).map(CATransitionType.init) ?? .fade
        case "subtype":
            subtype = (value as? CATransitionSubtype) ?? (value as? String).map(CATransitionSubtype.init(rawValue:))
        case "startProgress": startProgress = Float(AnimValue.double(from: value) ?? 0)
        case "endProgress": endProgress = Float(AnimValue.double(from: value) ?? 1)
        case "filter": filter = value
        default: super.setValue(value, forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "type": return CATransitionType.fade.rawValue
        case "endProgress": return NSNumber(value: Float(1))
        default: return super.defaultValue(forKey: key)
        }
    }

    override func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        TransitionEvaluator(self)
    }
}

/// Writes a transition's state at a time into a presentation copy.
final class TransitionEvaluator: AnimationEvaluator {
    let old: CALayer?
    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let start: Double
    let end: Double

    init(_ transition: CATransition) {
        old = transition.oldRendering
        type = transition.type
        subtype = transition.subtype
        func unit(_ v: Float) -> Double { v.isFinite ? Double(min(max(v, 0), 1)) : 0 }
        start = unit(transition.startProgress)
        end = unit(transition.endProgress)
        super.init(timing: TimingModel(transition), timingFunction: transition.timingFunction)
    }

    override func applySample(_ sample: TimingModel.Sample, to layer: CALayer) {
        let p = start + (end - start) * progress(sample)
        layer._transition = TransitionFrame(old: old, type: type, subtype: subtype, progress: min(max(p, 0), 1))
    }
}
