import Foundation

/// One stored property of a layer's state value (`LayerState` or a
/// subclass's payload), named by its key path and read and written in place
/// at the key path's byte offset (through an `UnsafeLayerStateHandle`).
///
/// Not the key path itself: applying a `WritableKeyPath` goes through the
/// runtime (about three times the cost of a closure's direct access, measured),
/// and these reads and writes are the per-frame path of every animation
/// (`AnimationTarget`, reused presentation copies). An offset into a struct
/// known at compile time costs what the direct access costs.
struct StateField<Root: LayerStateStorage, Value> {
    /// The field's byte offset in `Root`.
    let offset: Int

    /// The field `path` names; it must be a stored property of `Root` (not a computed one).
    init(_ path: WritableKeyPath<Root, Value>) {
        offset = UnsafeLayerStateHandle<Root>.offset(of: path)
    }

    /// The field's value in `layer` (whose class stores a `Root`).
    @inline(__always)
    func get(_ layer: CALayer) -> Value {
        UnsafeLayerStateHandle<Root>.withHandle(in: layer) { $0.load(Value.self, at: offset) }
    }

    /// Sets the field in `layer` (whose class stores a `Root`): no actions, no lock.
    @inline(__always)
    func set(_ layer: CALayer, _ value: Value) {
        UnsafeLayerStateHandle<Root>.withHandle(in: layer) { $0.store(value, at: offset) }
    }
}
