import Foundation

extension LayerPropertyTable {
    /// Makes the table entries of the layer class `L`, whose properties are
    /// stored in a `Root` (`LayerState`, or `L`'s payload): one builder per
    /// value type, each taking the key, the stored field and the public property.
    struct Builder<Root: LayerStateStorage, L: CALayer> {
        /// The table of the entries `list` makes.
        static func index(_ list: (Builder) -> [LayerProperty]) -> [String: LayerProperty] {
            Dictionary(uniqueKeysWithValues: list(Builder()).map { ($0.key, $0) })
        }

        func make<V>(
            _ key: String, _ kind: ValueKind, animatable: Bool,
            _ path: WritableKeyPath<Root, V>, _ pub: ReferenceWritableKeyPath<L, V>,
            to: @escaping (V) -> AnimValue, from: @escaping (AnimValue) -> V?,
            box: @escaping (AnimValue) -> Any? = { $0.boxed },
            unbox: ((Any?) -> AnimValue?)? = nil,
            matrix: Stored<CALayer, CATransform3D>? = nil
        ) -> LayerProperty {
            let field = StateField(path)
            return LayerProperty(
                key: key, kind: kind, isAnimatable: animatable,
                get: { to(field.get($0)) },
                setStored: { layer, value in if let v = from(value) { field.set(layer, v) } },
                // The tables are chosen by the layer's class, so this downcast holds.
                setPublic: { layer, value in
                    if let v = from(value) { unsafeDowncast(layer, to: L.self)[keyPath: pub] = v }
                },
                box: box,
                unbox: unbox ?? { AnimValue($0, kind: kind) },
                matrix: matrix,
                stateSpan: Root.self == LayerState.self && _isPOD(V.self)
                    ? StateSpan(offset: field.offset, size: MemoryLayout<V>.size) : nil,
                fieldSpan: Root.self == LayerState.self
                    ? StateSpan(offset: field.offset, size: MemoryLayout<V>.size) : nil,
                stateNumber: Root.self == LayerState.self && (kind == .number || V.self == Bool.self)
                    ? StateNumberField.number(V.self, offset: field.offset) : nil)
        }

        func number(
            _ key: String, _ s: WritableKeyPath<Root, CGFloat>, _ p: ReferenceWritableKeyPath<L, CGFloat>,
            animatable: Bool = true
        ) -> LayerProperty {
            make(
                key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
                from: { $0.doubleValue.map { CGFloat($0) } })
        }

        func float(
            _ key: String, _ s: WritableKeyPath<Root, Float>, _ p: ReferenceWritableKeyPath<L, Float>,
            animatable: Bool = true
        ) -> LayerProperty {
            make(
                key, .number, animatable: animatable, s, p, to: { .number(Double($0)) },
                from: { $0.doubleValue.map { Float($0) } }, box: { $0.doubleValue.map { NSNumber(value: Float($0)) } })
        }

        func double(
            _ key: String, _ s: WritableKeyPath<Root, Double>, _ p: ReferenceWritableKeyPath<L, Double>,
            animatable: Bool = false
        ) -> LayerProperty {
            make(key, .number, animatable: animatable, s, p, to: { .number($0) }, from: { $0.doubleValue })
        }

        /// An integer (`instanceCount`): not animated implicitly; an explicit
        /// animation's values are cut to whole numbers toward zero.
        func integer(_ key: String, _ s: WritableKeyPath<Root, Int>, _ p: ReferenceWritableKeyPath<L, Int>)
            -> LayerProperty
        {
            func whole(_ d: Double?) -> Int? {
                guard let d, !d.isNaN else { return nil }
                return Int(max(min(d, 9.0e18), -9.0e18).rounded(.towardZero))
            }
            return make(
                key, .number, animatable: false, s, p, to: { .number(Double($0)) },
                from: { whole($0.doubleValue) }, box: { whole($0.doubleValue).map { NSNumber(value: $0) } })
        }

        func point(_ key: String, _ s: WritableKeyPath<Root, CGPoint>, _ p: ReferenceWritableKeyPath<L, CGPoint>)
            -> LayerProperty
        {
            make(key, .point, animatable: true, s, p, to: { .point($0) }, from: { $0.pointValue })
        }

        func size(_ key: String, _ s: WritableKeyPath<Root, CGSize>, _ p: ReferenceWritableKeyPath<L, CGSize>)
            -> LayerProperty
        {
            make(key, .size, animatable: true, s, p, to: { .size($0) }, from: { $0.sizeValue })
        }

        func rect(_ key: String, _ s: WritableKeyPath<Root, CGRect>, _ p: ReferenceWritableKeyPath<L, CGRect>)
            -> LayerProperty
        {
            make(key, .rect, animatable: true, s, p, to: { .rect($0) }, from: { $0.rectValue })
        }

        func transform(
            _ key: String, _ s: WritableKeyPath<Root, CATransform3D>,
            _ p: ReferenceWritableKeyPath<L, CATransform3D>
        ) -> LayerProperty {
            let field = StateField(s)
            return make(
                key, .transform, animatable: true, s, p, to: { .transform($0) }, from: { $0.transformValue },
                matrix: .init(field.get, field.set))
        }

        func color(_ key: String, _ s: WritableKeyPath<Root, CGColor?>, _ p: ReferenceWritableKeyPath<L, CGColor?>)
            -> LayerProperty
        {
            make(key, .color, animatable: true, s, p, to: { .color($0) }, from: { $0.colorValue })
        }

        func path(_ key: String, _ s: WritableKeyPath<Root, CGPath?>, _ p: ReferenceWritableKeyPath<L, CGPath?>)
            -> LayerProperty
        {
            make(key, .path, animatable: true, s, p, to: { .path($0) }, from: { $0.pathValue })
        }

        /// A Bool: changes at once (discrete), boxed as NSNumber.
        func bool(
            _ key: String, _ s: WritableKeyPath<Root, Bool>, _ p: ReferenceWritableKeyPath<L, Bool>,
            animatable: Bool = false
        ) -> LayerProperty {
            make(
                key, .discrete, animatable: animatable, s, p, to: { .other($0) },
                from: {
                    if let v = $0.otherValue { return AnimValue.bool(from: v) }; return nil
                },
                box: {
                    if let v = $0.otherValue, let b = v as? Bool { return NSNumber(value: b) }; return nil
                },
                unbox: { AnimValue.bool(from: $0).map { .other($0) } })
        }

        /// A string constant type (CA's NSString enums): boxed as its raw string.
        func string<T: RawRepresentable>(
            _ key: String, _ s: WritableKeyPath<Root, T>,
            _ p: ReferenceWritableKeyPath<L, T>
        ) -> LayerProperty
        where T.RawValue == String {
            func convert(_ v: Any?) -> T? { (v as? T) ?? (v as? String).flatMap(T.init(rawValue:)) }
            return make(
                key, .discrete, animatable: false, s, p, to: { .other($0) },
                from: {
                    if let v = $0.otherValue { return convert(v) }; return nil
                },
                box: {
                    if let v = $0.otherValue { return convert(v)?.rawValue }; return nil
                },
                unbox: { convert($0).map { .other($0) } })
        }

        /// An option set: boxed as an NSNumber of its raw value.
        func option<T: OptionSet>(_ key: String, _ s: WritableKeyPath<Root, T>, _ p: ReferenceWritableKeyPath<L, T>)
            -> LayerProperty where T.RawValue: FixedWidthInteger
        {
            func convert(_ v: Any?) -> T? {
                if let t = v as? T { return t }
                guard let d = AnimValue.double(from: v), d.isFinite else { return nil }
                return T(rawValue: T.RawValue(clamping: Int64(max(min(d, 1e18), -1e18))))
            }
            return make(
                key, .discrete, animatable: false, s, p, to: { .other($0) },
                from: {
                    if let v = $0.otherValue { return convert(v) }; return nil
                },
                box: {
                    if let v = $0.otherValue, let t = convert(v) { return NSNumber(value: Int64(t.rawValue)) };
                    return nil
                },
                unbox: { convert($0).map { .other($0) } })
        }

        /// Any value, unchanged (string, font).
        func any(
            _ key: String, _ s: WritableKeyPath<Root, Any?>, _ p: ReferenceWritableKeyPath<L, Any?>,
            animatable: Bool = false
        ) -> LayerProperty {
            make(
                key, .discrete, animatable: animatable, s, p, to: { .other($0) },
                from: {
                    if let v = $0.otherValue { return .some(v) }; return nil
                },
                box: {
                    if let v = $0.otherValue { return v }; return nil
                },
                unbox: { .other($0) })
        }

        /// An optional array of anything (`filters`): discrete; a value that
        /// is no array is taken as nil, as Core Animation ignores it.
        func anyArray(_ key: String, _ s: WritableKeyPath<Root, [Any]?>, _ p: ReferenceWritableKeyPath<L, [Any]?>)
            -> LayerProperty
        {
            make(
                key, .discrete, animatable: false, s, p, to: { .other($0) },
                from: {
                    if let v = $0.otherValue { return .some(v as? [Any]) }; return nil
                },
                box: {
                    if let v = $0.otherValue { return v }; return nil
                },
                unbox: { .other($0 as? [Any]) })
        }

        /// A layer's contents: discrete, but a change cross-fades; reads show
        /// a cross-fade's new contents (see `ContentsCrossfade`).
        func contents(_ key: String, _ s: WritableKeyPath<Root, Any?>, _ p: ReferenceWritableKeyPath<L, Any?>)
            -> LayerProperty
        {
            make(
                key, .contents, animatable: true, s, p,
                to: { .discrete(DiscreteValue(ContentsCrossfade.shown($0), fades: true)) },
                from: {
                    if let v = $0.otherValue { return .some(v) }; return nil
                },
                box: {
                    if let v = $0.otherValue { return ContentsCrossfade.shown(v) }; return nil
                },
                unbox: { .discrete(DiscreteValue($0, fades: true)) })
        }

        /// An optional array of numbers (nil is a value: gradient locations spread evenly).
        func numberArray(
            _ key: String, _ s: WritableKeyPath<Root, [NSNumber]?>,
            _ p: ReferenceWritableKeyPath<L, [NSNumber]?>, animatable: Bool
        ) -> LayerProperty {
            make(
                key, .numbers, animatable: animatable, s, p,
                to: { v in v.map { .numbers($0.map { $0.doubleValue }) } ?? .other(nil) },
                from: {
                    if case .numbers(let n) = $0 { return .some(n.map { NSNumber(value: $0) }) }
                    if let v = $0.otherValue, v == nil { return .some(nil) }
                    return nil
                },
                unbox: { $0 == nil ? .other(nil) : AnimValue($0, kind: .numbers) })
        }

        /// Gradient colours: an optional array of CGColors.
        func colorArray(_ key: String, _ s: WritableKeyPath<Root, [Any]?>, _ p: ReferenceWritableKeyPath<L, [Any]?>)
            -> LayerProperty
        {
            make(
                key, .colors, animatable: true, s, p,
                to: { v in v.flatMap { AnimValue.colors(from: $0) }.map { .colors($0) } ?? .other(v) },
                from: {
                    if case .colors(let c) = $0 { return .some(c as [Any]) }
                    if let v = $0.otherValue { return .some(v as? [Any]) }
                    return nil
                },
                unbox: { v in AnimValue.colors(from: v).map { .colors($0) } ?? .other(v) })
        }
    }
}
