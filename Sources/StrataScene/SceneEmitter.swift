import Foundation
import Strata

// The scene format's `emitterLayer`: its emission fields (in `SceneField.all`)
// and its `emitterCells`, read and written here with their own field table.

extension SceneKinds {
    private typealias D = SceneValueDecoder
    private typealias S = JSONSchema

    // `float` and `seconds` are shared with the replicator fields (SceneKind.swift).

    /// A number ≥ 0, held as a `Float`.
    static let nonNegativeFloat = SceneKind<Float>(
        decode: { j, p throws(SceneError) in Float(try D.nonNegative(j, at: p)) }, encode: float.encode,
        schema: S.nonNegative)

    /// Seconds ≥ 0.
    static let nonNegativeSeconds = SceneKind<Double>(
        decode: { j, p throws(SceneError) in Double(try D.nonNegative(j, at: p)) }, encode: seconds.encode,
        schema: S.nonNegative)

    /// An angle (or an angular speed): degrees in the file, radians in Swift.
    static let angle = SceneKind<CGFloat>(
        decode: { j, p throws(SceneError) in D.radians(try D.number(j, at: p)) },
        encode: { v, p throws(SceneError) in try finiteJSON(v * 180 / .pi, at: p) },
        schema: D.Schemas.angle)

    /// An emitter's seed: a whole number in 0...4294967295.
    static let seed = SceneKind<UInt32>(
        decode: { j, p throws(SceneError) in
            let n = try D.number(j, at: p)
            guard n == n.rounded(), n >= 0, n <= CGFloat(UInt32.max) else {
                throw SceneError(
                    path: p, reason: "expected a whole number in 0...4294967295, got \(JSONValue.format(n))")
            }
            return UInt32(n)
        },
        encode: { v, _ in .number(CGFloat(v)) },
        schema: S.object([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(4_294_967_295))]))
}

extension SceneField {
    /// The fields of `emitterLayer` (its cells are read by the scene reader, see ``SceneEmitterCells``).
    static var emitterFields: [SceneField] {
        typealias K = SceneKinds
        let t = SceneLayerType.emitterLayer
        return [
            make("emitterPosition", t, K.point, \CAEmitterLayer._emitter.emitterPosition, shape: .point),
            make("emitterZPosition", t, K.number, \CAEmitterLayer._emitter.emitterZPosition),
            make("emitterSize", t, K.size, \CAEmitterLayer._emitter.emitterSize, shape: .size),
            make("emitterDepth", t, K.number, \CAEmitterLayer._emitter.emitterDepth),
            make(
                "emitterShape", t,
                K.choice([
                    "point": CAEmitterLayerEmitterShape.point, "line": .line, "rectangle": .rectangle,
                    "cuboid": .cuboid, "circle": .circle, "sphere": .sphere,
                ]),
                \CAEmitterLayer._emitter.emitterShape),
            make(
                "emitterMode", t,
                K.choice([
                    "points": CAEmitterLayerEmitterMode.points, "outline": .outline, "surface": .surface,
                    "volume": .volume,
                ]),
                \CAEmitterLayer._emitter.emitterMode),
            make(
                "renderMode", t,
                K.choice([
                    "unordered": CAEmitterLayerRenderMode.unordered, "oldestFirst": .oldestFirst,
                    "oldestLast": .oldestLast, "backToFront": .backToFront, "additive": .additive,
                ]),
                \CAEmitterLayer._emitter.renderMode),
            make("preservesDepth", t, K.bool, \CAEmitterLayer._emitter.preservesDepth),
            make("birthRate", t, K.float, \CAEmitterLayer._emitter.birthRate),
            make("lifetime", t, K.float, \CAEmitterLayer._emitter.lifetime),
            make("velocity", t, K.float, \CAEmitterLayer._emitter.velocity),
            make("scale", t, K.float, \CAEmitterLayer._emitter.scale),
            make("spin", t, K.float, \CAEmitterLayer._emitter.spin),
            make("seed", t, K.seed, \CAEmitterLayer._emitter.seed),
        ]
    }
}

/// One field of an emitter cell in a scene file.
struct SceneCellField: Sendable {
    let name: String
    let read: @Sendable (inout EmitterCellValues, JSONValue, String) throws(SceneError) -> Void
    /// The field's JSON, or nil when it equals the default.
    let write: @Sendable (EmitterCellValues, String) throws(SceneError) -> JSONValue?
    /// JSON to the value the cell property holds, boxed (timeline `set`s and animations).
    let decode: @Sendable (JSONValue, String) throws(SceneError) -> Any
    let schema: JSONValue

    static func make<V>(
        _ name: String, _ kind: SceneKind<V>,
        _ path: WritableKeyPath<EmitterCellValues, V> & Sendable
    ) -> SceneCellField {
        SceneCellField(
            name: name,
            read: { values, json, p throws(SceneError) in values[keyPath: path] = try kind.decode(json, p) },
            write: { values, p throws(SceneError) in
                let value = values[keyPath: path]
                if kind.equal(value, EmitterCellValues()[keyPath: path]) { return nil }
                return try kind.encode(value, p)
            },
            decode: { json, p throws(SceneError) in kind.boxed(try kind.decode(json, p)) },
            schema: kind.schema)
    }
}

/// Reading, writing and describing `emitterCells` arrays.
enum SceneEmitterCells {
    /// Sub-cells nest at most this deep (as the simulation follows them).
    static let maximumDepth = EmitterSimulation.maximumCellDepth
    /// At most this many cells in one scene.
    static let maximumCount = 10_000

    /// The value fields of a cell, in the order the format lists them
    /// (`name`, `contents` and `emitterCells` are read by the reader itself).
    static let fields: [SceneCellField] = {
        typealias K = SceneKinds
        typealias F = SceneCellField
        return [
            F.make("name", K.string, \.name),
            F.make("enabled", K.bool, \.isEnabled),
            F.make("birthRate", K.float, \.birthRate),
            F.make("lifetime", K.float, \.lifetime),
            F.make("lifetimeRange", K.float, \.lifetimeRange),
            F.make("velocity", K.number, \.velocity),
            F.make("velocityRange", K.number, \.velocityRange),
            F.make("xAcceleration", K.number, \.xAcceleration),
            F.make("yAcceleration", K.number, \.yAcceleration),
            F.make("zAcceleration", K.number, \.zAcceleration),
            F.make("emissionLatitude", K.angle, \.emissionLatitude),
            F.make("emissionLongitude", K.angle, \.emissionLongitude),
            F.make("emissionRange", K.angle, \.emissionRange),
            F.make("spin", K.angle, \.spin),
            F.make("spinRange", K.angle, \.spinRange),
            F.make("scale", K.number, \.scale),
            F.make("scaleRange", K.number, \.scaleRange),
            F.make("scaleSpeed", K.number, \.scaleSpeed),
            F.make("color", K.color, \.color),
            F.make("redRange", K.float, \.redRange),
            F.make("greenRange", K.float, \.greenRange),
            F.make("blueRange", K.float, \.blueRange),
            F.make("alphaRange", K.float, \.alphaRange),
            F.make("redSpeed", K.float, \.redSpeed),
            F.make("greenSpeed", K.float, \.greenSpeed),
            F.make("blueSpeed", K.float, \.blueSpeed),
            F.make("alphaSpeed", K.float, \.alphaSpeed),
            F.make("contentsRect", K.rect, \.contentsRect),
            F.make("contentsScale", K.positive, \.contentsScale),
            F.make("beginTime", K.seconds, \.beginTime),
            F.make("duration", K.nonNegativeSeconds, \.duration),
            F.make("speed", K.nonNegativeFloat, \.speed),
        ]
    }()

    static let byName: [String: SceneCellField] = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })

    /// The fields of a cell object, value fields and structural ones, with their schemas.
    static var schema: JSONValue {
        JSONSchema.closedObject(
            fields.map { ($0.name, $0.schema) }
                + [
                    ("contents", SceneValueDecoder.Schemas.image),
                    ("emitterCells", JSONSchema.array(of: JSONSchema.ref("emitterCell"))),
                ],
            description: "A CAEmitterCell: angles (and spin, per second) in degrees; sub-cells in emitterCells.")
    }

    /// Reads an `emitterCells` array at `path`; `count` counts the scene's cells so far.
    static func read(
        _ json: JSONValue, at path: String, depth: Int = 1, count: inout Int,
        images: SceneImageTable
    ) throws(SceneError) -> [CAEmitterCell] {
        guard depth <= maximumDepth else {
            throw SceneError(path: path, reason: "emitter cells nest deeper than \(maximumDepth)")
        }
        var cells: [CAEmitterCell] = []
        for (k, item) in try SceneValueDecoder.array(json, at: path).enumerated() {
            let cellPath = "\(path)[\(k)]"
            count += 1
            guard count <= maximumCount else {
                throw SceneError(path: cellPath, reason: "the scene has more than \(maximumCount) emitter cells")
            }
            let object = try SceneValueDecoder.object(item, at: cellPath)
            let cell = CAEmitterCell()
            for member in object.members {
                let fieldPath = JSONParser.append(key: member.key, to: cellPath)
                switch member.key {
                case "contents":
                    cell._values.contents = try images.image(member.value, at: fieldPath)
                case "emitterCells":
                    let subs = try read(member.value, at: fieldPath, depth: depth + 1, count: &count, images: images)
                    for sub in subs { sub._owners.append(WeakEmitterOwner(cell)) }
                    cell._emitterCells = subs
                default:
                    guard let field = byName[member.key] else { throw .unknownField(member.key, at: cellPath) }
                    try field.read(&cell._values, member.value, fieldPath)
                }
            }
            cells.append(cell)
        }
        return cells
    }

    /// `cells` as JSON: only fields that differ from a new cell's.
    static func write(
        _ cells: [CAEmitterCell], at path: String, depth: Int = 1,
        images: SceneImageTable
    ) throws(SceneError) -> JSONValue {
        guard depth <= maximumDepth else {
            throw SceneError(path: path, reason: "emitter cells nest deeper than \(maximumDepth)")
        }
        var out: [JSONValue] = []
        for (k, cell) in cells.enumerated() {
            let cellPath = "\(path)[\(k)]"
            var m: [(String, JSONValue)] = []
            for field in fields {
                if let value = try field.write(cell._values, JSONParser.append(key: field.name, to: cellPath)) {
                    m.append((field.name, value))
                }
            }
            if let contents = cell._values.contents {
                guard let image = contents as? CGImage else {
                    throw SceneError(
                        path: cellPath + ".contents",
                        reason: "only CGImage contents can be written, not \(type(of: contents))")
                }
                guard let file = images.file(of: image) else {
                    throw SceneError(
                        path: cellPath + ".contents",
                        reason: "the image \(SceneError.quoted(image.label)) has no file name "
                            + "(see Scene.setImageFile(_:for:))"
                    )
                }
                m.append(("contents", .object(JSONObject([("image", .string(file))]))))
            }
            if let subs = cell._emitterCells, !subs.isEmpty {
                m.append(
                    (
                        "emitterCells",
                        try write(
                            subs, at: cellPath + ".emitterCells", depth: depth + 1,
                            images: images)
                    ))
            }
            out.append(.object(JSONObject(m).sortedByKey()))
        }
        return .array(out)
    }

    /// The decoder of `emitterCells.NAME(.emitterCells.NAME)*.field` key paths
    /// (timeline `set`s and animations of emitter layers), nil for other key paths.
    static func keyPathDecoder(_ keyPath: String) -> (@Sendable (JSONValue, String) throws(SceneError) -> Any)? {
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        var i = 0
        while i + 2 < names.count, names[i] == "emitterCells", !names[i + 1].isEmpty {
            i += 2
            if i == names.count - 1, let field = byName[String(names[i])], field.name != "name" {
                return field.decode
            }
        }
        return nil
    }

    /// The pattern of the cell key paths in a timeline `set` key (`layer.emitterCells.NAME.field`).
    static var keyPathPattern: String {
        "emitterCells\\.[^.]+(\\.emitterCells\\.[^.]+)*\\.("
            + fields.filter { $0.name != "name" }.map(\.name).joined(separator: "|") + ")"
    }
}
