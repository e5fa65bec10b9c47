import Foundation
import Testing

@testable import Strata
@testable import StrataScene

@Suite("Scene JSON")
struct SceneJSONTests {
    @Test("Scalars, and booleans are not numbers")
    func scalars() throws {
        #expect(try json("true") == .bool(true))
        #expect(try json("false") == .bool(false))
        #expect(try json("null") == .null)
        #expect(try json("1") == .number(1))
        #expect(try json("1") != .bool(true))
        #expect(try json("-0.5e2") == .number(-50))
        #expect(try json("123456789012345678901234567890") == .number(1.2345678901234568e29))
        #expect(try json("0.1") == .number(0.1))
        #expect(try json("1E-3") == .number(0.001))
        if case .number(let z) = try json("-0") {
            #expect(z == 0 && z.sign == .minus)
        } else {
            Issue.record("not a number")
        }
    }

    @Test("Strings and escapes")
    func strings() throws {
        #expect(try json(#""a\"b\\c\/d\n\t\r\b\f""#) == .string("a\"b\\c/d\n\t\r\u{8}\u{c}"))
        #expect(try json(#""\u00e9\u4e16\ud83d\ude00""#) == .string("é世😀"))
        #expect(try json("\"é世😀\"") == .string("é世😀"))
        #expect(throws: SceneError.self) { try json(#""\ud83d""#) }
        #expect(throws: SceneError.self) { try json(#""\q""#) }
        #expect(throws: SceneError.self) { try json("\"a\nb\"") }
    }

    @Test("Objects keep their order; duplicate keys are errors")
    func objects() throws {
        guard case .object(let o) = try json(#"{"b": 1, "a": 2, "c": {"z": [], "y": {}}}"#) else {
            Issue.record("not an object"); return
        }
        #expect(o.keys == ["b", "a", "c"])
        #expect(o["a"] == .number(2))
        #expect(o.sortedByKey().keys == ["a", "b", "c"])
        #expect(throws: SceneError(path: "", reason: #"duplicate field "a""#)) { try json(#"{"a": 1, "a": 2}"#) }
        // Large objects use a set for the check.
        let many = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        #expect(throws: SceneError(path: "x", reason: #"duplicate field "k3""#)) {
            try json(#"{"x": {\#(many), "k3": 0}}"#)
        }
        #expect(throws: SceneError(path: #"x["a b"][2]"#, reason: "number is not finite")) {
            try json(#"{"x": {"a b": [1, 2, 1e500]}}"#)
        }
    }

    @Test("Syntax errors give the line and column")
    func syntax() {
        #expect(
            throws: SceneError(path: "a[1]", reason: "invalid JSON at line 3, column 2: expected ',' or ']', found '3'")
        ) {
            try json("{\"a\": [1,\n2\n 3]}")
        }
        #expect(
            throws: SceneError(
                path: "", reason: "invalid JSON at line 1, column 5: unexpected '2' after the end of the document")
        ) {
            try json("[1] 2")
        }
        #expect(throws: SceneError(path: "", reason: "invalid JSON at line 1, column 1: expected a value, found 'x'")) {
            try json("x")
        }
        #expect(
            throws: SceneError(path: "[0]", reason: "invalid JSON at line 1, column 2: expected a value, found 'u'")
        ) {
            try json("[undefined]")
        }
        // A literal cut short is named, where it goes wrong.
        #expect(throws: SceneError(path: "[0]", reason: "invalid JSON at line 1, column 5: expected true, found ']'")) {
            try json("[tru]")
        }
        // JavaScript habits and other encodings are explained.
        #expect(
            throws: SceneError(
                path: "",
                reason: "invalid JSON at line 1, column 2: expected a key in double quotes, "
                    + "found a single quote (JSON strings are in double quotes)")
        ) {
            try json("{'a': 1}")
        }
        #expect(
            throws: SceneError(
                path: "a",
                reason: "invalid JSON at line 1, column 9: expected ',' or '}', "
                    + "found '/' (JSON has no comments)")
        ) {
            try json(#"{"a": 1 // one"# + "\n}")
        }
        #expect(
            throws: SceneError(
                path: "",
                reason: "invalid JSON at line 1, column 1: the file is UTF-16 "
                    + "(it starts with a UTF-16 byte order mark); save it as UTF-8")
        ) {
            try JSONValue.parse(Data([0xFF, 0xFE]) + "[1]".data(using: .utf16LittleEndian)!)
        }
    }

    @Test("Nesting is limited, and deep input cannot exhaust the stack")
    func nesting() throws {
        let ok = String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024)
        #expect(throws: Never.self) { try json(ok) }
        let deep = String(repeating: "[", count: 1025) + String(repeating: "]", count: 1025)
        #expect(
            throws: SceneError(path: String(repeating: "[0]", count: 1024), reason: "nested deeper than 1024 levels")
        ) {
            try json(deep)
        }
    }

    @Test("A byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == .array([.number(1)]))
    }

    @Test("Pretty printing reads back to the same value, and numbers are shortest-exact")
    func printing() throws {
        let value = try json(
            #"{"a": [1, 2.5, -0, 1e-7, 1.7976931348623157e308, 123456789012345], "b": [[1], {"x": "é\n\u0001"}], "c": {}, "d": [], "e": null, "f": true}"#
        )
        let text = value.prettyPrinted()
        #expect(try JSONValue.parse(Data(text.utf8)) == value)
        #expect(
            text == """
                {
                  "a": [1, 2.5, -0, 1e-07, 1.7976931348623157e+308, 123456789012345],
                  "b": [
                    [1],
                    {
                      "x": "é\\n\\u0001"
                    }
                  ],
                  "c": {},
                  "d": [],
                  "e": null,
                  "f": true
                }

                """)
        #expect(JSONValue.format(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONValue.format(1e15) == "1000000000000000")
        #expect(JSONValue.format(1e16) == "1e+16")
        #expect(JSONValue.float(Float(0.4)) == .number(0.4))
    }

    @Test("Brief descriptions for messages")
    func briefDescriptions() {
        #expect(JSONValue.string("x").briefDescription == #""x""#)
        #expect(JSONValue.string("a\"b").briefDescription == #""a\"b""#)
        #expect(JSONValue.number(1.5).briefDescription == "1.5")
        #expect(JSONValue.array([]).briefDescription == "an array")
        #expect(JSONValue.object(JSONObject()).briefDescription == "an object")
        #expect(JSONValue.string(String(repeating: "y", count: 100)).briefDescription.count == 63)
    }
}
