import Foundation
import Strata

/// A JSON value as a scene file holds it: objects keep their members in file
/// order, and `true` is a bool, never the number 1.
///
/// Scene files keep animation values (`fromValue`, `values`, …) and timeline
/// values as `JSONValue`s; `SceneValueDecoder` turns them into the Swift
/// values layer properties hold.
// Not `indirect`: arrays and objects keep their elements on the heap already;
// boxing every number and string as well made a parsed file cost ~16 times its size.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (always finite when it comes from ``JSONValue/parse(_:)``).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in file order.
    case object(JSONObject)
}

/// A JSON object: its members in file order, keys unique.
public struct JSONObject: Equatable, Sendable {
    /// One member of an object.
    public struct Member: Equatable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in file (or insertion) order.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object with these members, in this order; a repeated key keeps its
    /// first place and its last value.
    public init(_ members: [(String, JSONValue)]) {
        var index: [String: Int] = [:]
        var unique: [Member] = []
        unique.reserveCapacity(members.count)
        for (key, value) in members {
            if let k = index[key] {
                unique[k].value = value
            } else {
                index[key] = unique.count
                unique.append(Member(key: key, value: value))
            }
        }
        self.members = unique
    }

    /// An object whose members are `members`, trusted to have unique keys (the parser checks).
    init(uniqueMembers: [Member]) { members = uniqueMembers }

    /// The value for `key`, or nil; setting nil removes the member, setting a new key appends it.
    ///
    /// Lookup is linear: scene objects are small, and members are usually read in order.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (i?, v?): members[i].value = v
            case let (i?, nil): members.remove(at: i)
            case let (nil, v?): members.append(Member(key: key, value: v))
            case (nil, nil): break
            }
        }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The same object with its members sorted by key (by Unicode scalars, so the order is stable).
    public func sortedByKey() -> JSONObject {
        JSONObject(
            uniqueMembers: members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })
    }
}

extension JSONValue {
    /// The value as a short phrase for messages: strings quoted, numbers and
    /// literals as written, containers by kind (`an array`, `an object`).
    public var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.format(n)
        case .array: return "an array"
        case .object: return "an object"
        case .string(let s):
            // Long strings are cut so a message stays one readable line.
            let limit = 60
            let shown = s.count > limit ? String(s.prefix(limit)) + "…" : s
            var out = "\""
            JSONValue.escape(shown, into: &out)
            return out + "\""
        }
    }

    /// `number` as JSON writes it: integers without a fraction, other values in
    /// the shortest form that reads back to the same `Double`.
    public static func format(_ number: Double) -> String {
        if number == 0 { return number.sign == .minus ? "-0" : "0" }
        // Integers up to 2^53 are exact in a Double: write them as integers.
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 { return String(Int64(number)) }
        return number.description
    }

    /// A JSON number for a `Float`, written in the `Float`'s own shortest form
    /// (0.4, not 0.4000000059604645), which reads back to the same `Float`.
    static func float(_ value: Float) -> JSONValue {
        .number(Double(value.description) ?? Double(value))
    }

    /// Appends `s` to `out` with JSON escapes (no surrounding quotes).
    static func escape(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// The same value with every object's members sorted by key, at every depth.
    public func sortedByKey() -> JSONValue {
        switch self {
        case .array(let items): return .array(items.map { $0.sortedByKey() })
        case .object(let object):
            return .object(
                JSONObject(
                    uniqueMembers: object.sortedByKey().members.map {
                        JSONObject.Member(key: $0.key, value: $0.value.sortedByKey())
                    }))
        default: return self
        }
    }
}
