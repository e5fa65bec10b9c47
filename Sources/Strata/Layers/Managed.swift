import Foundation

/// A layer property stored through key-value coding, as `@NSManaged`
/// declares one on iOS (`@NSManaged` needs the Objective-C runtime, which
/// Linux has not): write `@Managed` instead.
///
/// ```swift
/// class RingLayer: CALayer {
///     @Managed var progress: CGFloat      // iOS: @NSManaged var progress: CGFloat
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
/// }
/// ```
///
/// The property reads `value(forKey:)` and writes `setValue(_:forKey:)`
/// under its own name (`progress`), so, as on iOS, setting it runs the
/// action for the key and redisplays when `needsDisplay(forKey:)` says so,
/// an animation of the key path (`CABasicAnimation(keyPath: "progress")`)
/// animates it, the presentation copy's value is the animated one, and
/// presentation copies get it without your `init(layer:)` copying it.
///
/// Unset, it reads the class's `defaultValue(forKey:)`, else the initial
/// value written after it (`@Managed var progress: CGFloat = 1`), else zero
/// (`false`, `.zero`, the identity, nil) for numbers, Bools, points, sizes,
/// rects, transforms and optionals. The name comes from the property's
/// storage; where a build strips that metadata, name the key:
/// `@Managed("progress") var progress: CGFloat`.
@propertyWrapper
public struct Managed<Value> {
    /// The key, named or read from the storage key path on first use.
    private var key: String?
    private let initialValue: Value?

    /// A property with no initial value (iOS's `@NSManaged var progress: CGFloat`).
    public init() {
        key = nil
        initialValue = nil
    }

    /// A property whose value, while none is stored, is `wrappedValue`.
    public init(wrappedValue: Value) {
        key = nil
        initialValue = wrappedValue
    }

    /// A property stored under `key`.
    public init(_ key: String) {
        self.key = key
        initialValue = nil
    }

    /// A property stored under `key` whose value, while none is stored, is `wrappedValue`.
    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        initialValue = wrappedValue
    }

    /// Only properties of layer classes can be managed.
    @available(*, unavailable, message: "@Managed declares properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Managed declares properties of CALayer subclasses") }
        set { fatalError("@Managed declares properties of CALayer subclasses") }
    }

    /// The property of `layer`: its value for the key, through key-value coding.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> Value {
        get {
            layer.withTreeLock {
                let key = resolvedKey(layer, storageKeyPath)
                if let value = ManagedValue.convert(layer.value(forKey: key), to: Value.self) { return value }
                if let initial = layer[keyPath: storageKeyPath].initialValue { return initial }
                guard let zero = ManagedValue.zero(of: Value.self) else {
                    preconditionFailure("@Managed var \(key): no value stored and no initial value to read")
                }
                return zero
            }
        }
        set {
            layer.withTreeLock {
                layer.setValue(ManagedValue.flattened(newValue), forKey: resolvedKey(layer, storageKeyPath))
            }
        }
    }

    /// The key (the lock held): the one given, else the property's name,
    /// read once from the storage key path (`\RingLayer._progress`).
    private static func resolvedKey<Layer: CALayer>(
        _ layer: Layer, _ storage: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> String {
        if let key = layer[keyPath: storage].key { return key }
        let key = ManagedValue.propertyName(ofStorage: String(describing: storage))
        precondition(key != nil, "@Managed: cannot tell the property's name from \(storage); write @Managed(\"name\")")
        layer[keyPath: storage].key = key
        return key!
    }
}

/// Conversions between `@Managed` properties and key-value coding's values.
enum ManagedValue {
    /// The property name in a storage key path's description: `progress` in
    /// `\RingLayer._progress`; nil when the description names no field.
    static func propertyName(ofStorage description: String) -> String? {
        guard let dot = description.lastIndex(of: ".") else { return nil }
        let field = description[description.index(after: dot)...]
        guard field.first == "_", field.count > 1,
            field.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(field.dropFirst())
    }

    /// `value` as a `V`: itself, or a number, point, size, rect or transform
    /// boxed otherwise (NSNumber, NSValue, another number type). Nil: no value.
    static func convert<V>(_ value: Any?, to type: V.Type) -> V? {
        guard let value else { return nil }
        if let v = value as? V { return v }
        switch type {
        case is CGFloat.Type: return AnimValue.double(from: value).map { CGFloat($0) } as? V
        case is Double.Type: return AnimValue.double(from: value) as? V
        case is Float.Type: return AnimValue.double(from: value).map { Float($0) } as? V
        case is Int.Type:
            guard let d = AnimValue.double(from: value), d.isFinite, abs(d) < 9e18 else { return nil }
            return Int(d) as? V
        case is Bool.Type: return AnimValue.bool(from: value) as? V
        case is CGPoint.Type: return AnimValue.point(from: value) as? V
        case is CGSize.Type: return AnimValue.size(from: value) as? V
        case is CGRect.Type: return AnimValue.rect(from: value) as? V
        case is CATransform3D.Type: return AnimValue.transform(from: value) as? V
        default: return nil
        }
    }

    /// What an unset `V` reads: zero, false, `.zero`, the identity; nil for an optional.
    static func zero<V>(of type: V.Type) -> V? {
        switch type {
        case is CGFloat.Type: return CGFloat(0) as? V
        case is Double.Type: return Double(0) as? V
        case is Float.Type: return Float(0) as? V
        case is Int.Type: return 0 as? V
        case is Bool.Type: return false as? V
        case is CGPoint.Type: return CGPoint.zero as? V
        case is CGSize.Type: return CGSize.zero as? V
        case is CGRect.Type: return CGRect.zero as? V
        case is CATransform3D.Type: return CATransform3DIdentity as? V
        default: return (nil as Any?) as? V  // an Optional's nil; nil for anything else
        }
    }

    /// `value` for `setValue(_:forKey:)`: an optional's nil is nil, not a boxed nil.
    static func flattened(_ value: Any) -> Any? {
        if let optional = value as? any OptionalValue { return optional.flattenedValue }
        return value
    }
}

/// An Optional seen through `Any`.
private protocol OptionalValue {
    var flattenedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var flattenedValue: Any? {
        switch self {
        case .some(let wrapped): return ManagedValue.flattened(wrapped)
        case .none: return nil
        }
    }
}
