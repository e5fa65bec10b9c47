import Foundation
import Strata

/// The JSON Schema (draft-07) of scene files, made from the tables the reader
/// reads with: the top-level fields (`SceneReader.topLevelFields`), every layer
/// field and its kind of value (`SceneField`), the animation and timeline fields
/// (`SceneAnimation.fields`, `SceneTransaction.fields`) and the key paths they
/// may name (`SceneValueDecoder.subKeys`). The reader accepts exactly the names
/// these tables list, so the schema and the reader cannot disagree on names.
///
/// What the schema cannot say: a layer named in a timeline `set` exists and
/// has the key path, images exist and decode, the tree's depth and size limits,
/// and SVG path data parses. `strata validate` checks those.
public enum SceneSchema {
    typealias S = JSONSchema

    /// The schema as a JSON value.
    public static var document: JSONValue {
        S.object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("Strata scene file (*.scene.json)")),
            (
                "description",
                .string("A layer tree, its animations and a timeline of transactions; see scene-format.md.")
            ),
            ("type", .string("object")),
            ("properties", S.object(SceneReader.topLevelFields.map { ($0.key, $0.value) })),
            ("required", .array(SceneReader.requiredTopLevelFields.map { .string($0) })),
            ("additionalProperties", .bool(false)),
            (
                "definitions",
                S.object(
                    [
                        ("layer", layer), ("animation", animation), ("transaction", transaction),
                        ("emitterCell", SceneEmitterCells.schema),
                    ]
                        + SceneValueDecoder.Schemas.definitions)
            ),
        ])
    }

    /// The schema as pretty-printed JSON text (what `strata schema` prints).
    public static var text: String { document.prettyPrinted() }

    /// A layer: every field of every type, then per type which fields and
    /// animation key paths it has.
    static var layer: JSONValue {
        // A name several types have (`preservesDepth`) is listed once (their kinds agree).
        var seen = Set<String>()
        let properties =
            SceneField.all.filter { seen.insert($0.name).inserted }.map { ($0.name, $0.schema) }
            + SceneField.structural.map { ($0.key, $0.value) }
        let perType = SceneLayerType.allCases.map { type -> JSONValue in
            let names = SceneField.all.filter { $0.applies(to: type) }.map(\.name) + SceneField.structural.map(\.key)
            // Without `type` a layer is a plain `layer`.
            var condition: [(String, JSONValue)] = [
                ("properties", S.object([("type", S.object([("const", .string(type.rawValue))]))]))
            ]
            if type != .layer { condition.append(("required", .array([.string("type")]))) }
            return S.object([
                ("if", S.object(condition)),
                (
                    "then",
                    S.object([
                        ("propertyNames", S.object([("enum", .array(names.map { .string($0) }))])),
                        (
                            "properties",
                            S.object([
                                (
                                    "animations",
                                    S.object([
                                        (
                                            "items",
                                            S.object([
                                                (
                                                    "properties",
                                                    S.object([
                                                        ("keyPath", keyPathSchema(for: type))
                                                    ])
                                                )
                                            ])
                                        )
                                    ])
                                )
                            ])
                        ),
                    ])
                ),
            ])
        }
        return S.object([
            ("type", .string("object")),
            (
                "description",
                .string("A layer; `type` picks the class (default `layer`), which decides the fields it may have.")
            ),
            ("properties", S.object(properties)),
            ("additionalProperties", .bool(false)),
            ("allOf", .array(perType)),
        ])
    }

    /// The key paths an animation of a layer of `type` may name: an emitter
    /// layer's also reach its cells' fields by name.
    static func keyPathSchema(for type: SceneLayerType) -> JSONValue {
        let names = S.oneOf(names: SceneValueDecoder.keyPaths(for: type))
        guard type == .emitterLayer else { return names }
        let cells = S.object([
            ("type", .string("string")), ("pattern", .string("^" + SceneEmitterCells.keyPathPattern + "$")),
        ])
        return S.oneOf([names, cells])
    }

    /// An animation: its fields, each key path's value schema for `fromValue`,
    /// `toValue`, `byValue` and `values`, and keyframe fields only with `values`.
    static var animation: JSONValue {
        guard
            case .object(var object) = S.closedObject(
                SceneAnimation.fields.map { ($0.key, $0.value) },
                required: ["keyPath"])
        else { return S.any }
        var rules: [JSONValue] = SceneValueDecoder.keyPaths(for: nil).map { keyPath in
            let value = SceneValueDecoder.keyPathSchema(keyPath) ?? S.any
            return S.object([
                ("if", S.object([("properties", S.object([("keyPath", S.object([("const", .string(keyPath))]))]))])),
                (
                    "then",
                    S.object([
                        (
                            "properties",
                            S.object([
                                ("fromValue", value), ("toValue", value), ("byValue", value),
                                ("values", S.array(of: value)),
                            ])
                        )
                    ])
                ),
            ])
        }
        func anyOf(_ names: [String]) -> JSONValue {
            S.object([("anyOf", .array(names.map { S.object([("required", .array([.string($0)]))]) }))])
        }
        // `values` makes a keyframe animation: no from/to/by then, and keyframe fields need it.
        rules.append(
            S.object([
                ("if", S.object([("required", .array([.string("values")]))])),
                ("then", S.object([("not", anyOf(["fromValue", "toValue", "byValue"]))])),
                ("else", S.object([("not", anyOf(["keyTimes", "timingFunctions", "calculationMode"]))])),
            ]))
        object["allOf"] = .array(rules)
        return .object(object)
    }

    /// A timeline entry.
    static var transaction: JSONValue {
        S.closedObject(
            SceneTransaction.fields.map { ($0.key, $0.value) }, required: ["at"],
            description: "At `at`, a transaction sets each `set` entry and commits.")
    }
}
