import Foundation

/// The abstract base of Core Animation's animations: timing, a timing curve and a delegate.
///
/// `CALayer.add(_:forKey:)` attaches a copy, so changing an animation after
/// adding it does not change what runs (change the attached copy neither: CA
/// treats it as immutable). Duration 0 means 0.25 s.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// The curve that maps time to progress (nil: linear; implicit
    /// animations get the transaction's curve, else `default`).
    open var timingFunction: CAMediaTimingFunction?
    /// Hears when the animation starts and stops. Held strongly, as in CA.
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it finishes (default true).
    open var isRemovedOnCompletion = true

    // MARK: CAMediaTiming

    /// When the animation starts, in its layer's time (0: when the transaction commits).
    open var beginTime: CFTimeInterval = 0
    /// Seconds per iteration (0 means 0.25 s).
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time runs relative to its layer's.
    open var speed: Float = 1
    /// Where in its active time the animation starts (it loops round to there).
    open var timeOffset: CFTimeInterval = 0
    /// How many times the animation repeats (fractions allowed; `HUGE`,
    /// `.greatestFiniteMagnitude` or `.infinity` for ever).
    open var repeatCount: Float = 0
    /// How long the animation repeats for, in seconds (instead of a count).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each iteration plays forwards then backwards.
    open var autoreverses = false
    /// What the animation shows outside its active time.
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The frame rates the animation would like (default `.default`). Kept:
    /// Strata samples animations at every frame its ticker is given.
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// Values set with `setValue(_:forKey:)` for keys that are not properties.
    var extraValues: [String: Any] = [:]
    /// Set on an implicit animation made for a change, which nobody else has
    /// seen: `add(_:forKey:)` attaches it without copying (and clears this).
    var isFreshImplicit = false

    /// A new animation with Core Animation's defaults.
    public required override init() { super.init() }

    /// A copy with the same properties (and the same delegate).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.copyAnimationProperties(from: self)
        return copy
    }

    /// Copies every property from `o`; each subclass adds its own.
    func copyAnimationProperties(from o: CAAnimation) {
        timingFunction = o.timingFunction; delegate = o.delegate; isRemovedOnCompletion = o.isRemovedOnCompletion
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; extraValues = o.extraValues; preferredFrameRateRange = o.preferredFrameRateRange
    }

    /// The default value of property `key` (nil: none).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "removedOnCompletion": return NSNumber(value: true)
        case "speed": return NSNumber(value: Float(1))
        default: return nil
        }
    }

    /// Whether `key`'s value is archived (always true; Strata does not archive).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: CAAction

    /// Adds the animation to `anObject` (a `CALayer`) for the key `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: Key-value coding

    /// The value of property `key`, or of a key set with `setValue(_:forKey:)`
    /// (animations are KVC containers in CA, often tagged this way).
    open func value(forKey key: String) -> Any? {
        switch key {
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "removedOnCompletion": return NSNumber(value: isRemovedOnCompletion)
        case "beginTime": return NSNumber(value: beginTime)
        case "duration": return NSNumber(value: duration)
        case "speed": return NSNumber(value: speed)
        case "timeOffset": return NSNumber(value: timeOffset)
        case "repeatCount": return NSNumber(value: repeatCount)
        case "repeatDuration": return NSNumber(value: repeatDuration)
        case "autoreverses": return NSNumber(value: autoreverses)
        case "fillMode": return fillMode.rawValue
        default: return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets property `key`, or stores the value under `key` when it is not a property.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? CAAnimationDelegate
        case "removedOnCompletion": isRemovedOnCompletion = AnimValue.bool(from: value) ?? true
        case "beginTime": beginTime = AnimValue.double(from: value) ?? 0
        case "duration": duration = AnimValue.double(from: value) ?? 0
        case "speed": speed = Float(AnimValue.double(from: value) ?? 1)
        case "timeOffset": timeOffset = AnimValue.double(from: value) ?? 0
        case "repeatCount": repeatCount = Float(AnimValue.double(from: value) ?? 0)
        case "repeatDuration": repeatDuration = AnimValue.double(from: value) ?? 0
        case "autoreverses": autoreverses = AnimValue.bool(from: value) ?? false
        case "fillMode":
            fillMode =
                (value as? CAMediaTimingFillMode) ?? (value as? String).map(CAMediaTimingFillMode.init) ?? .removed
        default: extraValues[key] = value
        }
    }

    /// The value at a dotted key path: the first key's value, then the rest
    /// of the path in it when it is a layer, an animation, a cell or a
    /// dictionary (`"target.opacity"` for a layer stored under `"target"`).
    open func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        return KeyValueCoding.value(
            forKeyPath: String(keyPath[keyPath.index(after: dot)...]),
            in: value(forKey: String(keyPath[..<dot])))
    }

    /// Sets the value at a dotted key path: the last key of the path in the
    /// object the rest of it names (nothing when that is not a layer, an
    /// animation or a cell).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(value, forKey: keyPath) }
        KeyValueCoding.setValue(
            value, forKeyPath: String(keyPath[keyPath.index(after: dot)...]),
            in: self.value(forKey: String(keyPath[..<dot])))
    }

    // MARK: Evaluation

    /// Compiles the animation for `layer`: how it samples and what it writes.
    func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        AnimationEvaluator(timing: TimingModel(self), timingFunction: timingFunction)
    }
}
