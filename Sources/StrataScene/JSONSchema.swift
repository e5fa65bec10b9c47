import Foundation
import Strata

/// Pieces of a JSON Schema (draft-07) as ``JSONValue``s, for ``SceneSchema``:
/// each kind of scene value, field table and reader describes its own JSON
/// with these, so the schema is made from the same tables that read files.
enum JSONSchema {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

    /// Any JSON value.
    static let any = object([])
    static let number = object([("type", .string("number"))])
    static let nonNegative = object([("type", .string("number")), ("minimum", .number(0))])
    static let positive = object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
    static let unit = object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))])
    static let bool = object([("type", .string("boolean"))])
    static let string = object([("type", .string("string"))])
    static let null = object([("type", .string("null"))])

    /// A number in `minimum...maximum`, or above `exclusiveMinimum`.
    static func number(exclusiveMinimum: Double? = nil, minimum: Double? = nil, maximum: Double? = nil) -> JSONValue {
        var m: [(String, JSONValue)] = [("type", .string("number"))]
        if let exclusiveMinimum { m.append(("exclusiveMinimum", .number(exclusiveMinimum))) }
        if let minimum { m.append(("minimum", .number(minimum))) }
        if let maximum { m.append(("maximum", .number(maximum))) }
        return object(m)
    }

    /// An array of exactly these items, in order (draft-07 tuple form).
    static func tuple(_ items: [JSONValue], _ description: String) -> JSONValue {
        object([
            ("type", .string("array")), ("items", .array(items)), ("additionalItems", .bool(false)),
            ("minItems", .number(Double(items.count))), ("description", .string(description)),
        ])
    }

    /// `count` numbers.
    static func numbers(_ count: Int, _ description: String) -> JSONValue {
        tuple(Array(repeating: number, count: count), description)
    }

    /// An array whose every item is `item`.
    static func array(of item: JSONValue, minItems: Int = 0, unique: Bool = false) -> JSONValue {
        var m: [(String, JSONValue)] = [("type", .string("array")), ("items", item)]
        if minItems > 0 { m.append(("minItems", .number(Double(minItems)))) }
        if unique { m.append(("uniqueItems", .bool(true))) }
        return object(m)
    }

    /// One of these strings.
    static func oneOf(names: [String]) -> JSONValue {
        object([("type", .string("string")), ("enum", .array(names.map { .string($0) }))])
    }

    /// Exactly one of `schemas`.
    static func oneOf(_ schemas: [JSONValue]) -> JSONValue { object([("oneOf", .array(schemas))]) }

    /// `schema`, or `null`.
    static func orNull(_ schema: JSONValue) -> JSONValue { oneOf([schema, null]) }

    /// A reference to `#/definitions/name`.
    static func ref(_ name: String) -> JSONValue { object([("$ref", .string("#/definitions/\(name)"))]) }

    /// An object with exactly the properties `properties` (the `required` ones needed).
    static func closedObject(
        _ properties: [(String, JSONValue)], required: [String] = [],
        description: String? = nil
    ) -> JSONValue {
        var m: [(String, JSONValue)] = [("type", .string("object"))]
        if let description { m.append(("description", .string(description))) }
        m.append(("properties", object(properties)))
        if !required.isEmpty { m.append(("required", .array(required.map { .string($0) }))) }
        m.append(("additionalProperties", .bool(false)))
        return object(m)
    }

    /// `schema` with a `description` (first, so it reads well).
    static func described(_ schema: JSONValue, _ text: String) -> JSONValue {
        guard case .object(var o) = schema else { return schema }
        o["description"] = nil
        return .object(JSONObject([("description", .string(text))] + o.members.map { ($0.key, $0.value) }))
    }

    /// A regular expression matching `text` literally.
    static func escapedPattern(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
