import Foundation

/// The memory of one layer state value — `LayerState`, or a subclass's
/// payload (`ShapeLayerState`…) — reached through its address: the one place
/// where layer state is read, written, copied and compared as bytes.
///
/// The per-frame paths need this: a field read or written at its offset costs
/// what a direct access costs (a key path applied through the runtime costs
/// about three times as much, see `StateField`), and an animated layer's state
/// is brought up to date by copying the few bytes its animations write
/// (a list of `StateSpan`s) instead of assigning the whole value, which would retain
/// and release every colour and image in it. Everything else reaches state
/// through this type: `StateField`, `StateNumberField`, `NumberAnimationPlan`
/// and `LayerState+PlainData` hold offsets and spans, and this type alone
/// turns them into addresses.
///
/// A handle is made for the length of a closure (`withHandle(to:_:)`,
/// `withHandle(in:_:)`), as swift-collections' deque handle is made inside
/// its storage's closure, and must not escape it: its address is valid only
/// there, under the exclusive access that made it.
///
/// Invariants, checked with `assert` (debug builds; release builds pay
/// nothing for them):
/// - Every access lies inside the value: `0 <= offset` and
///   `offset + size <= MemoryLayout<Root>.size`.
/// - A typed access (`load`, `store`) is aligned for its type. It may reach a
///   field holding references: it is an assignment of that type, which
///   retains and releases as one does.
/// - Bytes copied as memory (`copyBytes`) hold plain data only — no
///   reference, existential or other value with ownership — that is, they lie
///   outside `LayerState.referenceSpans` (padding may go along). Copying a
///   reference's bytes would leave two owners of one retain.
struct UnsafeLayerStateHandle<Root: LayerStateStorage> {
    /// The value's first byte; valid only inside the closure that made the handle.
    private let base: UnsafeMutableRawPointer

    @inline(__always)
    private init(_ base: UnsafeMutableRawPointer) { self.base = base }

    /// Runs `body` with a handle on `value`'s memory (accessed exclusively for the call).
    @inline(__always)
    static func withHandle<R>(to value: inout Root, _ body: (Self) -> R) -> R {
        withUnsafeMutablePointer(to: &value) { body(Self(UnsafeMutableRawPointer($0))) }
    }

    /// Runs `body` with a handle on `layer`'s value of type `Root`; the
    /// caller knows `layer`'s class stores one (tables are chosen by class).
    @inline(__always)
    static func withHandle<R>(in layer: CALayer, _ body: (Self) -> R) -> R {
        Root.withValue(in: layer) { withHandle(to: &$0, body) }
    }

    /// The byte offset of the stored field `path` names (it must be a stored
    /// property of `Root`, not a computed one: the layer tables need one).
    static func offset<Value>(of path: WritableKeyPath<Root, Value>) -> Int {
        guard let offset = MemoryLayout<Root>.offset(of: path) else {
            preconditionFailure("\(path) is not a stored property of \(Root.self): the layer tables need one")
        }
        return offset
    }

    /// The value of type `Value` stored at `offset`.
    @inline(__always)
    func load<Value>(_: Value.Type, at offset: Int) -> Value {
        checkAccess(Value.self, at: offset)
        return (base + offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// Assigns `value` to the field of type `Value` at `offset`.
    @inline(__always)
    func store<Value>(_ value: Value, at offset: Int) {
        checkAccess(Value.self, at: offset)
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Asserts that a `Value` at `offset` lies inside the value and is aligned.
    @inline(__always)
    private func checkAccess<Value>(_: Value.Type, at offset: Int) {
        assert(
            offset >= 0 && offset + MemoryLayout<Value>.size <= MemoryLayout<Root>.size,
            "\(Value.self) at \(offset) lies outside \(Root.self) (\(MemoryLayout<Root>.size) bytes)")
        assert(offset % MemoryLayout<Value>.alignment == 0, "\(Value.self) at \(offset) is not aligned")
    }
}

// Copying and comparing `LayerState`s as memory, span by span: the snapshot
// and reused presentation copies, every animated layer every frame. In this
// file, not `+Spans.swift`, so that the address stays private to it: no other
// file can do arithmetic on it.
extension UnsafeLayerStateHandle where Root == LayerState {
    /// Copies the bytes of `spans` from `source`'s value into this one.
    @inline(__always)
    func copyBytes(_ spans: [StateSpan], from source: Self) {
        spans.withUnsafeBufferPointer { copyBytes($0, from: source) }
    }

    /// Copies the bytes of `spans` from `source`'s value into this one: each
    /// must hold plain data only (see the type's invariants).
    @inline(__always)
    func copyBytes(_ spans: UnsafeBufferPointer<StateSpan>, from source: Self) {
        for span in spans {
            checkPlainData(span)
            (base + span.offset).copyMemory(from: source.base + span.offset, byteCount: span.size)
        }
    }

    /// Whether this value and `other` hold the same bytes in every one of `spans`.
    ///
    /// Compared eight bytes at a time, inline: a call to `memcmp` per span
    /// cost more than the comparing, for every animated layer every frame.
    func equalBytes(_ other: Self, in spans: [StateSpan]) -> Bool {
        let x = UnsafeRawPointer(base), y = UnsafeRawPointer(other.base)
        for span in spans {
            checkInside(span)
            var at = span.offset
            let end = at + span.size
            while at + 8 <= end {
                if x.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    != y.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                {
                    return false
                }
                at += 8
            }
            while at < end {
                if x.load(fromByteOffset: at, as: UInt8.self) != y.load(fromByteOffset: at, as: UInt8.self) {
                    return false
                }
                at += 1
            }
        }
        return true
    }

    /// Asserts that `span` lies inside the value.
    @inline(__always)
    private func checkInside(_ span: StateSpan) {
        assert(
            span.offset >= 0 && span.size >= 0 && span.offset + span.size <= MemoryLayout<LayerState>.size,
            "\(span) lies outside LayerState (\(MemoryLayout<LayerState>.size) bytes)")
    }

    /// Asserts that `span` lies inside the value and holds no reference.
    @inline(__always)
    private func checkPlainData(_ span: StateSpan) {
        checkInside(span)
        assert(LayerState.holdsPlainData(span), "\(span) overlaps a field holding references: not copied as bytes")
    }
}
