import Foundation
@_spi(Reflection) import Swift
import Testing

@testable import Strata

/// `UnsafeLayerStateHandle`: layer state read, written, copied and compared
/// as bytes, and the invariants it checks in debug builds.
@Suite struct UnsafeLayerStateHandleTests {
    /// The span of `LayerState`'s stored field `path`.
    func span<V>(_ path: WritableKeyPath<LayerState, V>) -> StateSpan {
        StateSpan(offset: UnsafeLayerStateHandle<LayerState>.offset(of: path), size: MemoryLayout<V>.size)
    }

    /// Every stored field of `LayerState`, found by the runtime's reflection
    /// (not the property table): its name, span and whether it is plain data.
    func reflectedFields() -> [(name: String, span: StateSpan, isPlain: Bool)] {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        func isPlain<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        var fields: [(name: String, span: StateSpan, isPlain: Bool)] = []
        _ = _forEachField(of: LayerState.self, options: []) { name, offset, type, _ in
            let span = StateSpan(offset: offset, size: _openExistential(type, do: size))
            fields.append((String(cString: name), span, _openExistential(type, do: isPlain)))
            return true
        }
        return fields
    }

    @Test func typedLoadsAndStoresReachTheFieldsInPlace() {
        let layer = CALayer()
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let opacity = span(\.opacity).offset, background = span(\.backgroundColor).offset
        UnsafeLayerStateHandle.withHandle(to: &layer._state) { state in
            state.store(Float(0.25), at: opacity)
            // A reference is stored as an assignment: retained by the state.
            state.store(Optional(color), at: background)
        }
        #expect(layer.opacity == 0.25)
        #expect(layer.backgroundColor === color)
        // Retained by the state, not just copied as bytes: it outlives the test's own reference.
        weak var stored: CGColor?
        do {
            let transient = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            stored = transient
            UnsafeLayerStateHandle.withHandle(to: &layer._state) { $0.store(Optional(transient), at: background) }
        }
        #expect(stored != nil)
        #expect(layer.backgroundColor === stored)
        let read = UnsafeLayerStateHandle<LayerState>.withHandle(in: layer) { $0.load(Float.self, at: opacity) }
        #expect(read == 0.25)
        // A subclass's payload is reached the same way.
        let shape = CAShapeLayer()
        shape.lineWidth = 3
        let lineWidth = UnsafeLayerStateHandle<ShapeLayerState>.offset(of: \.lineWidth)
        #expect(
            UnsafeLayerStateHandle<ShapeLayerState>.withHandle(in: shape) { $0.load(CGFloat.self, at: lineWidth) } == 3)
    }

    /// The spans animations write (copied as bytes into reused presentation
    /// copies and snapshot nodes) and the numbers plans write hold plain data.
    @Test func theSpansAnimationsWriteArePlainData() {
        let table = LayerPropertyTable.layer.values
        let written = table.compactMap(\.stateSpan)
        #expect(!written.isEmpty)
        #expect(written.allSatisfy(LayerState.holdsPlainData))
        #expect(LayerState.nonReferenceSpans.allSatisfy(LayerState.holdsPlainData))
        #expect(!LayerState.holdsPlainData(span(\.backgroundColor)))
        #expect(!LayerState.holdsPlainData(span(\.contents)))
        for property in table {
            guard let number = property.stateNumber else { continue }
            // A number (or Bool) field lies in the span of its property, which is plain data.
            let (offset, size): (Int, Int) =
                switch number {
                case .cgFloat(let offset): (offset, MemoryLayout<CGFloat>.size)
                case .float(let offset): (offset, MemoryLayout<Float>.size)
                case .double(let offset): (offset, MemoryLayout<Double>.size)
                case .bool(let offset): (offset, MemoryLayout<Bool>.size)
                case .transformComponent(let offset, _): (offset, MemoryLayout<CATransform3D>.size)
                }
            #expect(property.stateSpan == StateSpan(offset: offset, size: size), "\(property.key)")
        }
    }

    /// What the handle's debug check trusts, checked against the runtime's own
    /// account of `LayerState`: every field that is not plain data (a
    /// reference, an existential, an array) lies in `referenceSpans`.
    @Test func theReferenceSpansCoverEveryFieldThatIsNotPlainData() {
        let fields = reflectedFields()
        #expect(fields.count == Mirror(reflecting: LayerState()).children.count)
        for field in fields {
            #expect(LayerState.holdsPlainData(field.span) == field.isPlain, "\(field.name)")
        }
    }

    @Test func copyingSpansMakesStatesEqual() {
        let color = CGColor(gray: 0.5, alpha: 1)
        var source = LayerState(), target = LayerState()
        source.backgroundColor = color
        target.backgroundColor = color
        source.opacity = 0.5
        source.cornerRadius = 7
        source.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        source.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        source.masksToBounds = true
        #expect(!LayerState.sameFields(&target, &source))
        // The references are the same: only plain data is copied, and then every field is.
        #expect(LayerState.assignPlainData(&target, from: &source))
        #expect(LayerState.sameFields(&target, &source))
        #expect(target.transform == source.transform && target.bounds == source.bounds && target.masksToBounds)
        // A list of spans copies those fields alone.
        source.opacity = 0.75
        source.cornerRadius = 9
        LayerState.copyBytes([span(\.opacity)], into: &target, from: &source)
        #expect(target.opacity == 0.75 && target.cornerRadius == 7)
        #expect(!LayerState.sameFields(&target, &source))
        // Different references: nothing is copied as bytes.
        source.backgroundColor = CGColor(gray: 0.25, alpha: 1)
        #expect(!LayerState.assignPlainData(&target, from: &source))
        #expect(target.backgroundColor === color && target.cornerRadius == 7)
    }

    #if DEBUG
        /// What a child process of an exit test wrote to its standard error.
        func said(_ result: ExitTest.Result?) -> String {
            result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        }

        // The checks are asserts: debug builds stop on them, release builds do
        // not check. Each stop is looked for by its message, so that a crash
        // of another kind does not pass for it.
        @Test func debugBuildsStopOnAccessesThatBreakTheInvariants() async {
            // Copying a reference's bytes (here the same object's, so that only the check can stop it).
            let reference = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let color = CGColor(gray: 0, alpha: 1)
                var a = LayerState(), b = LayerState()
                a.backgroundColor = color
                b.backgroundColor = color
                let offset = UnsafeLayerStateHandle<LayerState>.offset(of: \.backgroundColor)
                LayerState.copyBytes([StateSpan(offset: offset, size: 8)], into: &b, from: &a)
            }
            #expect(said(reference).contains("overlaps a field holding references"))
            let pastTheEnd = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var a = LayerState(), b = LayerState()
                LayerState.copyBytes([StateSpan(offset: MemoryLayout<LayerState>.size, size: 1)], into: &b, from: &a)
            }
            #expect(said(pastTheEnd).contains("lies outside LayerState"))
            let loadPastTheEnd = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var a = LayerState()
                let end = MemoryLayout<LayerState>.size
                _ = UnsafeLayerStateHandle.withHandle(to: &a) { $0.load(Double.self, at: end) }
            }
            #expect(said(loadPastTheEnd).contains("lies outside LayerState"))
            let misaligned = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var a = LayerState()
                let opacity = UnsafeLayerStateHandle<LayerState>.offset(of: \.opacity)
                UnsafeLayerStateHandle.withHandle(to: &a) { $0.store(Double(1), at: opacity + 1) }
            }
            #expect(said(misaligned).contains("is not aligned"))
        }
    #endif
}
