import Foundation

// Comparing and copying layer states as memory, field by field: padding
// between fields holds whatever was there, so bytes are compared only where
// a field lies (every field of `LayerState` is a key of the property table).
// These are the spans; `UnsafeLayerStateHandle` reads and writes the bytes.
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

    /// Whether `span` lies outside every field holding references: plain
    /// fields and padding only, which may be copied as bytes
    /// (`UnsafeLayerStateHandle` asserts this of every span it copies).
    static func holdsPlainData(_ span: StateSpan) -> Bool {
        !referenceSpans.contains { $0.offset < span.offset + span.size && span.offset < $0.offset + $0.size }
    }

    /// Copies the bytes of `spans` (no references in them) from `source` into `target`.
    static func copyBytes(_ spans: [StateSpan], into target: inout LayerState, from source: inout LayerState) {
        UnsafeLayerStateHandle.withHandle(to: &target) { t in
            UnsafeLayerStateHandle.withHandle(to: &source) { t.copyBytes(spans, from: $0) }
        }
    }

    /// Whether `a` and `b` hold the same bytes in every one of `spans`.
    private static func equalBytes(_ a: inout LayerState, _ b: inout LayerState, in spans: [StateSpan]) -> Bool {
        UnsafeLayerStateHandle.withHandle(to: &a) { x in
            UnsafeLayerStateHandle.withHandle(to: &b) { x.equalBytes($0, in: spans) }
        }
    }
}
