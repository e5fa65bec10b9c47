import Foundation

/// One stored property of a layer's state value (`LayerState` or a
/// subclass's payload), named by its key path and read and written in place
/// at the key path's byte offset.
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
        guard let offset = MemoryLayout<Root>.offset(of: path) else {
            preconditionFailure("\(path) is not a stored property of \(Root.self): the layer tables need one")
        }
        self.offset = offset
    }

    /// The field's value in `layer` (whose class stores a `Root`).
    @inline(__always)
    func get(_ layer: CALayer) -> Value {
        Root.withAddress(in: layer) { ($0 + offset).assumingMemoryBound(to: Value.self).pointee }
    }

    /// Sets the field in `layer` (whose class stores a `Root`): no actions, no lock.
    @inline(__always)
    func set(_ layer: CALayer, _ value: Value) {
        Root.withAddress(in: layer) { ($0 + offset).assumingMemoryBound(to: Value.self).pointee = value }
    }

    /// Copies the field from `model` into `copy` (both store a `Root`).
    @inline(__always)
    func copy(into copy: CALayer, from model: CALayer) { set(copy, get(model)) }
}
