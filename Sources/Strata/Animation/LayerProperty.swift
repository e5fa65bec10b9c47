import Foundation

/// One key of a layer class: the kind of its value, how to read and write its
/// stored value (no actions: what animations write into presentation copies)
/// and how to set it through its public setter (with actions: what KVC does).
struct LayerProperty {
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

    /// The property for `key` on `layer`'s class, or nil when `key` is not one.
    static func named(_ key: String, of layer: CALayer) -> LayerProperty? {
        if layer is CAShapeLayer, let p = LayerPropertyTable.shape[key] { return p }
        if layer is CAGradientLayer, let p = LayerPropertyTable.gradient[key] { return p }
        if layer is CATextLayer, let p = LayerPropertyTable.text[key] { return p }
        return LayerPropertyTable.layer[key]
    }
}

/// The properties of CALayer and its subclasses, by KVC key.
///
/// `nonisolated(unsafe)`: each table is a `let` built once and never mutated;
/// its closures capture only key paths, so sharing it between threads is safe.
enum LayerPropertyTable {
    nonisolated(unsafe) static let layer: [String: LayerProperty] = index([
        rect("bounds", \CALayer._bounds, \CALayer.bounds),
        point("position", \CALayer._position, \CALayer.position),
        number("zPosition", \CALayer._zPosition, \CALayer.zPosition),
        point("anchorPoint", \CALayer._anchorPoint, \CALayer.anchorPoint),
        number("anchorPointZ", \CALayer._anchorPointZ, \CALayer.anchorPointZ),
        transform("transform", \CALayer._transform, \CALayer.transform),
        transform("sublayerTransform", \CALayer._sublayerTransform, \CALayer.sublayerTransform),
        bool("hidden", \CALayer._isHidden, \CALayer.isHidden, animatable: true),
        bool("doubleSided", \CALayer._isDoubleSided, \CALayer.isDoubleSided, animatable: true),
        bool("geometryFlipped", \CALayer._isGeometryFlipped, \CALayer.isGeometryFlipped),
        bool("masksToBounds", \CALayer._masksToBounds, \CALayer.masksToBounds, animatable: true),
        number("cornerRadius", \CALayer._cornerRadius, \CALayer.cornerRadius),
        option("maskedCorners", \CALayer._maskedCorners, \CALayer.maskedCorners),
        string("cornerCurve", \CALayer._cornerCurve, \CALayer.cornerCurve),
        color("backgroundColor", \CALayer._backgroundColor, \CALayer.backgroundColor),
        number("borderWidth", \CALayer._borderWidth, \CALayer.borderWidth),
        color("borderColor", \CALayer._borderColor, \CALayer.borderColor),
        float("opacity", \CALayer._opacity, \CALayer.opacity),
        bool("allowsGroupOpacity", \CALayer._allowsGroupOpacity, \CALayer.allowsGroupOpacity),
        bool("allowsEdgeAntialiasing", \CALayer._allowsEdgeAntialiasing, \CALayer.allowsEdgeAntialiasing),
        option("edgeAntialiasingMask", \CALayer._edgeAntialiasingMask, \CALayer.edgeAntialiasingMask),
        bool("opaque", \CALayer._isOpaque, \CALayer.isOpaque),
        color("shadowColor", \CALayer._shadowColor, \CALayer.shadowColor),
        float("shadowOpacity", \CALayer._shadowOpacity, \CALayer.shadowOpacity),
        number("shadowRadius", \CALayer._shadowRadius, \CALayer.shadowRadius),
        size("shadowOffset", \CALayer._shadowOffset, \CALayer.shadowOffset),
        path("shadowPath", \CALayer._shadowPath, \CALayer.shadowPath),
        any("contents", \CALayer._contents, \CALayer.contents, animatable: true),
        rect("contentsRect", \CALayer._contentsRect, \CALayer.contentsRect),
        rect("contentsCenter", \CALayer._contentsCenter, \CALayer.contentsCenter),
        string("contentsGravity", \CALayer._contentsGravity, \CALayer.contentsGravity),
        number("contentsScale", \CALayer._contentsScale, \CALayer.contentsScale, animatable: false),
        string("minificationFilter", \CALayer._minificationFilter, \CALayer.minificationFilter),
        string("magnificationFilter", \CALayer._magnificationFilter, \CALayer.magnificationFilter),
        bool("shouldRasterize", \CALayer._shouldRasterize, \CALayer.shouldRasterize),
        number("rasterizationScale", \CALayer._rasterizationScale, \CALayer.rasterizationScale, animatable: false),
        double("beginTime", \CALayer._beginTime, \CALayer.beginTime),
        double("duration", \CALayer._duration, \CALayer.duration),
        float("speed", \CALayer._speed, \CALayer.speed, animatable: false),
        double("timeOffset", \CALayer._timeOffset, \CALayer.timeOffset),
        float("repeatCount", \CALayer._repeatCount, \CALayer.repeatCount, animatable: false),
        double("repeatDuration", \CALayer._repeatDuration, \CALayer.repeatDuration),
        bool("autoreverses", \CALayer._autoreverses, \CALayer.autoreverses),
        string("fillMode", \CALayer._fillMode, \CALayer.fillMode),
    ])

    nonisolated(unsafe) static let gradient: [String: LayerProperty] = index([
        colorArray("colors", \CAGradientLayer._colors, \CAGradientLayer.colors),
        numberArray("locations", \CAGradientLayer._locations, \CAGradientLayer.locations, animatable: true),
        point("startPoint", \CAGradientLayer._startPoint, \CAGradientLayer.startPoint),
        point("endPoint", \CAGradientLayer._endPoint, \CAGradientLayer.endPoint),
        string("type", \CAGradientLayer._type, \CAGradientLayer.type),
    ])

    nonisolated(unsafe) static let shape: [String: LayerProperty] = index([
        path("path", \CAShapeLayer._path, \CAShapeLayer.path),
        color("fillColor", \CAShapeLayer._fillColor, \CAShapeLayer.fillColor),
        string("fillRule", \CAShapeLayer._fillRule, \CAShapeLayer.fillRule),
        color("strokeColor", \CAShapeLayer._strokeColor, \CAShapeLayer.strokeColor),
        number("lineWidth", \CAShapeLayer._lineWidth, \CAShapeLayer.lineWidth),
        string("lineCap", \CAShapeLayer._lineCap, \CAShapeLayer.lineCap),
        string("lineJoin", \CAShapeLayer._lineJoin, \CAShapeLayer.lineJoin),
        number("miterLimit", \CAShapeLayer._miterLimit, \CAShapeLayer.miterLimit),
        numberArray("lineDashPattern", \CAShapeLayer._lineDashPattern, \CAShapeLayer.lineDashPattern,
                    animatable: false),
        number("lineDashPhase", \CAShapeLayer._lineDashPhase, \CAShapeLayer.lineDashPhase),
        number("strokeStart", \CAShapeLayer._strokeStart, \CAShapeLayer.strokeStart),
        number("strokeEnd", \CAShapeLayer._strokeEnd, \CAShapeLayer.strokeEnd),
    ])

    nonisolated(unsafe) static let text: [String: LayerProperty] = index([
        any("string", \CATextLayer._string, \CATextLayer.string),
        any("font", \CATextLayer._font, \CATextLayer.font),
        number("fontSize", \CATextLayer._fontSize, \CATextLayer.fontSize),
        color("foregroundColor", \CATextLayer._foregroundColor, \CATextLayer.foregroundColor),
        bool("wrapped", \CATextLayer._isWrapped, \CATextLayer.isWrapped),
        string("alignmentMode", \CATextLayer._alignmentMode, \CATextLayer.alignmentMode),
        string("truncationMode", \CATextLayer._truncationMode, \CATextLayer.truncationMode),
    ])

    private static func index(_ list: [LayerProperty]) -> [String: LayerProperty] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })
    }

    // MARK: Builders, one per value type

    private static func make<L: CALayer, V>(
        _ key: String, _ kind: ValueKind, animatable: Bool,
        _ stored: ReferenceWritableKeyPath<L, V>, _ pub: ReferenceWritableKeyPath<L, V>,
        to: @escaping (V) -> AnimValue, from: @escaping (AnimValue) -> V?,
        box: @escaping (AnimValue) -> Any? = { $0.boxed },
        unbox: ((Any?) -> AnimValue?)? = nil
    ) -> LayerProperty {
        LayerProperty(
            key: key, kind: kind, isAnimatable: animatable,
            // The tables are chosen by the layer's class, so these casts hold.
            get: { to(($0 as! L)[keyPath: stored]) },
            setStored: { layer, value in if let v = from(value) { (layer as! L)[keyPath: stored] = v } },
            setPublic: { layer, value in if let v = from(value) { (layer as! L)[keyPath: pub] = v } },
            box: box,
            unbox: unbox ?? { AnimValue($0, kind: kind) })
    }

    private static func number<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGFloat>,
                                           _ p: ReferenceWritableKeyPath<L, CGFloat>,
                                           animatable: Bool = true) -> LayerProperty {
        make(key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
             from: { $0.doubleValue.map { CGFloat($0) } })
    }

    private static func float<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, Float>,
                                          _ p: ReferenceWritableKeyPath<L, Float>,
                                          animatable: Bool = true) -> LayerProperty {
        make(key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
             from: { $0.doubleValue.map { Float($0) } }, box: { $0.doubleValue.map { NSNumber(value: Float($0)) } })
    }

    private static func double<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, Double>,
                                           _ p: ReferenceWritableKeyPath<L, Double>) -> LayerProperty {
        make(key, .number, animatable: false, s, p, to: { .number($0) }, from: { $0.doubleValue })
    }

    private static func point<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGPoint>,
                                          _ p: ReferenceWritableKeyPath<L, CGPoint>) -> LayerProperty {
        make(key, .point, animatable: true, s, p, to: { .point($0) }, from: { $0.pointValue })
    }

    private static func size<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGSize>,
                                         _ p: ReferenceWritableKeyPath<L, CGSize>) -> LayerProperty {
        make(key, .size, animatable: true, s, p, to: { .size($0) }, from: { $0.sizeValue })
    }

    private static func rect<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGRect>,
                                         _ p: ReferenceWritableKeyPath<L, CGRect>) -> LayerProperty {
        make(key, .rect, animatable: true, s, p, to: { .rect($0) }, from: { $0.rectValue })
    }

    private static func transform<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CATransform3D>,
                                              _ p: ReferenceWritableKeyPath<L, CATransform3D>) -> LayerProperty {
        make(key, .transform, animatable: true, s, p, to: { .transform($0) }, from: { $0.transformValue })
    }

    private static func color<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGColor?>,
                                          _ p: ReferenceWritableKeyPath<L, CGColor?>) -> LayerProperty {
        make(key, .color, animatable: true, s, p, to: { .color($0) }, from: { $0.colorValue })
    }

    private static func path<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, CGPath?>,
                                         _ p: ReferenceWritableKeyPath<L, CGPath?>) -> LayerProperty {
        make(key, .path, animatable: true, s, p, to: { .path($0) }, from: { $0.pathValue })
    }

    /// A Bool: changes at once (discrete), boxed as NSNumber.
    private static func bool<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, Bool>,
                                         _ p: ReferenceWritableKeyPath<L, Bool>,
                                         animatable: Bool = false) -> LayerProperty {
        make(key, .discrete, animatable: animatable, s, p, to: { .other($0) },
             from: { if case .other(let v) = $0 { return AnimValue.bool(from: v) }; return nil },
             box: { if case .other(let v) = $0, let b = v as? Bool { return NSNumber(value: b) }; return nil },
             unbox: { AnimValue.bool(from: $0).map { .other($0) } })
    }

    /// A string constant type (CA's NSString enums): boxed as its raw string.
    private static func string<L: CALayer, T: RawRepresentable>(
        _ key: String, _ s: ReferenceWritableKeyPath<L, T>, _ p: ReferenceWritableKeyPath<L, T>
    ) -> LayerProperty where T.RawValue == String {
        func convert(_ v: Any?) -> T? { (v as? T) ?? (v as? String).flatMap(T.init(rawValue:)) }
        return make(key, .discrete, animatable: false, s, p, to: { .other($0) },
                    from: { if case .other(let v) = $0 { return convert(v) }; return nil },
                    box: { if case .other(let v) = $0 { return convert(v)?.rawValue }; return nil },
                    unbox: { convert($0).map { .other($0) } })
    }

    /// An option set: boxed as an NSNumber of its raw value.
    private static func option<L: CALayer, T: OptionSet>(
        _ key: String, _ s: ReferenceWritableKeyPath<L, T>, _ p: ReferenceWritableKeyPath<L, T>
    ) -> LayerProperty where T.RawValue: FixedWidthInteger {
        func convert(_ v: Any?) -> T? {
            if let t = v as? T { return t }
            guard let d = AnimValue.double(from: v), d.isFinite else { return nil }
            return T(rawValue: T.RawValue(clamping: Int64(max(min(d, 1e18), -1e18))))
        }
        return make(key, .discrete, animatable: false, s, p, to: { .other($0) },
                    from: { if case .other(let v) = $0 { return convert(v) }; return nil },
                    box: { if case .other(let v) = $0, let t = convert(v) { return NSNumber(value: Int64(t.rawValue)) }; return nil },
                    unbox: { convert($0).map { .other($0) } })
    }

    /// Any value, unchanged (contents, string, font).
    private static func any<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, Any?>,
                                        _ p: ReferenceWritableKeyPath<L, Any?>,
                                        animatable: Bool = false) -> LayerProperty {
        make(key, .discrete, animatable: animatable, s, p, to: { .other($0) },
             from: { if case .other(let v) = $0 { return .some(v) }; return nil },
             box: { if case .other(let v) = $0 { return v }; return nil },
             unbox: { .other($0) })
    }

    /// An optional array of numbers (nil is a value: gradient locations spread evenly).
    private static func numberArray<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, [NSNumber]?>,
                                                _ p: ReferenceWritableKeyPath<L, [NSNumber]?>,
                                                animatable: Bool) -> LayerProperty {
        make(key, .numbers, animatable: animatable, s, p,
             to: { v in v.map { .numbers($0.map { $0.doubleValue }) } ?? .other(nil) },
             from: {
                 switch $0 {
                 case .numbers(let n): return .some(n.map { NSNumber(value: $0) })
                 case .other(nil): return .some(nil)
                 default: return nil
                 }
             },
             unbox: { $0 == nil ? .other(nil) : AnimValue($0, kind: .numbers) })
    }

    /// Gradient colours: an optional array of CGColors.
    private static func colorArray<L: CALayer>(_ key: String, _ s: ReferenceWritableKeyPath<L, [Any]?>,
                                               _ p: ReferenceWritableKeyPath<L, [Any]?>) -> LayerProperty {
        make(key, .colors, animatable: true, s, p,
             to: { v in v.flatMap { AnimValue.colors(from: $0) }.map { .colors($0) } ?? .other(v) },
             from: {
                 switch $0 {
                 case .colors(let c): return .some(c as [Any])
                 case .other(let v): return .some(v as? [Any])
                 default: return nil
                 }
             },
             unbox: { v in AnimValue.colors(from: v).map { .colors($0) } ?? .other(v) })
    }
}
