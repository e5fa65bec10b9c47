import Foundation

/// A field inside a struct-valued property: `x` of a point, `size.width` of a
/// rect, `rotation.y` of a transform.
final class ValuePart {
    /// The kind of the field's value.
    let kind: ValueKind
    /// Reads the field from the whole value.
    let get: (AnimValue) -> AnimValue
    /// The whole value with the field replaced.
    let set: (AnimValue, AnimValue) -> AnimValue
    /// For a transform field, which one: read and written in the matrix
    /// itself (no boxed whole values).
    let transformComponent: TransformComponent?
    /// For a field of a point, size or rectangle: where it lies in the whole
    /// value's bytes (its numbers are `CGFloat`s).
    let byteOffset: Int?

    init(
        kind: ValueKind, get: @escaping (AnimValue) -> AnimValue, set: @escaping (AnimValue, AnimValue) -> AnimValue,
        transformComponent: TransformComponent? = nil, byteOffset: Int? = nil
    ) {
        self.kind = kind
        self.get = get
        self.set = set
        self.transformComponent = transformComponent
        self.byteOffset = byteOffset
    }

    /// The parts a key-path remainder (`["size", "width"]`) names in a value of
    /// `kind`, outermost first; nil when it names none.
    static func resolve(_ names: ArraySlice<Substring>, in kind: ValueKind) -> [ValuePart]? {
        guard let first = names.first else { return [] }
        if kind == .transform {
            // Transform fields are named by the whole remainder (`rotation.x`).
            guard let part = transformPart(names.joined(separator: ".")) else { return nil }
            return [part]
        }
        guard let part = structPart(String(first), in: kind),
            let rest = resolve(names.dropFirst(), in: part.kind)
        else { return nil }
        return [part] + rest
    }

    private static func structPart(_ name: String, in kind: ValueKind) -> ValuePart? {
        switch (kind, name) {
        case (.point, "x"):
            return ValuePart(
                kind: .number, get: { .number(Double($0.pointValue?.x ?? 0)) },
                set: {
                    var p = $0.pointValue ?? .zero; p.x = CGFloat($1.doubleValue ?? 0); return .point(p)
                }, byteOffset: MemoryLayout<CGPoint>.offset(of: \.x))
        case (.point, "y"):
            return ValuePart(
                kind: .number, get: { .number(Double($0.pointValue?.y ?? 0)) },
                set: {
                    var p = $0.pointValue ?? .zero; p.y = CGFloat($1.doubleValue ?? 0); return .point(p)
                }, byteOffset: MemoryLayout<CGPoint>.offset(of: \.y))
        case (.size, "width"):
            return ValuePart(
                kind: .number, get: { .number(Double($0.sizeValue?.width ?? 0)) },
                set: {
                    var s = $0.sizeValue ?? .zero; s.width = CGFloat($1.doubleValue ?? 0); return .size(s)
                }, byteOffset: MemoryLayout<CGSize>.offset(of: \.width))
        case (.size, "height"):
            return ValuePart(
                kind: .number, get: { .number(Double($0.sizeValue?.height ?? 0)) },
                set: {
                    var s = $0.sizeValue ?? .zero; s.height = CGFloat($1.doubleValue ?? 0); return .size(s)
                }, byteOffset: MemoryLayout<CGSize>.offset(of: \.height))
        case (.rect, "origin"):
            return ValuePart(
                kind: .point, get: { .point($0.rectValue?.origin ?? .zero) },
                set: {
                    var r = $0.rectValue ?? .zero; r.origin = $1.pointValue ?? r.origin; return .rect(r)
                }, byteOffset: MemoryLayout<CGRect>.offset(of: \.origin))
        case (.rect, "size"):
            return ValuePart(
                kind: .size, get: { .size($0.rectValue?.size ?? .zero) },
                set: {
                    var r = $0.rectValue ?? .zero; r.size = $1.sizeValue ?? r.size; return .rect(r)
                }, byteOffset: MemoryLayout<CGRect>.offset(of: \.size))
        default:
            return nil
        }
    }

    /// A transform field (`rotation.y`, see `TransformComponent`). Reading
    /// decomposes the matrix; writing replaces the field and recomposes,
    /// keeping the other fields.
    private static func transformPart(_ name: String) -> ValuePart? {
        guard let component = TransformComponent(keyPath: name) else { return nil }
        // An animation of one part writes into the same model matrix every
        // frame: decompose it once (with its Euler angles), not once a frame.
        var memo = DecompositionMemo()
        return ValuePart(
            kind: component.kind,
            get: { memo.value(of: component, in: $0.transformValue ?? CATransform3DIdentity) },
            set: { whole, value in
                .transform(
                    memo.replacing(
                        component, in: whole.transformValue ?? CATransform3DIdentity,
                        with: value))
            },
            transformComponent: component)
    }
}

/// A resolved key path on a layer: the property it starts at and the fields
/// inside it, e.g. `bounds.size.width` = `bounds` → `size` → `width`.
///
/// A class for the same reason as `LayerProperty`: evaluators reach it every frame.
final class AnimationTarget {
    let property: LayerProperty
    let parts: [ValuePart]
    /// For one field of a transform (`transform.rotation.y`): the field read
    /// and written in the stored matrix, without boxing whole matrices (the
    /// closures fetched once here, not from the property and part every frame).
    private let matrixField: MatrixField?

    /// The kind of the value at the end of the key path.
    var kind: ValueKind { parts.last?.kind ?? property.kind }

    /// The whole of `property`.
    init(property: LayerProperty) {
        self.property = property
        parts = []
        matrixField = nil
    }

    /// The target `keyPath` names on `layer`, or nil when it names no property.
    /// A key of your own (stored with `setValue(_:forKey:)`) is one: its kind
    /// is its stored value's, else `hint`'s (a value the animation gives).
    init?(keyPath: String, layer: CALayer, hint: Any? = nil) {
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        // `emitterCells.NAME.key`: a cell's property through its emitter layer.
        if layer is CAEmitterLayer, let (property, rest) = EmitterProperties.cellPath(names) {
            guard let parts = ValuePart.resolve(rest, in: property.kind) else { return nil }
            self.property = property
            self.parts = parts
            matrixField = MatrixField(property, parts)
            return
        }
        guard let head = names.first,
            let property = LayerProperty.named(String(head), of: layer)
                ?? LayerProperty.custom(String(head), of: layer, hint: names.count == 1 ? hint : nil),
            let parts = ValuePart.resolve(names.dropFirst(), in: property.kind)
        else { return nil }
        self.property = property
        self.parts = parts
        matrixField = MatrixField(property, parts)
    }

    /// The current value at the key path in `layer`'s stored properties.
    func get(_ layer: CALayer) -> AnimValue {
        if let matrixField { return matrixField.get(layer) }
        return value(in: property.get(layer))
    }

    /// The key path's field in `whole`, a value of the whole property.
    func value(in whole: AnimValue) -> AnimValue {
        var value = whole
        for part in parts { value = part.get(value) }
        return value
    }

    /// The whole property value `whole` with the key path's field set to `value`.
    func replacing(in whole: AnimValue, with value: AnimValue) -> AnimValue {
        if parts.isEmpty { return value }
        // The common one-field path (`transform.rotation.y`, `position.x`) needs no array.
        if parts.count == 1 { return parts[0].set(whole, value) }
        var wholes = [whole]
        for part in parts.dropLast() { wholes.append(part.get(wholes[wholes.count - 1])) }
        var v = value
        for i in stride(from: parts.count - 1, through: 0, by: -1) { v = parts[i].set(wholes[i], v) }
        return v
    }

    /// Writes `value` at the key path into `layer`'s stored properties (no actions).
    func set(_ layer: CALayer, _ value: AnimValue) {
        if let matrixField {
            matrixField.set(layer, value)
        } else if parts.isEmpty {
            property.setStored(layer, value)
        } else {
            property.setStored(layer, replacing(in: property.get(layer), with: value))
        }
    }

    /// Where the key path's number lies in `LayerState`'s plain bytes (nil:
    /// not a number there, or reached through closures only).
    var stateNumber: StateNumberField? {
        if let matrixField {
            return matrixField.stateOffset.map { .transformComponent(offset: $0, matrixField.component) }
        }
        if parts.isEmpty { return property.stateNumber }
        // A number inside a stored point, size or rectangle (`position.x`, `bounds.size.width`).
        guard kind == .number, let offset = stateStructOffset else { return nil }
        return .cgFloat(offset: offset)
    }

    /// Where a `NumberAnimationPlan` step writes a value of `valueKind`
    /// made by `function` (nil: none) into `LayerState`'s plain bytes, as
    /// `set` stores it; nil when the key path's value is not plain data
    /// there, or is not written so (added to the value beneath, other than
    /// by a value function).
    func planWrite(valueKind: ValueKind, function: CAValueFunction?, additive: Bool)
        -> NumberAnimationPlan.Write?
    {
        if let function {
            // The function's matrix is the whole stored transform's value.
            guard parts.isEmpty, property.kind == .transform, let span = property.stateSpan else { return nil }
            return .matrix(offset: span.offset, function: function.kind, additive: additive)
        }
        guard !additive, valueKind == kind else { return nil }
        if let shapeField { return .shape(shapeField) }
        if parts.isEmpty, let field = GradientContentField(property) { return .gradient(field) }
        if parts.isEmpty, let field = StateValueField(property) { return .value(field) }
        switch kind {
        case .number, .discrete: return stateNumber.map { .number($0) }
        case .point, .size: return stateStructOffset.map { .cgFloats(offset: $0, count: 2) }
        case .rect: return stateStructOffset.map { .cgFloats(offset: $0, count: 4) }
        default: return nil
        }
    }

    /// The shape layer's content field the key path names as a whole (nil: none).
    var shapeField: ShapeContentField? { parts.isEmpty ? ShapeContentField(property) : nil }

    /// Where the key path's point, size or rectangle lies in `LayerState`'s
    /// plain bytes (`position`, `bounds.origin`); nil when it is not there.
    private var stateStructOffset: Int? {
        guard matrixField == nil, let whole = property.stateSpan,
            property.kind == .point || property.kind == .size || property.kind == .rect
        else { return nil }
        var offset = whole.offset
        for part in parts {
            guard let inside = part.byteOffset else { return nil }
            offset += inside
        }
        return offset
    }

    /// `set` with a number (the key path's kind is a number).
    @inline(__always)
    func set(_ layer: CALayer, number value: Double) {
        if let matrixField { matrixField.set(layer, number: value) } else { set(layer, .number(value)) }
    }
}

/// One field of a stored transform (`transform.rotation.y`), read and
/// written in the matrix itself: `AnimationTarget`'s per-frame path for it.
private final class MatrixField {
    let matrixGet: (CALayer) -> CATransform3D
    let matrixSet: (CALayer, CATransform3D) -> Void
    let component: TransformComponent
    /// The field's own memo of the matrix's decomposition.
    @exclusivity(unchecked) private var memo = DecompositionMemo()
    /// The matrix's byte offset in `LayerState`, when it is stored there
    /// (`transform`, `sublayerTransform`): read and written in place, in one
    /// access, instead of through the property's two closures.
    let stateOffset: Int?

    /// Nil unless `parts` is one field of `property`'s stored matrix.
    init?(_ property: LayerProperty, _ parts: [ValuePart]) {
        guard parts.count == 1, let matrix = property.matrix, let component = parts[0].transformComponent
        else { return nil }
        matrixGet = matrix.get; matrixSet = matrix.set
        self.component = component
        stateOffset = property.stateSpan.flatMap { $0.size == MemoryLayout<CATransform3D>.size ? $0.offset : nil }
    }

    @inline(__always)
    func get(_ layer: CALayer) -> AnimValue { memo.value(of: component, in: matrixGet(layer)) }

    @inline(__always)
    func set(_ layer: CALayer, _ value: AnimValue) {
        if case .number(let v) = value, component.kind == .number { return set(layer, number: v) }
        guard let stateOffset else {
            return matrixSet(layer, memo.replacing(component, in: matrixGet(layer), with: value))
        }
        UnsafeLayerStateHandle<LayerState>.withHandle(in: layer) { state in
            let matrix = state.load(CATransform3D.self, at: stateOffset)
            state.store(memo.replacing(component, in: matrix, with: value), at: stateOffset)
        }
    }

    /// `set` with a number (the field's kind is a number).
    @inline(__always)
    func set(_ layer: CALayer, number v: Double) {
        guard let stateOffset else { return matrixSet(layer, memo.replacing(component, in: matrixGet(layer), with: v)) }
        let field = StateNumberField.transformComponent(offset: stateOffset, component)
        UnsafeLayerStateHandle<LayerState>.withHandle(in: layer) { field.write(v, into: $0, memo: &memo) }
    }
}
