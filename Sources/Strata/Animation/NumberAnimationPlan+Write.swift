import Foundation

extension NumberAnimationPlan {
    /// Where a step writes its numbers in a `LayerState`'s plain bytes, and
    /// how: as the key path's stored setter writes the value the evaluator
    /// makes of them.
    enum Write {
        /// One number (or Bool) field.
        case number(StateNumberField)
        /// A point, size or rectangle: `count` `CGFloat`s from `offset`, one per number.
        case cgFloats(offset: Int, count: Int)
        /// The stored transform at `offset`: the matrix `function` makes of
        /// the numbers; `additive`, that matrix concatenated with the one there.
        case matrix(offset: Int, function: ValueFunctionKind, additive: Bool)
        /// A field of a shape layer's content, not of `LayerState` (see `Step.writeSampled(into:)`).
        case shape(ShapeContentField)
        /// A field of a gradient layer's content, from values (see `Step.writeSampled(into:)`).
        case gradient(GradientContentField)
        /// A whole transform or colour of `LayerState`, from values that are
        /// no numbers (see `Step.writeSampled(into:)`).
        case value(StateValueField)

        /// Whether the write takes values that are no numbers (`Numbers.values` or `.ends`).
        var writesValues: Bool {
            switch self {
            case .value: true
            case .shape(let field): !field.isNumber
            case .gradient: true
            default: false
            }
        }

        /// How many numbers the field holds when a step can add to them or
        /// take an end from them (a plain number field: 1; a point or size:
        /// 2; a rectangle: 4); nil for any other write.
        var laneCount: Int? {
            switch self {
            case .number(let field): field.isPlainNumber ? 1 : nil
            case .cgFloats(_, let count): count
            default: nil
            }
        }

        /// The numbers a `laneCount` write's field holds in `state`: the value beneath.
        @inline(__always)
        func lanes(in state: UnsafeLayerStateHandle<LayerState>) -> SIMD4<Double> {
            var lanes = SIMD4<Double>()
            switch self {
            case .number(let field): lanes[0] = field.plainNumber(in: state) ?? 0
            case .cgFloats(let offset, let count):
                for k in 0..<count {
                    lanes[k] = Double(state.load(CGFloat.self, at: offset + k * MemoryLayout<CGFloat>.stride))
                }
            default: preconditionFailure("\(self) holds no numbers to read")
            }
            return lanes
        }

        /// The `LayerState` bytes the write changes (nil: none).
        var stateSpan: StateSpan? {
            switch self {
            case .number(let field): field.span
            case .cgFloats(let offset, let count): StateSpan(offset: offset, size: count * MemoryLayout<CGFloat>.stride)
            case .matrix(let offset, _, _): StateSpan(offset: offset, size: MemoryLayout<CATransform3D>.size)
            case .value(let field): field.span
            case .shape, .gradient: nil
            }
        }

        /// Writes `numbers` (`count` of them used) as the field's value.
        @inline(__always)
        func store(
            _ numbers: SIMD4<Double>, count: Int, into state: UnsafeLayerStateHandle<LayerState>,
            memo: inout DecompositionMemo
        ) {
            switch self {
            case .number(let field): field.write(numbers[0], into: state, memo: &memo)
            case .cgFloats(let offset, let n):
                for k in 0..<n { state.store(CGFloat(numbers[k]), at: offset + k * MemoryLayout<CGFloat>.stride) }
            case .matrix(let offset, let function, let additive):
                let matrix = function.matrix(count: count) { numbers[$0] }
                // As `AnimValue.add`: the animation's matrix first, then the one beneath.
                state.store(
                    additive ? matrix.concatenating(state.load(CATransform3D.self, at: offset)) : matrix, at: offset)
            case .shape, .gradient, .value: preconditionFailure("\(self) writes no numbers")
            }
        }

        /// The field's value in `state` as the key path's getter reads it from
        /// a copy (`AnimationTarget.get`), for an `.evaluated` step: of
        /// `kind` for a point, size or rectangle. Nil for a write it cannot read.
        @inline(__always)
        func value(
            in state: UnsafeLayerStateHandle<LayerState>, kind: ValueKind, memo: inout DecompositionMemo
        ) -> AnimValue? {
            switch self {
            case .value(let field): return field.load(from: state)
            case .number(.transformComponent(let offset, let component)):
                return memo.value(of: component, in: state.load(CATransform3D.self, at: offset))
            case .number(let field): return field.plainNumber(in: state).map { .number($0) }
            case .cgFloats(_, let count):
                let l = lanes(in: state)
                switch (kind, count) {
                case (.point, 2): return .point(CGPoint(x: l[0], y: l[1]))
                case (.size, 2): return .size(CGSize(width: l[0], height: l[1]))
                case (.rect, 4): return .rect(CGRect(x: l[0], y: l[1], width: l[2], height: l[3]))
                default: return nil
                }
            case .matrix, .shape, .gradient: return nil
            }
        }

        /// Writes `value` as the key path's setter writes it into a copy
        /// (`AnimationTarget.set`), for an `.evaluated` step (a value of
        /// another kind than the field's writes nothing, as the setter).
        @inline(__always)
        func store(_ value: AnimValue, into state: UnsafeLayerStateHandle<LayerState>, memo: inout DecompositionMemo) {
            switch (self, value) {
            case (.value(let field), _): field.store(value, into: state)
            case (.number(let field), .number(let x)): field.write(x, into: state, memo: &memo)
            case (.cgFloats(let offset, 2), .point(let p)): storeCGFloats(p.x, p.y, at: offset, into: state)
            case (.cgFloats(let offset, 2), .size(let s)): storeCGFloats(s.width, s.height, at: offset, into: state)
            case (.cgFloats(let offset, 4), .rect(let r)):
                storeCGFloats(r.origin.x, r.origin.y, at: offset, into: state)
                storeCGFloats(r.width, r.height, at: offset + 2 * MemoryLayout<CGFloat>.stride, into: state)
            default: break
            }
        }

        @inline(__always)
        private func storeCGFloats(
            _ a: CGFloat, _ b: CGFloat, at offset: Int, into state: UnsafeLayerStateHandle<LayerState>
        ) {
            state.store(a, at: offset)
            state.store(b, at: offset + MemoryLayout<CGFloat>.stride)
        }

        /// Puts `model`'s value of the field back into `state`.
        @inline(__always)
        func restore(into state: UnsafeLayerStateHandle<LayerState>, from model: UnsafeLayerStateHandle<LayerState>) {
            switch self {
            case .number(let field): field.restore(into: state, from: model)
            case .cgFloats(let offset, let count):
                for k in 0..<count {
                    let at = offset + k * MemoryLayout<CGFloat>.stride
                    state.store(model.load(CGFloat.self, at: at), at: at)
                }
            case .matrix(let offset, _, _): state.store(model.load(CATransform3D.self, at: offset), at: offset)
            case .value(let field): field.restore(into: state, from: model)
            case .shape, .gradient: preconditionFailure("a content write among a plan's state steps")
            }
        }

        /// Puts `model`'s value of a `.shape` write's field back into `content`.
        @inline(__always)
        func restoreShape(into content: inout ShapeContent, from model: CAShapeLayer) {
            guard case .shape(let field) = self else { return }
            field.restore(into: &content, from: model)
        }

        /// Puts `model`'s value of a `.gradient` write's field back into `content`.
        func restoreGradient(into content: inout GradientContent, from model: CAGradientLayer) {
            guard case .gradient(let field) = self else { return }
            field.restore(into: &content, from: model)
        }

        /// Whether the write is into a layer's content (a shape's or a gradient's), not its state.
        var writesContent: Bool {
            switch self {
            case .shape, .gradient: true
            default: false
            }
        }
    }
}
