import Foundation

/// One key of a layer class: the kind of its value, how to read and write its
/// stored value (no actions: what animations write into presentation copies)
/// and how to set it through its public setter (with actions: what KVC does).
///
/// A class: animations reach their property every frame, and copying a
/// struct of this many closures would retain and release each of them.
final class LayerProperty {
    let key: String
    let kind: ValueKind
    /// Whether Core Animation animates changes of the key (implicit actions need it too).
    let isAnimatable: Bool
    let get: (CALayer) -> AnimValue
    let setStored: (CALayer, AnimValue) -> Void
    let setPublic: (CALayer, AnimValue) -> Void
    /// The value as KVC returns it.
    let box: (AnimValue) -> Any?
    /// A KVC argument as a value of this key (nil: not one).
    let unbox: (Any?) -> AnimValue?
    /// For a transform-valued key, its stored matrix read and written
    /// directly: an animated transform part (`transform.rotation.y`) goes
    /// through it every frame without boxing whole matrices as values.
    let matrix: LayerPropertyTable.Stored<CALayer, CATransform3D>?
    /// Copies the stored value from the model (second) into a copy (first)
    /// where `get` and `setStored` cannot say "nothing stored" (keys of your own).
    var restoreOverride: ((CALayer, CALayer) -> Void)?

    init(key: String, kind: ValueKind, isAnimatable: Bool, get: @escaping (CALayer) -> AnimValue,
         setStored: @escaping (CALayer, AnimValue) -> Void, setPublic: @escaping (CALayer, AnimValue) -> Void,
         box: @escaping (AnimValue) -> Any?, unbox: @escaping (Any?) -> AnimValue?,
         matrix: LayerPropertyTable.Stored<CALayer, CATransform3D>? = nil) {
        self.key = key; self.kind = kind; self.isAnimatable = isAnimatable
        self.get = get; self.setStored = setStored; self.setPublic = setPublic
        self.box = box; self.unbox = unbox; self.matrix = matrix
    }

    /// Copies the stored value from `model` into `copy` (no actions).
    func restore(in copy: CALayer, from model: CALayer) {
        if let restoreOverride { restoreOverride(copy, model); return }
        if let matrix { matrix.set(copy, matrix.get(model)) } else { setStored(copy, get(model)) }
    }

    /// The property for `key` on `layer`'s class, or nil when `key` is not one.
    static func named(_ key: String, of layer: CALayer) -> LayerProperty? {
        if layer is CAShapeLayer, let p = LayerPropertyTable.shape[key] { return p }
        if layer is CAGradientLayer, let p = LayerPropertyTable.gradient[key] { return p }
        if layer is CATextLayer, let p = LayerPropertyTable.text[key] { return p }
        if layer is CAReplicatorLayer, let p = LayerPropertyTable.replicator[key] { return p }
        if layer is CAEmitterLayer, let p = EmitterProperties.named(key) { return p }
        return LayerPropertyTable.layer[key]
    }
}

/// The properties of CALayer and its subclasses, by KVC key.
///
/// `nonisolated(unsafe)`: each table is a `let` built once and never mutated;
/// its closures capture only key paths, so sharing it between threads is safe.
enum LayerPropertyTable {
    nonisolated(unsafe) static let layer: [String: LayerProperty] = index([
        rect("bounds", .init({ $0._bounds }, { $0._bounds = $1 }), \CALayer.bounds),
        point("position", .init({ $0._position }, { $0._position = $1 }), \CALayer.position),
        number("zPosition", .init({ $0._zPosition }, { $0._zPosition = $1 }), \CALayer.zPosition),
        point("anchorPoint", .init({ $0._anchorPoint }, { $0._anchorPoint = $1 }), \CALayer.anchorPoint),
        number("anchorPointZ", .init({ $0._anchorPointZ }, { $0._anchorPointZ = $1 }), \CALayer.anchorPointZ),
        transform("transform", .init({ $0._transform }, { $0._transform = $1 }), \CALayer.transform),
        transform("sublayerTransform", .init({ $0._sublayerTransform }, { $0._sublayerTransform = $1 }),
            \CALayer.sublayerTransform),
        bool("hidden", .init({ $0._isHidden }, { $0._isHidden = $1 }), \CALayer.isHidden, animatable: true),
        bool("doubleSided", .init({ $0._isDoubleSided }, { $0._isDoubleSided = $1 }),
            \CALayer.isDoubleSided, animatable: true),
        bool("geometryFlipped", .init({ $0._isGeometryFlipped }, { $0._isGeometryFlipped = $1 }),
            \CALayer.isGeometryFlipped),
        bool("masksToBounds", .init({ $0._masksToBounds }, { $0._masksToBounds = $1 }),
            \CALayer.masksToBounds, animatable: true),
        number("cornerRadius", .init({ $0._cornerRadius }, { $0._cornerRadius = $1 }), \CALayer.cornerRadius),
        option("maskedCorners", .init({ $0._maskedCorners }, { $0._maskedCorners = $1 }), \CALayer.maskedCorners),
        string("cornerCurve", .init({ $0._cornerCurve }, { $0._cornerCurve = $1 }), \CALayer.cornerCurve),
        color("backgroundColor", .init({ $0._backgroundColor }, { $0._backgroundColor = $1 }),
            \CALayer.backgroundColor),
        number("borderWidth", .init({ $0._borderWidth }, { $0._borderWidth = $1 }), \CALayer.borderWidth),
        color("borderColor", .init({ $0._borderColor }, { $0._borderColor = $1 }), \CALayer.borderColor),
        float("opacity", .init({ $0._opacity }, { $0._opacity = $1 }), \CALayer.opacity),
        bool("allowsGroupOpacity", .init({ $0._allowsGroupOpacity }, { $0._allowsGroupOpacity = $1 }),
            \CALayer.allowsGroupOpacity),
        bool("allowsEdgeAntialiasing", .init({ $0._allowsEdgeAntialiasing }, { $0._allowsEdgeAntialiasing = $1 }),
            \CALayer.allowsEdgeAntialiasing),
        option("edgeAntialiasingMask", .init({ $0._edgeAntialiasingMask }, { $0._edgeAntialiasingMask = $1 }),
            \CALayer.edgeAntialiasingMask),
        bool("opaque", .init({ $0._isOpaque }, { $0._isOpaque = $1 }), \CALayer.isOpaque),
        any("compositingFilter", .init({ $0._compositingFilter }, { $0._compositingFilter = $1 }),
            \CALayer.compositingFilter),
        color("shadowColor", .init({ $0._shadowColor }, { $0._shadowColor = $1 }), \CALayer.shadowColor),
        float("shadowOpacity", .init({ $0._shadowOpacity }, { $0._shadowOpacity = $1 }), \CALayer.shadowOpacity),
        number("shadowRadius", .init({ $0._shadowRadius }, { $0._shadowRadius = $1 }), \CALayer.shadowRadius),
        size("shadowOffset", .init({ $0._shadowOffset }, { $0._shadowOffset = $1 }), \CALayer.shadowOffset),
        path("shadowPath", .init({ $0._shadowPath }, { $0._shadowPath = $1 }), \CALayer.shadowPath),
        make("contents", .contents, animatable: true,
             .init({ ContentsCrossfade.shown($0._contents) }, { $0._contents = $1 }), \CALayer.contents,
             to: { .discrete(DiscreteValue($0, fades: true)) },
             from: { if let v = $0.otherValue { return .some(v) }; return nil },
             box: { if let v = $0.otherValue { return ContentsCrossfade.shown(v) }; return nil },
             unbox: { .discrete(DiscreteValue($0, fades: true)) }),
        rect("contentsRect", .init({ $0._contentsRect }, { $0._contentsRect = $1 }), \CALayer.contentsRect),
        rect("contentsCenter", .init({ $0._contentsCenter }, { $0._contentsCenter = $1 }), \CALayer.contentsCenter),
        string("contentsGravity", .init({ $0._contentsGravity }, { $0._contentsGravity = $1 }),
            \CALayer.contentsGravity),
        number("contentsScale", .init({ $0._contentsScale }, { $0._contentsScale = $1 }),
            \CALayer.contentsScale, animatable: false),
        string("minificationFilter", .init({ $0._minificationFilter }, { $0._minificationFilter = $1 }),
            \CALayer.minificationFilter),
        string("magnificationFilter", .init({ $0._magnificationFilter }, { $0._magnificationFilter = $1 }),
            \CALayer.magnificationFilter),
        bool("shouldRasterize", .init({ $0._shouldRasterize }, { $0._shouldRasterize = $1 }),
            \CALayer.shouldRasterize),
        number("rasterizationScale", .init({ $0._rasterizationScale }, { $0._rasterizationScale = $1 }),
            \CALayer.rasterizationScale, animatable: false),
        double("beginTime", .init({ $0._beginTime }, { $0._beginTime = $1 }), \CALayer.beginTime),
        double("duration", .init({ $0._duration }, { $0._duration = $1 }), \CALayer.duration),
        float("speed", .init({ $0._speed }, { $0._speed = $1 }), \CALayer.speed, animatable: false),
        double("timeOffset", .init({ $0._timeOffset }, { $0._timeOffset = $1 }), \CALayer.timeOffset),
        float("repeatCount", .init({ $0._repeatCount }, { $0._repeatCount = $1 }),
            \CALayer.repeatCount, animatable: false),
        double("repeatDuration", .init({ $0._repeatDuration }, { $0._repeatDuration = $1 }), \CALayer.repeatDuration),
        bool("autoreverses", .init({ $0._autoreverses }, { $0._autoreverses = $1 }), \CALayer.autoreverses),
        string("fillMode", .init({ $0._fillMode }, { $0._fillMode = $1 }), \CALayer.fillMode),
    ])

    nonisolated(unsafe) static let gradient: [String: LayerProperty] = index([
        colorArray("colors", .init({ $0._colors }, { $0._colors = $1 }), \CAGradientLayer.colors),
        numberArray("locations", .init({ $0._locations }, { $0._locations = $1 }),
            \CAGradientLayer.locations, animatable: true),
        point("startPoint", .init({ $0._startPoint }, { $0._startPoint = $1 }), \CAGradientLayer.startPoint),
        point("endPoint", .init({ $0._endPoint }, { $0._endPoint = $1 }), \CAGradientLayer.endPoint),
        string("type", .init({ $0._type }, { $0._type = $1 }), \CAGradientLayer.type),
    ])

    nonisolated(unsafe) static let shape: [String: LayerProperty] = index([
        path("path", .init({ $0._path }, { $0._path = $1 }), \CAShapeLayer.path),
        color("fillColor", .init({ $0._fillColor }, { $0._fillColor = $1 }), \CAShapeLayer.fillColor),
        string("fillRule", .init({ $0._fillRule }, { $0._fillRule = $1 }), \CAShapeLayer.fillRule),
        color("strokeColor", .init({ $0._strokeColor }, { $0._strokeColor = $1 }), \CAShapeLayer.strokeColor),
        number("lineWidth", .init({ $0._lineWidth }, { $0._lineWidth = $1 }), \CAShapeLayer.lineWidth),
        string("lineCap", .init({ $0._lineCap }, { $0._lineCap = $1 }), \CAShapeLayer.lineCap),
        string("lineJoin", .init({ $0._lineJoin }, { $0._lineJoin = $1 }), \CAShapeLayer.lineJoin),
        number("miterLimit", .init({ $0._miterLimit }, { $0._miterLimit = $1 }), \CAShapeLayer.miterLimit),
        numberArray("lineDashPattern", .init({ $0._lineDashPattern }, { $0._lineDashPattern = $1 }),
            \CAShapeLayer.lineDashPattern,
                    animatable: false),
        number("lineDashPhase", .init({ $0._lineDashPhase }, { $0._lineDashPhase = $1 }),
            \CAShapeLayer.lineDashPhase),
        number("strokeStart", .init({ $0._strokeStart }, { $0._strokeStart = $1 }), \CAShapeLayer.strokeStart),
        number("strokeEnd", .init({ $0._strokeEnd }, { $0._strokeEnd = $1 }), \CAShapeLayer.strokeEnd),
    ])

    nonisolated(unsafe) static let text: [String: LayerProperty] = index([
        any("string", .init({ $0._string }, { $0._string = $1 }), \CATextLayer.string),
        any("font", .init({ $0._font }, { $0._font = $1 }), \CATextLayer.font),
        number("fontSize", .init({ $0._fontSize }, { $0._fontSize = $1 }), \CATextLayer.fontSize),
        color("foregroundColor", .init({ $0._foregroundColor }, { $0._foregroundColor = $1 }),
            \CATextLayer.foregroundColor),
        bool("wrapped", .init({ $0._isWrapped }, { $0._isWrapped = $1 }), \CATextLayer.isWrapped),
        string("alignmentMode", .init({ $0._alignmentMode }, { $0._alignmentMode = $1 }), \CATextLayer.alignmentMode),
        string("truncationMode", .init({ $0._truncationMode }, { $0._truncationMode = $1 }),
            \CATextLayer.truncationMode),
    ])

    nonisolated(unsafe) static let replicator: [String: LayerProperty] = index([
        integer("instanceCount", .init({ $0._instanceCount }, { $0._instanceCount = $1 }),
            \CAReplicatorLayer.instanceCount),
        bool("preservesDepth", .init({ $0._preservesDepth }, { $0._preservesDepth = $1 }),
            \CAReplicatorLayer.preservesDepth),
        double("instanceDelay", .init({ $0._instanceDelay }, { $0._instanceDelay = $1 }),
            \CAReplicatorLayer.instanceDelay, animatable: true),
        transform("instanceTransform", .init({ $0._instanceTransform }, { $0._instanceTransform = $1 }),
            \CAReplicatorLayer.instanceTransform),
        color("instanceColor", .init({ $0._instanceColor }, { $0._instanceColor = $1 }),
            \CAReplicatorLayer.instanceColor),
        float("instanceRedOffset", .init({ $0._instanceRedOffset }, { $0._instanceRedOffset = $1 }),
            \CAReplicatorLayer.instanceRedOffset),
        float("instanceGreenOffset", .init({ $0._instanceGreenOffset }, { $0._instanceGreenOffset = $1 }),
            \CAReplicatorLayer.instanceGreenOffset),
        float("instanceBlueOffset", .init({ $0._instanceBlueOffset }, { $0._instanceBlueOffset = $1 }),
            \CAReplicatorLayer.instanceBlueOffset),
        float("instanceAlphaOffset", .init({ $0._instanceAlphaOffset }, { $0._instanceAlphaOffset = $1 }),
            \CAReplicatorLayer.instanceAlphaOffset),
    ])

    /// Whether `key` is a property of any Strata layer class.
    static func isPropertyKey(_ key: String) -> Bool {
        layer[key] != nil || shape[key] != nil || gradient[key] != nil || text[key] != nil
            || replicator[key] != nil || EmitterProperties.named(key) != nil
    }

    private static func index(_ list: [LayerProperty]) -> [String: LayerProperty] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })
    }

    // MARK: Builders, one per value type

    /// Reads and writes a stored (backing) field. Closures rather than key
    /// paths: applying a key path goes through the runtime, and this is the
    /// per-frame path of every animation.
    struct Stored<L: CALayer, V> {
        let get: (L) -> V
        let set: (L, V) -> Void
        init(_ get: @escaping (L) -> V, _ set: @escaping (L, V) -> Void) { self.get = get; self.set = set }
    }

    private static func make<L: CALayer, V>(
        _ key: String, _ kind: ValueKind, animatable: Bool,
        _ stored: Stored<L, V>, _ pub: ReferenceWritableKeyPath<L, V>,
        to: @escaping (V) -> AnimValue, from: @escaping (AnimValue) -> V?,
        box: @escaping (AnimValue) -> Any? = { $0.boxed },
        unbox: ((Any?) -> AnimValue?)? = nil,
        matrix: Stored<CALayer, CATransform3D>? = nil
    ) -> LayerProperty {
        LayerProperty(
            key: key, kind: kind, isAnimatable: animatable,
            // The tables are chosen by the layer's class, so these downcasts hold.
            get: { to(stored.get(unsafeDowncast($0, to: L.self))) },
            setStored: { layer, value in if let v = from(value) { stored.set(unsafeDowncast(layer, to: L.self), v) } },
            setPublic: { layer, value in if let v = from(value) { unsafeDowncast(layer, to: L.self)[keyPath: pub] = v } },
            box: box,
            unbox: unbox ?? { AnimValue($0, kind: kind) },
            matrix: matrix)
    }

    private static func number<L: CALayer>(_ key: String, _ s: Stored<L, CGFloat>,
                                           _ p: ReferenceWritableKeyPath<L, CGFloat>,
                                           animatable: Bool = true) -> LayerProperty {
        make(key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
             from: { $0.doubleValue.map { CGFloat($0) } })
    }

    private static func float<L: CALayer>(_ key: String, _ s: Stored<L, Float>,
                                          _ p: ReferenceWritableKeyPath<L, Float>,
                                          animatable: Bool = true) -> LayerProperty {
        make(key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
             from: { $0.doubleValue.map { Float($0) } }, box: { $0.doubleValue.map { NSNumber(value: Float($0)) } })
    }

    private static func double<L: CALayer>(_ key: String, _ s: Stored<L, Double>,
                                           _ p: ReferenceWritableKeyPath<L, Double>,
                                           animatable: Bool = false) -> LayerProperty {
        make(key, .number, animatable: animatable, s, p, to: { .number($0) }, from: { $0.doubleValue })
    }

    /// An integer (`instanceCount`): not animated implicitly; an explicit
    /// animation's values are cut to whole numbers toward zero.
    private static func integer<L: CALayer>(_ key: String, _ s: Stored<L, Int>,
                                            _ p: ReferenceWritableKeyPath<L, Int>) -> LayerProperty {
        func whole(_ d: Double?) -> Int? {
            guard let d, !d.isNaN else { return nil }
            return Int(max(min(d, 9.0e18), -9.0e18).rounded(.towardZero))
        }
        return make(key, .number, animatable: false, s, p, to: { .number(Double($0)) },
                    from: { whole($0.doubleValue) }, box: { whole($0.doubleValue).map { NSNumber(value: $0) } })
    }

    private static func point<L: CALayer>(_ key: String, _ s: Stored<L, CGPoint>,
                                          _ p: ReferenceWritableKeyPath<L, CGPoint>) -> LayerProperty {
        make(key, .point, animatable: true, s, p, to: { .point($0) }, from: { $0.pointValue })
    }

    private static func size<L: CALayer>(_ key: String, _ s: Stored<L, CGSize>,
                                         _ p: ReferenceWritableKeyPath<L, CGSize>) -> LayerProperty {
        make(key, .size, animatable: true, s, p, to: { .size($0) }, from: { $0.sizeValue })
    }

    private static func rect<L: CALayer>(_ key: String, _ s: Stored<L, CGRect>,
                                         _ p: ReferenceWritableKeyPath<L, CGRect>) -> LayerProperty {
        make(key, .rect, animatable: true, s, p, to: { .rect($0) }, from: { $0.rectValue })
    }

    private static func transform<L: CALayer>(_ key: String, _ s: Stored<L, CATransform3D>,
                                              _ p: ReferenceWritableKeyPath<L, CATransform3D>) -> LayerProperty {
        make(key, .transform, animatable: true, s, p, to: { .transform($0) }, from: { $0.transformValue },
             matrix: .init({ s.get(unsafeDowncast($0, to: L.self)) }, { s.set(unsafeDowncast($0, to: L.self), $1) }))
    }

    private static func color<L: CALayer>(_ key: String, _ s: Stored<L, CGColor?>,
                                          _ p: ReferenceWritableKeyPath<L, CGColor?>) -> LayerProperty {
        make(key, .color, animatable: true, s, p, to: { .color($0) }, from: { $0.colorValue })
    }

    private static func path<L: CALayer>(_ key: String, _ s: Stored<L, CGPath?>,
                                         _ p: ReferenceWritableKeyPath<L, CGPath?>) -> LayerProperty {
        make(key, .path, animatable: true, s, p, to: { .path($0) }, from: { $0.pathValue })
    }

    /// A Bool: changes at once (discrete), boxed as NSNumber.
    private static func bool<L: CALayer>(_ key: String, _ s: Stored<L, Bool>,
                                         _ p: ReferenceWritableKeyPath<L, Bool>,
                                         animatable: Bool = false) -> LayerProperty {
        make(key, .discrete, animatable: animatable, s, p, to: { .other($0) },
             from: { if let v = $0.otherValue { return AnimValue.bool(from: v) }; return nil },
             box: { if let v = $0.otherValue, let b = v as? Bool { return NSNumber(value: b) }; return nil },
             unbox: { AnimValue.bool(from: $0).map { .other($0) } })
    }

    /// A string constant type (CA's NSString enums): boxed as its raw string.
    private static func string<L: CALayer, T: RawRepresentable>(
        _ key: String, _ s: Stored<L, T>, _ p: ReferenceWritableKeyPath<L, T>
    ) -> LayerProperty where T.RawValue == String {
        func convert(_ v: Any?) -> T? { (v as? T) ?? (v as? String).flatMap(T.init(rawValue:)) }
        return make(key, .discrete, animatable: false, s, p, to: { .other($0) },
                    from: { if let v = $0.otherValue { return convert(v) }; return nil },
                    box: { if let v = $0.otherValue { return convert(v)?.rawValue }; return nil },
                    unbox: { convert($0).map { .other($0) } })
    }

    /// An option set: boxed as an NSNumber of its raw value.
    private static func option<L: CALayer, T: OptionSet>(
        _ key: String, _ s: Stored<L, T>, _ p: ReferenceWritableKeyPath<L, T>
    ) -> LayerProperty where T.RawValue: FixedWidthInteger {
        func convert(_ v: Any?) -> T? {
            if let t = v as? T { return t }
            guard let d = AnimValue.double(from: v), d.isFinite else { return nil }
            return T(rawValue: T.RawValue(clamping: Int64(max(min(d, 1e18), -1e18))))
        }
        return make(key, .discrete, animatable: false, s, p, to: { .other($0) },
                    from: { if let v = $0.otherValue { return convert(v) }; return nil },
                    box: { if let v = $0.otherValue, let t = convert(v) { return NSNumber(value: Int64(t.rawValue)) }; return nil },
                    unbox: { convert($0).map { .other($0) } })
    }

    /// Any value, unchanged (contents, string, font).
    private static func any<L: CALayer>(_ key: String, _ s: Stored<L, Any?>,
                                        _ p: ReferenceWritableKeyPath<L, Any?>,
                                        animatable: Bool = false) -> LayerProperty {
        make(key, .discrete, animatable: animatable, s, p, to: { .other($0) },
             from: { if let v = $0.otherValue { return .some(v) }; return nil },
             box: { if let v = $0.otherValue { return v }; return nil },
             unbox: { .other($0) })
    }

    /// An optional array of numbers (nil is a value: gradient locations spread evenly).
    private static func numberArray<L: CALayer>(_ key: String, _ s: Stored<L, [NSNumber]?>,
                                                _ p: ReferenceWritableKeyPath<L, [NSNumber]?>,
                                                animatable: Bool) -> LayerProperty {
        make(key, .numbers, animatable: animatable, s, p,
             to: { v in v.map { .numbers($0.map { $0.doubleValue }) } ?? .other(nil) },
             from: {
                 if case .numbers(let n) = $0 { return .some(n.map { NSNumber(value: $0) }) }
                 if let v = $0.otherValue, v == nil { return .some(nil) }
                 return nil
             },
             unbox: { $0 == nil ? .other(nil) : AnimValue($0, kind: .numbers) })
    }

    /// Gradient colours: an optional array of CGColors.
    private static func colorArray<L: CALayer>(_ key: String, _ s: Stored<L, [Any]?>,
                                               _ p: ReferenceWritableKeyPath<L, [Any]?>) -> LayerProperty {
        make(key, .colors, animatable: true, s, p,
             to: { v in v.flatMap { AnimValue.colors(from: $0) }.map { .colors($0) } ?? .other(v) },
             from: {
                 if case .colors(let c) = $0 { return .some(c as [Any]) }
                 if let v = $0.otherValue { return .some(v as? [Any]) }
                 return nil
             },
             unbox: { v in AnimValue.colors(from: v).map { .colors($0) } ?? .other(v) })
    }
}
