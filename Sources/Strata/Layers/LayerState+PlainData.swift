import Foundation

// Comparing and copying layer states as memory, field by field: padding
// between fields holds whatever was there, so bytes are compared only where
// a field lies (every field of `LayerState` is a key of the property table).
extension LayerState {
    /// The bytes of every field, adjacent ones merged, in order.
    static let fieldSpans = merged(LayerPropertyTable.layer.values.compactMap(\.fieldSpan))
    /// The bytes of the fields that hold references (not plain data).
    static let referenceSpans = merged(
        LayerPropertyTable.layer.values.compactMap { p in
            p.stateSpan == nil ? p.fieldSpan : nil
        })
    /// Every byte outside `referenceSpans`, padding included: what
    /// `assignPlainData` copies (padding along costs nothing and makes fewer, longer copies).
    static let nonReferenceSpans: [StateSpan] = {
        var spans: [StateSpan] = [], at = 0
        for span in referenceSpans {
            if span.offset > at { spans.append(StateSpan(offset: at, size: span.offset - at)) }
            at = span.offset + span.size
        }
        let size = MemoryLayout<LayerState>.size
        if size > at { spans.append(StateSpan(offset: at, size: size - at)) }
        return spans
    }()

    /// The names of the fields that only place the layer in its superlayer:
    /// changing them moves the layer without changing how it looks in its plane.
    static let placementFieldNames: Set<String> = ["position", "zPosition", "anchorPoint", "anchorPointZ", "transform"]
    /// The bytes of the placement fields.
    static let placementSpans = merged(
        LayerPropertyTable.layer.compactMap { name, p in
            placementFieldNames.contains(name) ? p.fieldSpan : nil
        })
    /// The bytes of every other field.
    static let lookFieldSpans = merged(
        LayerPropertyTable.layer.compactMap { name, p in
            placementFieldNames.contains(name) ? nil : p.fieldSpan
        })

    /// Whether every field of `a` and `b` but the placement ones holds the same bytes.
    static func sameLook(_ a: inout LayerState, _ b: inout LayerState) -> Bool {
        equalBytes(&a, &b, in: lookFieldSpans)
    }

    /// Whether every byte of `spans` lies in a placement field.
    static func placesOnly(_ spans: [StateSpan]) -> Bool {
        spans.allSatisfy { span in
            placementSpans.contains { $0.offset <= span.offset && span.offset + span.size <= $0.offset + $0.size }
        }
    }

    /// `spans` sorted, those that touch or overlap merged.
    private static func merged(_ spans: [StateSpan]) -> [StateSpan] {
        var out: [StateSpan] = []
        for span in spans.sorted(by: { $0.offset < $1.offset }) {
            if let last = out.last, span.offset <= last.offset + last.size {
                let end = max(last.offset + last.size, span.offset + span.size)
                out[out.count - 1] = StateSpan(offset: last.offset, size: end - last.offset)
            } else {
                out.append(span)
            }
        }
        return out
    }

    /// Whether every field of `a` and `b` holds the same bytes: the same
    /// values and the same objects (equal values in other objects differ).
    static func sameFields(_ a: inout LayerState, _ b: inout LayerState) -> Bool {
        equalBytes(&a, &b, in: fieldSpans)
    }

    /// Makes `target` hold `source`'s values by copying only plain-data bytes,
    /// when every field holding references already is the same: no retains
    /// and releases. Returns false, copying nothing, otherwise.
    static func assignPlainData(_ target: inout LayerState, from source: inout LayerState) -> Bool {
        guard equalBytes(&target, &source, in: referenceSpans) else { return false }
        copyBytes(nonReferenceSpans, into: &target, from: &source)
        return true
    }

    /// Copies the bytes of `list` (no references in them) from `source` into `target`.
    @inline(__always)
    static func copyBytes(_ list: StateSpanList, into target: inout LayerState, from source: inout LayerState) {
        copyBytes(list.spans, into: &target, from: &source)
    }

    /// Copies the bytes of `spans` (no references in them) from `source` into `target`.
    static func copyBytes(_ spans: [StateSpan], into target: inout LayerState, from source: inout LayerState) {
        spans.withUnsafeBufferPointer { copyBytes($0, into: &target, from: &source) }
    }

    @inline(__always)
    private static func copyBytes(
        _ spans: UnsafeBufferPointer<StateSpan>, into target: inout LayerState,
        from source: inout LayerState
    ) {
        withUnsafeMutableBytes(of: &target) { t in
            withUnsafeBytes(of: &source) { s in
                for span in spans {
                    (t.baseAddress! + span.offset).copyMemory(from: s.baseAddress! + span.offset, byteCount: span.size)
                }
            }
        }
    }

    /// Compared eight bytes at a time, inline: a call to `memcmp` per span
    /// cost more than the comparing, for every animated layer every frame.
    private static func equalBytes(_ a: inout LayerState, _ b: inout LayerState, in spans: [StateSpan]) -> Bool {
        withUnsafeBytes(of: &a) { pa in
            withUnsafeBytes(of: &b) { pb in
                let x = pa.baseAddress!, y = pb.baseAddress!
                for span in spans {
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
        }
    }
}
