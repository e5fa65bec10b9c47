import Foundation
import Strata

extension SceneTransaction {
    /// A timeline entry's fields and their JSON Schemas: the reader accepts
    /// exactly these names, and ``SceneSchema`` lists them (with `set`'s keys
    /// and values per key path).
    static let fields: KeyValuePairs<String, JSONValue> = [
        "at": JSONSchema.described(JSONSchema.nonNegative, "scene time, seconds"),
        "disableActions": JSONSchema.bool,
        "duration": JSONSchema.described(JSONSchema.nonNegative, "of the implicit animations; default 0.25"),
        "timingFunction": SceneValueDecoder.Schemas.timingFunction,
        "set": JSONSchema.described(setSchema, "\"layerName.keyPath\": value, applied in order"),
    ]

    /// `set`: keys `layerName.keyPath` for every key path a layer can have, each
    /// value as that key path reads it. (Which layer a name is, and so its type,
    /// only the reader knows.)
    static var setSchema: JSONValue {
        let keyPaths = SceneValueDecoder.keyPaths(for: nil)
        let name = "^[^.]+\\."
        var patterns = keyPaths.map { keyPath in
            (
                name + JSONSchema.escapedPattern(keyPath) + "$",
                SceneValueDecoder.keyPathSchema(keyPath) ?? JSONSchema.any
            )
        }
        // An emitter's cells by name: `layer.emitterCells.NAME.field`.
        let cells = "emitterCells\\.[^.]+(\\.emitterCells\\.[^.]+)*\\."
        patterns += SceneEmitterCells.fields.filter { $0.name != "name" }.map {
            (name + cells + $0.name + "$", $0.schema)
        }
        let alternatives = keyPaths.map(JSONSchema.escapedPattern) + [SceneEmitterCells.keyPathPattern]
        return JSONSchema.object([
            ("type", .string("object")),
            (
                "propertyNames",
                JSONSchema.object([
                    ("pattern", .string(name + "(" + alternatives.joined(separator: "|") + ")$"))
                ])
            ),
            ("patternProperties", JSONSchema.object(patterns)),
        ])
    }

    /// Reads one timeline entry; every `set` key must name a layer and a key path it has.
    static func read(_ json: JSONValue, at path: String, reader: SceneReader) throws(SceneError) -> SceneTransaction {
        typealias D = SceneValueDecoder
        let object = try D.object(json, at: path)
        guard let atJSON = object["at"] else { throw .missingField("at", at: path) }
        var t = SceneTransaction(at: try D.nonNegative(atJSON, at: path + ".at"), path: path)
        for member in object.members {
            guard fields.contains(where: { $0.key == member.key }) else { throw .unknownField(member.key, at: path) }
            let p = JSONParser.append(key: member.key, to: path)
            switch member.key {
            case "at": continue
            case "disableActions": t.disableActions = try D.bool(member.value, at: p)
            case "duration": t.duration = try D.nonNegative(member.value, at: p)
            case "timingFunction": t.timingFunction = try D.timingFunction(member.value, at: p)
            case "set":
                for change in try D.object(member.value, at: p).members {
                    let changePath = JSONParser.append(key: change.key, to: p)
                    guard let dot = change.key.firstIndex(of: "."), dot != change.key.startIndex,
                        change.key.index(after: dot) != change.key.endIndex
                    else {
                        throw SceneError(path: changePath, reason: "expected a key \"layerName.keyPath\"")
                    }
                    let name = String(change.key[..<dot])
                    let keyPath = String(change.key[change.key.index(after: dot)...])
                    guard let layer = reader.layersByName[name] else { throw .unknownLayer(name, at: changePath) }
                    guard !reader.ambiguousNames.contains(name) else { throw .ambiguousLayer(name, at: changePath) }
                    let type = SceneLayerType(of: layer)
                    guard D.isKnownKeyPath(keyPath, for: type) else {
                        throw .unknownKeyPath(keyPath, type: type.rawValue, at: changePath)
                    }
                    _ = try D.decodeValue(
                        change.value, forKeyPath: keyPath, of: type, at: changePath, images: reader.images)
                    t.set.append(Change(target: name, keyPath: keyPath, value: change.value, path: changePath))
                }
            default:
                throw .unknownField(member.key, at: path)
            }
        }
        return t
    }

    /// The entry as scene JSON (keys sorted, `set` in its own order, defaults left out).
    func json() throws(SceneError) -> JSONValue {
        var m: [(String, JSONValue)] = [("at", try finiteJSON(at, at: path + ".at"))]
        if disableActions { m.append(("disableActions", .bool(true))) }
        if duration != 0.25 { m.append(("duration", try finiteJSON(duration, at: path + ".duration"))) }
        if timingFunction != .default { m.append(("timingFunction", timingFunction.json)) }
        if !set.isEmpty {
            // `set` keeps its order: changes apply in file order.
            var keys: Set<String> = []
            var changes: [JSONObject.Member] = []
            for change in set {
                let key = change.target + "." + change.keyPath
                guard keys.insert(key).inserted else {
                    throw SceneError(path: path + ".set", reason: "\(SceneError.quoted(key)) is set twice")
                }
                try change.value.checkFinite(at: change.path)
                changes.append(JSONObject.Member(key: key, value: change.value.sortedByKey()))
            }
            m.append(("set", .object(JSONObject(uniqueMembers: changes))))
        }
        return .object(JSONObject(m).sortedByKey())
    }
}
