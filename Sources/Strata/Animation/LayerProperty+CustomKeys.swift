import Foundation

// Keys of your own: values stored with `setValue(_:forKey:)` (or an
// `@Managed` property) animate as Core Animation animates a subclass's
// `@NSManaged` property. The value's kind is the stored value's (else the
// animation's), and interpolated values are stored in the stored value's own
// type, so `value(forKey:) as? CGFloat` reads a CGFloat where one was set.

extension LayerProperty {
    /// Keys KVC handles itself: not values of your own, and never animated.
    static let reservedKeys: Set<String> = [
        "sublayers", "superlayer", "mask", "name", "delegate", "actions", "style", "needsDisplayOnBoundsChange",
    ]

    /// The property for `key`, a key of your own on `layer` (a value stored
    /// under it, or its class's `defaultValue(forKey:)`; else `hint`, a value
    /// an animation gives, says its kind). Nil for Strata's own keys, and when
    /// there is no value to tell the kind from.
    static func custom(_ key: String, of layer: CALayer, hint: Any? = nil) -> LayerProperty? {
        guard !reservedKeys.contains(key), LayerProperty.named(key, of: layer) == nil else { return nil }
        guard let template = layer.customStoredValue(forKey: key) ?? hint else { return nil }
        let kind = ValueKind.inferred(from: template)
        let zero = AnimValue.zero(of: kind)
        let property = LayerProperty(
            key: key, kind: kind, isAnimatable: true,
            get: { AnimValue($0.customStoredValue(forKey: key), kind: kind) ?? zero },
            setStored: { layer, value in layer.animationState.extraValues[key] = value.boxed(like: template) },
            setPublic: { layer, value in layer.kvcSetValue(value.boxed(like: template), forKey: key) },
            box: { $0.boxed(like: template) },
            unbox: { AnimValue($0, kind: kind) })
        property.isKeyOfYourOwn = true
        return property
    }
}

extension CALayer {
    /// The value stored under a key of your own, else the class's default for it.
    func customStoredValue(forKey key: String) -> Any? {
        _animationState?.extraValues[key] ?? type(of: self).defaultValue(forKey: key)
    }
}

extension ValueKind {
    /// The kind a value of your own interpolates as: numbers, points, sizes,
    /// rects, transforms (NSValue-boxed or not), colours, paths, arrays of
    /// numbers or colours; anything else (a Bool, a string) switches at once.
    static func inferred(from value: Any) -> ValueKind {
        switch value {
        case is Bool: return .discrete
        case is CGPoint: return .point
        case is CGSize: return .size
        case is CGRect: return .rect
        case is CATransform3D, is CGAffineTransform: return .transform
        case is CGColor: return .color
        case is CGPath: return .path
        case let v as NSValue where !(v is NSNumber):
            switch AnimValue.objCType(of: v) {
            case let t where t.hasPrefix("{CGPoint="): return .point
            case let t where t.hasPrefix("{CGSize="): return .size
            case let t where t.hasPrefix("{CGRect="): return .rect
            case NSValue.caTransform3DObjCType, NSValue.cgAffineTransformObjCType: return .transform
            default: return .discrete
            }
        default:
            if AnimValue.double(from: value) != nil { return .number }
            if let colors = AnimValue.colors(from: value), !colors.isEmpty { return .colors }
            if AnimValue.doubles(from: value) != nil { return .numbers }
            return .discrete
        }
    }
}

extension AnimValue {
    /// The value a key of `kind` has when nothing is stored: zero, the identity, nil.
    static func zero(of kind: ValueKind) -> AnimValue {
        switch kind {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(nil)
        case .path: return .path(nil)
        case .numbers: return .numbers([])
        case .colors: return .colors([])
        case .discrete, .contents: return .other(nil)
        }
    }

    /// The value in the type `template` has (a CGFloat stays a CGFloat, a
    /// CGPoint a CGPoint), else boxed as Core Animation boxes it.
    func boxed(like template: Any?) -> Any? {
        switch (self, template) {
        case (.number(let v), is CGFloat): return CGFloat(v)
        case (.number(let v), is Double): return v
        case (.number(let v), is Float): return Float(v)
        case (.point(let p), is CGPoint): return p
        case (.size(let s), is CGSize): return s
        case (.rect(let r), is CGRect): return r
        case (.transform(let t), is CATransform3D): return t
        case (.transform(let t), is CGAffineTransform) where CATransform3DIsAffine(t):
            return CATransform3DGetAffineTransform(t)
        case (.numbers(let n), is [CGFloat]): return n.map { CGFloat($0) }
        case (.numbers(let n), is [Double]): return n
        default: return boxed
        }
    }
}
