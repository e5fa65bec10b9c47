import Foundation

/// Where a number lies in the plain bytes of a `LayerState`: a number
/// field of its own, a field of a stored transform (`transform.rotation.y`),
/// or a Bool written as a number (0 false, any other true, NaN nothing).
/// What lets an animated number be written into a presentation copy's state
/// directly (see `NumberAnimationPlan`).
enum StateNumberField {
    case cgFloat(offset: Int)
    case float(offset: Int)
    case double(offset: Int)
    case bool(offset: Int)
    /// `component` of the matrix at `offset`.
    case transformComponent(offset: Int, TransformComponent)

    /// The field of a value of type `V` at `offset`, when `V` is a number type or Bool (nil: neither).
    static func number<V>(_ type: V.Type, offset: Int) -> StateNumberField? {
        if type == CGFloat.self { return .cgFloat(offset: offset) }
        if type == Float.self { return .float(offset: offset) }
        if type == Double.self { return .double(offset: offset) }
        if type == Bool.self { return .bool(offset: offset) }
        return nil
    }

    /// The bytes the field's writing changes (a transform field: the whole matrix).
    var span: StateSpan {
        switch self {
        case .cgFloat(let offset): StateSpan(offset: offset, size: MemoryLayout<CGFloat>.size)
        case .float(let offset): StateSpan(offset: offset, size: MemoryLayout<Float>.size)
        case .double(let offset): StateSpan(offset: offset, size: MemoryLayout<Double>.size)
        case .bool(let offset): StateSpan(offset: offset, size: MemoryLayout<Bool>.size)
        case .transformComponent(let offset, _): StateSpan(offset: offset, size: MemoryLayout<CATransform3D>.size)
        }
    }

    /// Puts `model`'s value of the field (a transform field: the whole
    /// matrix) back into `state`.
    @inline(__always)
    func restore(into state: UnsafeLayerStateHandle<LayerState>, from model: UnsafeLayerStateHandle<LayerState>) {
        switch self {
        case .cgFloat(let offset): state.store(model.load(CGFloat.self, at: offset), at: offset)
        case .float(let offset): state.store(model.load(Float.self, at: offset), at: offset)
        case .double(let offset): state.store(model.load(Double.self, at: offset), at: offset)
        case .bool(let offset): state.store(model.load(Bool.self, at: offset), at: offset)
        case .transformComponent(let offset, _):
            state.store(model.load(CATransform3D.self, at: offset), at: offset)
        }
    }

    /// The field's number in `state`, as the property's getter reads it;
    /// nil for a Bool or a transform field (no number to add to as it is).
    @inline(__always)
    func plainNumber(in state: UnsafeLayerStateHandle<LayerState>) -> Double? {
        switch self {
        case .cgFloat(let offset): Double(state.load(CGFloat.self, at: offset))
        case .float(let offset): Double(state.load(Float.self, at: offset))
        case .double(let offset): state.load(Double.self, at: offset)
        case .bool, .transformComponent: nil
        }
    }

    /// Whether the field is a plain number (`plainNumber(in:)` reads it).
    var isPlainNumber: Bool {
        switch self {
        case .cgFloat, .float, .double: true
        case .bool, .transformComponent: false
        }
    }

    /// Writes `value` into `state`, as the property's stored setter would (a
    /// transform field through `memo`, its decomposition memo).
    @inline(__always)
    func write(_ value: Double, into state: UnsafeLayerStateHandle<LayerState>, memo: inout DecompositionMemo) {
        switch self {
        case .cgFloat(let offset): state.store(CGFloat(value), at: offset)
        case .float(let offset): state.store(Float(value), at: offset)
        case .double(let offset): state.store(value, at: offset)
        case .bool(let offset):
            // NaN: a value that is no Bool, which the property's setter ignores.
            if !value.isNaN { state.store(value != 0, at: offset) }
        case .transformComponent(let offset, let component):
            let matrix = state.load(CATransform3D.self, at: offset)
            state.store(memo.replacing(component, in: matrix, with: value), at: offset)
        }
    }
}
