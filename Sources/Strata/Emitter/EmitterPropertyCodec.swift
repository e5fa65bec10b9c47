import Foundation

/// How values of one Swift type of an emitter property convert to and from
/// the forms animations and key-value coding use: the emitter layer's and
/// cells' tables (`EmitterProperties`) are built from these.
struct EmitterPropertyCodec<T> {
    let kind: ValueKind
    let animatable: Bool
    let to: (T) -> AnimValue
    let from: (AnimValue) -> T?
    /// The value as KVC hands it out.
    let box: (AnimValue) -> Any?
    /// A KVC argument as a value (nil: not one).
    let unbox: (Any?) -> AnimValue?

    static var float: EmitterPropertyCodec<Float> {
        .init(
            kind: .number, animatable: true, to: { .number(Double($0)) }, from: { $0.doubleValue.map { Float($0) } },
            box: { $0.doubleValue.map { NSNumber(value: Float($0)) } }, unbox: { AnimValue($0, kind: .number) })
    }

    static var number: EmitterPropertyCodec<CGFloat> {
        .init(
            kind: .number, animatable: true, to: { .number(Double($0)) }, from: { $0.doubleValue.map { CGFloat($0) } },
            box: { $0.boxed }, unbox: { AnimValue($0, kind: .number) })
    }

    /// A time (CAMediaTiming's doubles): not animatable.
    static var time: EmitterPropertyCodec<Double> {
        .init(
            kind: .number, animatable: false, to: { .number($0) }, from: { $0.doubleValue },
            box: { $0.boxed }, unbox: { AnimValue($0, kind: .number) })
    }

    static var timingFloat: EmitterPropertyCodec<Float> {
        let f = float
        return .init(kind: f.kind, animatable: false, to: f.to, from: f.from, box: f.box, unbox: f.unbox)
    }

    static var point: EmitterPropertyCodec<CGPoint> {
        .init(
            kind: .point, animatable: true, to: { .point($0) }, from: { $0.pointValue }, box: { $0.boxed },
            unbox: { AnimValue($0, kind: .point) })
    }

    static var size: EmitterPropertyCodec<CGSize> {
        .init(
            kind: .size, animatable: true, to: { .size($0) }, from: { $0.sizeValue }, box: { $0.boxed },
            unbox: { AnimValue($0, kind: .size) })
    }

    static var rect: EmitterPropertyCodec<CGRect> {
        .init(
            kind: .rect, animatable: true, to: { .rect($0) }, from: { $0.rectValue }, box: { $0.boxed },
            unbox: { AnimValue($0, kind: .rect) })
    }

    static var color: EmitterPropertyCodec<CGColor?> {
        .init(
            kind: .color, animatable: true, to: { .color($0) }, from: { $0.colorValue }, box: { $0.boxed },
            unbox: { AnimValue($0, kind: .color) })
    }

    /// A Bool: discrete, boxed as NSNumber.
    static var bool: EmitterPropertyCodec<Bool> {
        .init(
            kind: .discrete, animatable: false, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return AnimValue.bool(from: v) }; return nil
            },
            box: {
                if let v = $0.otherValue, let b = v as? Bool { return NSNumber(value: b) }; return nil
            },
            unbox: { AnimValue.bool(from: $0).map { .other($0) } })
    }

    /// The emitter's seed: a whole number, discrete.
    static var seed: EmitterPropertyCodec<UInt32> {
        func convert(_ v: Any?) -> UInt32? {
            if let s = v as? UInt32 { return s }
            guard let d = AnimValue.double(from: v), d.isFinite else { return nil }
            return UInt32(clamping: Int64(max(min(d, 1e12), -1e12)))
        }
        return .init(
            kind: .discrete, animatable: false, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return convert(v) }; return nil
            },
            box: {
                if let v = $0.otherValue, let s = convert(v) { return NSNumber(value: s) }; return nil
            },
            unbox: { convert($0).map { .other($0) } })
    }

    /// A string constant (CA's NSString enums), boxed as its raw string.
    static func constant<C: RawRepresentable>(_: C.Type) -> EmitterPropertyCodec<C> where C.RawValue == String {
        func convert(_ v: Any?) -> C? { (v as? C) ?? (v as? String).flatMap(C.init(rawValue:)) }
        return .init(
            kind: .discrete, animatable: false, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return convert(v) }; return nil
            },
            box: {
                if let v = $0.otherValue { return convert(v)?.rawValue }; return nil
            },
            unbox: { convert($0).map { .other($0) } })
    }

    /// A plain string (the cell's filter names).
    static var string: EmitterPropertyCodec<String> {
        .init(
            kind: .discrete, animatable: false, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return v as? String }; return nil
            },
            box: {
                if let v = $0.otherValue { return v as? String }; return nil
            },
            unbox: { ($0 as? String).map { .other($0) } })
    }

    /// An optional string (the cell's name): nil is a value.
    static var optionalString: EmitterPropertyCodec<String?> {
        .init(
            kind: .discrete, animatable: false, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return .some(v as? String) }; return nil
            },
            box: {
                if let v = $0.otherValue { return v as? String }; return nil
            },
            unbox: { v in v == nil || v is String ? .other(v as? String) : nil })
    }

    /// Any value, unchanged (a cell's `contents`): discrete.
    static var any: EmitterPropertyCodec<Any?> {
        .init(
            kind: .discrete, animatable: true, to: { .other($0) },
            from: {
                if let v = $0.otherValue { return .some(v) }; return nil
            },
            box: {
                if let v = $0.otherValue { return v }; return nil
            }, unbox: { .other($0) })
    }
}
