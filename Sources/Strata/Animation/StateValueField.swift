import Foundation

/// A `LayerState` field whose animated values are no numbers: a whole
/// transform (`transform`, `sublayerTransform`) or a colour
/// (`backgroundColor`, `borderColor`, `shadowColor`), where a
/// `NumberAnimationPlan` step writes what the evaluators make of their values.
enum StateValueField {
    case transform(offset: Int)
    case color(offset: Int)

    /// The field of `property` (a whole `LayerState` property), when it is a transform or a colour.
    init?(_ property: LayerProperty) {
        guard let span = property.fieldSpan else { return nil }
        switch property.kind {
        case .transform where span.size == MemoryLayout<CATransform3D>.size: self = .transform(offset: span.offset)
        case .color where span.size == MemoryLayout<CGColor?>.size: self = .color(offset: span.offset)
        default: return nil
        }
    }

    /// The bytes the field's writing changes.
    var span: StateSpan {
        switch self {
        case .transform(let offset): StateSpan(offset: offset, size: MemoryLayout<CATransform3D>.size)
        case .color(let offset): StateSpan(offset: offset, size: MemoryLayout<CGColor?>.size)
        }
    }

    /// The field's value in `state`.
    @inline(__always)
    func load(from state: UnsafeLayerStateHandle<LayerState>) -> AnimValue {
        switch self {
        case .transform(let offset): .transform(state.load(CATransform3D.self, at: offset))
        case .color(let offset): .color(state.load(CGColor?.self, at: offset))
        }
    }

    /// Writes `value` into `state` as the property's stored setter would: a
    /// value of another kind is ignored (the setter's conversion fails).
    @inline(__always)
    func store(_ value: AnimValue, into state: UnsafeLayerStateHandle<LayerState>) {
        switch self {
        case .transform(let offset): if let matrix = value.transformValue { state.store(matrix, at: offset) }
        case .color(let offset): if let color = value.colorValue { state.store(color, at: offset) }
        }
    }

    /// Puts `model`'s value of the field back into `state`.
    @inline(__always)
    func restore(into state: UnsafeLayerStateHandle<LayerState>, from model: UnsafeLayerStateHandle<LayerState>) {
        switch self {
        case .transform(let offset): state.store(model.load(CATransform3D.self, at: offset), at: offset)
        case .color(let offset): state.store(model.load(CGColor?.self, at: offset), at: offset)
        }
    }
}
