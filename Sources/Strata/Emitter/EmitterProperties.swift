import Foundation

/// One property of `CAEmitterCell`, by KVC key: its kind and how to read and
/// write it in a cell's stored values.
final class EmitterCellProperty {
    let key: String
    let kind: ValueKind
    let isAnimatable: Bool
    let get: (EmitterCellValues) -> AnimValue
    let set: (inout EmitterCellValues, AnimValue) -> Void
    let box: (AnimValue) -> Any?
    let unbox: (Any?) -> AnimValue?

    init<T>(_ key: String, _ path: WritableKeyPath<EmitterCellValues, T>, _ codec: EmitterPropertyCodec<T>) {
        self.key = key
        kind = codec.kind
        isAnimatable = codec.animatable
        get = { codec.to($0[keyPath: path]) }
        set = { values, value in if let v = codec.from(value) { values[keyPath: path] = v } }
        box = codec.box
        unbox = codec.unbox
    }
}

/// The key-value tables of the emitter classes: the cell's properties, the
/// emitter layer's own, and the `emitterCells.NAME.key` paths that reach a
/// cell's property through its layer (made on demand: names are the user's).
///
/// `nonisolated(unsafe)`: each table is a `let` built once and never mutated;
/// its closures capture only key paths and codecs.
enum EmitterProperties {
    typealias C = EmitterPropertyCodec

    nonisolated(unsafe) static let cell: [String: EmitterCellProperty] = index([
        .init("name", \.name, C<String?>.optionalString),
        .init("enabled", \.isEnabled, C<Bool>.bool),
        .init("birthRate", \.birthRate, C<Float>.float),
        .init("lifetime", \.lifetime, C<Float>.float),
        .init("lifetimeRange", \.lifetimeRange, C<Float>.float),
        .init("emissionLatitude", \.emissionLatitude, C<CGFloat>.number),
        .init("emissionLongitude", \.emissionLongitude, C<CGFloat>.number),
        .init("emissionRange", \.emissionRange, C<CGFloat>.number),
        .init("velocity", \.velocity, C<CGFloat>.number),
        .init("velocityRange", \.velocityRange, C<CGFloat>.number),
        .init("xAcceleration", \.xAcceleration, C<CGFloat>.number),
        .init("yAcceleration", \.yAcceleration, C<CGFloat>.number),
        .init("zAcceleration", \.zAcceleration, C<CGFloat>.number),
        .init("scale", \.scale, C<CGFloat>.number),
        .init("scaleRange", \.scaleRange, C<CGFloat>.number),
        .init("scaleSpeed", \.scaleSpeed, C<CGFloat>.number),
        .init("spin", \.spin, C<CGFloat>.number),
        .init("spinRange", \.spinRange, C<CGFloat>.number),
        .init("color", \.color, C<CGColor?>.color),
        .init("redRange", \.redRange, C<Float>.float),
        .init("greenRange", \.greenRange, C<Float>.float),
        .init("blueRange", \.blueRange, C<Float>.float),
        .init("alphaRange", \.alphaRange, C<Float>.float),
        .init("redSpeed", \.redSpeed, C<Float>.float),
        .init("greenSpeed", \.greenSpeed, C<Float>.float),
        .init("blueSpeed", \.blueSpeed, C<Float>.float),
        .init("alphaSpeed", \.alphaSpeed, C<Float>.float),
        .init("contents", \.contents, C<Any?>.any),
        .init("contentsRect", \.contentsRect, C<CGRect>.rect),
        .init("contentsScale", \.contentsScale, C<CGFloat>.number),
        .init("minificationFilter", \.minificationFilter, C<String>.string),
        .init("magnificationFilter", \.magnificationFilter, C<String>.string),
        .init("minificationFilterBias", \.minificationFilterBias, C<Float>.float),
        .init("beginTime", \.beginTime, C<Double>.time),
        .init("duration", \.duration, C<Double>.time),
        .init("speed", \.speed, C<Float>.timingFloat),
        .init("timeOffset", \.timeOffset, C<Double>.time),
        .init("repeatCount", \.repeatCount, C<Float>.timingFloat),
        .init("repeatDuration", \.repeatDuration, C<Double>.time),
        .init("autoreverses", \.autoreverses, C<Bool>.bool),
        .init("fillMode", \.fillMode, C<CAMediaTimingFillMode>.constant(CAMediaTimingFillMode.self)),
    ])

    nonisolated(unsafe) static let layer: [String: LayerProperty] = Dictionary(
        uniqueKeysWithValues: [
            emitter("birthRate", \.birthRate, \.birthRate, C<Float>.float),
            emitter("lifetime", \.lifetime, \.lifetime, C<Float>.float),
            emitter("emitterPosition", \.emitterPosition, \.emitterPosition, C<CGPoint>.point),
            emitter("emitterZPosition", \.emitterZPosition, \.emitterZPosition, C<CGFloat>.number),
            emitter("emitterSize", \.emitterSize, \.emitterSize, C<CGSize>.size),
            emitter("emitterDepth", \.emitterDepth, \.emitterDepth, C<CGFloat>.number),
            emitter(
                "emitterShape", \.emitterShape, \.emitterShape,
                C<CAEmitterLayerEmitterShape>.constant(CAEmitterLayerEmitterShape.self)),
            emitter(
                "emitterMode", \.emitterMode, \.emitterMode,
                C<CAEmitterLayerEmitterMode>.constant(CAEmitterLayerEmitterMode.self)),
            emitter(
                "renderMode", \.renderMode, \.renderMode,
                C<CAEmitterLayerRenderMode>.constant(CAEmitterLayerRenderMode.self)),
            emitter("preservesDepth", \.preservesDepth, \.preservesDepth, C<Bool>.bool),
            emitter("velocity", \.velocity, \.velocity, C<Float>.float),
            emitter("scale", \.scale, \.scale, C<Float>.float),
            emitter("spin", \.spin, \.spin, C<Float>.float),
            emitter("seed", \.seed, \.seed, C<UInt32>.seed),
            cellsProperty,
        ].map { ($0.key, $0) })

    /// The emitter layer's property for `key`: its own keys, and
    /// `emitterCells.NAME.key` paths to its cells' properties.
    static func named(_ key: String) -> LayerProperty? {
        if let property = layer[key] { return property }
        guard key.hasPrefix("emitterCells.") else { return nil }
        guard let (property, rest) = cellPath(key.split(separator: ".", omittingEmptySubsequences: false)),
            rest.isEmpty
        else { return nil }
        return property
    }

    /// The keys of the layer's emission: an animation of one of them (or of
    /// a cell's key path) changes the particles born while it runs.
    static func isEmissionKeyPath(_ keyPath: String) -> Bool {
        if keyPath.hasPrefix("emitterCells.") { return true }
        let head = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        return head != "emitterCells" && layer[head] != nil
    }

    private static func index(_ list: [EmitterCellProperty]) -> [String: EmitterCellProperty] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0) })
    }

    /// A property of the layer's emission values: stored writes go to the
    /// values, public ones through the layer's setter (actions, history).
    private static func emitter<T>(
        _ key: String, _ path: WritableKeyPath<EmitterLayerValues, T>,
        _ pub: ReferenceWritableKeyPath<CAEmitterLayer, T>,
        _ codec: EmitterPropertyCodec<T>
    ) -> LayerProperty {
        let field = StateField(path)
        return LayerProperty(
            key: key, kind: codec.kind, isAnimatable: codec.animatable,
            get: { codec.to(field.get($0)) },
            setStored: { layer, value in if let v = codec.from(value) { field.set(layer, v) } },
            setPublic: { layer, value in
                // The table is chosen by the layer's class, so this downcast holds.
                if let v = codec.from(value) { unsafeDowncast(layer, to: CAEmitterLayer.self)[keyPath: pub] = v }
            },
            box: codec.box, unbox: codec.unbox)
    }

    /// `emitterCells`: the array itself (discrete).
    nonisolated(unsafe) private static let cellsProperty = LayerProperty(
        key: "emitterCells", kind: .discrete, isAnimatable: false,
        get: { .other(unsafeDowncast($0, to: CAEmitterLayer.self)._emitterCells) },
        setStored: { layer, value in
            if let v = value.otherValue {
                unsafeDowncast(layer, to: CAEmitterLayer.self).attachCells(v as? [CAEmitterCell])
            }
        },
        setPublic: { layer, value in
            if let v = value.otherValue {
                unsafeDowncast(layer, to: CAEmitterLayer.self).emitterCells = v as? [CAEmitterCell]
            }
        },
        box: {
            if let v = $0.otherValue { return v }; return nil
        },
        unbox: { v in v == nil || v is [CAEmitterCell] ? .other(v) : nil })

    /// The property a key path of the form `emitterCells.A(.emitterCells.B)*.key`
    /// names on an emitter layer, and what follows the key (the fields of a
    /// struct value: `emitterCells.A.contentsRect.origin.x`). Nil when
    /// `names` is not such a path.
    ///
    /// The cell is looked up by name each time the property is used, in the
    /// layer it is used on (a presentation copy has copies of the cells).
    static func cellPath(_ names: [Substring]) -> (property: LayerProperty, rest: ArraySlice<Substring>)? {
        var cellNames: [String] = []
        var i = 0
        while i + 2 < names.count, names[i] == "emitterCells" {
            cellNames.append(String(names[i + 1]))
            i += 2
            if let property = cell[String(names[i])] {
                let key = names[...i].joined(separator: ".")
                return (cellProperty(key, path: cellNames, property), names[(i + 1)...])
            }
        }
        return nil
    }

    private static func cellProperty(_ key: String, path: [String], _ p: EmitterCellProperty) -> LayerProperty {
        LayerProperty(
            key: key, kind: p.kind, isAnimatable: p.isAnimatable,
            get: { layer in
                guard let cell = CAEmitterLayer.cell(at: path, in: layer) else { return p.get(EmitterCellValues()) }
                return p.get(cell._values)
            },
            setStored: { layer, value in
                guard let cell = CAEmitterLayer.cell(at: path, in: layer) else { return }
                p.set(&cell._values, value)
            },
            setPublic: { layer, value in
                guard let cell = CAEmitterLayer.cell(at: path, in: layer) else { return }
                TransactionLock.shared.withLock {
                    p.set(&cell._values, value)
                    cell.valuesDidChange()
                }
            },
            box: p.box, unbox: p.unbox)
    }
}
