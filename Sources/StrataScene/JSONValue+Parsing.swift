import Foundation
import Strata

extension JSONValue {
    /// The deepest nesting of arrays and objects a scene file may have.
    ///
    /// A layer tree 256 deep nests about 520 containers; the limit leaves room
    /// for that and stops a file of ten million `[`s before it costs anything.
    public static let maximumNesting = 1024

    /// Parses strict JSON (RFC 8259) from UTF-8 `data`.
    ///
    /// Errors name the path of the value being read (`root.sublayers[0].opacity`)
    /// and, for syntax errors, the line and column. Duplicate keys, `NaN`,
    /// `Infinity`, numbers that overflow a `Double` and nesting deeper than
    /// ``maximumNesting`` are errors. The parser never recurses, so no input
    /// can exhaust the stack.
    public static func parse(_ data: Data) throws(SceneError) -> JSONValue {
        // Read the bytes where they are: a copy would cost the file's size again.
        let result = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(SceneError) in try parser.parseDocument() }
        }
        return try result.get()
    }
}

/// An iterative JSON parser over UTF-8 bytes, with the path of the value being read.
///
/// It borrows the bytes: it must not outlive the buffer it was made with.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    /// The containers being read, innermost last. Items live in their own
    /// stacks so that appending mutates in place (an enum payload would be
    /// copied on every append, making long arrays quadratic).
    enum Kind { case array, object }
    var kinds: [Kind] = []
    var arrays: [[JSONValue]] = []
    /// An object being read: its members so far, the key whose value comes
    /// next (nil between members), and for large objects a set of its keys.
    struct ObjectFrame {
        var members: [JSONObject.Member] = []
        var key: String?
        var seen: Set<String>?
    }
    var objects: [ObjectFrame] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not JSON, but editors write it; skip it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    // MARK: Errors

    /// The path of the value being read, from the stacks: `root.sublayers[3]`.
    var path: String {
        var out = ""
        var a = 0, o = 0
        for kind in kinds {
            switch kind {
            case .array:
                out += "[\(arrays[a].count)]"
                a += 1
            case .object:
                if let key = objects[o].key { out = JSONParser.append(key: key, to: out) }
                o += 1
            }
        }
        return out
    }

    /// `path.key`, or `path["key"]` when the key is not a plain identifier.
    static func append(key: String, to path: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
            }
        if plain { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONValue.string(key).briefDescription + "]"
    }

    func syntaxError(_ why: String, at offset: Int? = nil) -> SceneError {
        let end = min(offset ?? i, bytes.count)
        var line = 1, column = 1
        for b in bytes[0..<end] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return .invalidJSON(why, line: line, column: column, at: path)
    }

    func describeByte() -> String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        // The two slips from JavaScript get a word of explanation.
        if b == UInt8(ascii: "'") { return "a single quote (JSON strings are in double quotes)" }
        if b == UInt8(ascii: "/") { return "'/' (JSON has no comments)" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    mutating func parseDocument() throws(SceneError) -> JSONValue {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw syntaxError("the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        }
        let value = try parseValue()
        skipWhitespace()
        if i < bytes.count { throw syntaxError("unexpected \(describeByte()) after the end of the document") }
        return value
    }

    /// Reads one value, iteratively: containers push a frame instead of recursing.
    mutating func parseValue() throws(SceneError) -> JSONValue {
        while true {
            // Read a value start: a scalar, or the opening of a container.
            skipWhitespace()
            guard i < bytes.count else { throw syntaxError("expected a value, found the end of the file") }
            var value: JSONValue
            switch bytes[i] {
            case UInt8(ascii: "{"):
                try open()
                i += 1
                skipWhitespace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    value = .object(JSONObject())
                } else {
                    let key = try parseKey()
                    kinds.append(.object)
                    objects.append(ObjectFrame(key: key))
                    continue
                }
            case UInt8(ascii: "["):
                try open()
                i += 1
                skipWhitespace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    value = .array([])
                } else {
                    kinds.append(.array)
                    arrays.append([])
                    continue
                }
            default:
                value = try parseScalar()
            }
            // Hand the value to the containers, closing those that end.
            while true {
                guard let kind = kinds.last else { return value }
                skipWhitespace()
                let next: UInt8? = i < bytes.count ? bytes[i] : nil
                switch kind {
                case .array:
                    guard next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else {
                        // The path names the element just read.
                        throw syntaxError("expected ',' or ']', found \(describeByte())")
                    }
                    i += 1
                    arrays[arrays.count - 1].append(value)
                    if next == UInt8(ascii: "]") {
                        kinds.removeLast()
                        value = .array(arrays.removeLast())
                        continue
                    }
                case .object:
                    guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else {
                        throw syntaxError("expected ',' or '}', found \(describeByte())")
                    }
                    i += 1
                    let top = objects.count - 1
                    let key = objects[top].key ?? ""
                    objects[top].members.append(JSONObject.Member(key: key, value: value))
                    objects[top].seen?.insert(key)
                    objects[top].key = nil
                    if next == UInt8(ascii: "}") {
                        kinds.removeLast()
                        value = .object(JSONObject(uniqueMembers: objects.removeLast().members))
                        continue
                    }
                    let nextKey = try parseKey()
                    // Duplicate keys: a linear scan for small objects, a set for large ones.
                    if objects[top].seen == nil && objects[top].members.count >= 16 {
                        objects[top].seen = Set(objects[top].members.map(\.key))
                    }
                    let duplicate =
                        objects[top].seen?.contains(nextKey)
                        ?? objects[top].members.contains { $0.key == nextKey }
                    if duplicate {
                        // The path names the object.
                        throw .duplicateField(nextKey, at: path)
                    }
                    objects[top].key = nextKey
                }
                break
            }
        }
    }

    /// Checks the nesting limit before a container opens.
    func open() throws(SceneError) {
        if kinds.count >= JSONValue.maximumNesting {
            throw SceneError(path: path, reason: "nested deeper than \(JSONValue.maximumNesting) levels")
        }
    }

    /// Reads `"key" :` (after `{` or `,`).
    mutating func parseKey() throws(SceneError) -> String {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            throw syntaxError("expected a key in double quotes, found \(describeByte())")
        }
        let key = try parseString()
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw syntaxError("expected ':' after the key, found \(describeByte())")
        }
        i += 1
        return key
    }

    // MARK: Scalars

    mutating func parseScalar() throws(SceneError) -> JSONValue {
        let b = bytes[i]
        switch b {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "+"):
            throw syntaxError("NaN, Infinity and '+' are not JSON numbers")
        default:
            throw syntaxError("expected a value, found \(describeByte())")
        }
    }

    mutating func literal(_ word: String) throws(SceneError) {
        for b in word.utf8 {
            // Name the literal and where it goes wrong: "found 't'" for `tru}` would point at a good byte.
            guard i < bytes.count, bytes[i] == b else { throw syntaxError("expected \(word), found \(describeByte())") }
            i += 1
        }
    }

    mutating func parseNumber() throws(SceneError) -> Double {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "I") || bytes[i] == UInt8(ascii: "N")) {
                throw syntaxError("NaN, Infinity and '+' are not JSON numbers", at: start)
            }
        }
        let intStart = i
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw syntaxError("expected a digit, found \(describeByte())") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") {
            throw syntaxError("numbers do not start with 0", at: intStart)
        }
        var simple = intDigits <= 15
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            simple = false
            guard digits(&self) > 0 else { throw syntaxError("expected a digit after '.', found \(describeByte())") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            simple = false
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits(&self) > 0 else {
                throw syntaxError("expected a digit in the exponent, found \(describeByte())")
            }
        }
        if simple {
            // Up to 15 digits fit a Double exactly: no need for strtod.
            var n: Int64 = 0
            for k in intStart..<i { n = n * 10 + Int64(bytes[k] - 0x30) }
            return bytes[start] == UInt8(ascii: "-") ? -Double(n) : Double(n)
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text) else { throw syntaxError("bad number \(text)", at: start) }
        // 1e999 parses as infinity: a scene holds finite numbers only.
        guard value.isFinite else { throw SceneError.notFinite(at: path) }
        return value
    }

    mutating func parseString() throws(SceneError) -> String {
        i += 1  // the opening quote
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return try decodeUTF8(bytes[start..<(i - 1)], at: start)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        var buffer = [UInt8](bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return try decodeUTF8(buffer[...], at: start)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                        else {
                            throw syntaxError("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw syntaxError("unpaired surrogate in \\u escape")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw syntaxError("unpaired surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw syntaxError("bad \\u escape") }
                    buffer.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    // Name the byte as describeByte does: a raw newline would break the one-line message.
                    let shown =
                        e >= 0x21 && e < 0x7F
                        ? "'\\\(Character(UnicodeScalar(e)))'" : String(format: "'\\' then byte 0x%02X", e)
                    throw syntaxError("bad escape \(shown)", at: i - 2)
                }
            default:
                if b < 0x20 { throw syntaxError("control character in a string (escape it)") }
                buffer.append(b)
                i += 1
            }
        }
        throw syntaxError("unterminated string", at: start - 1)
    }

    mutating func hex4() throws(SceneError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw syntaxError("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw syntaxError("bad \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    func decodeUTF8(_ slice: some Collection<UInt8>, at offset: Int) throws(SceneError) -> String {
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw syntaxError("a string is not valid UTF-8", at: offset - 1)
        }
        return s
    }
}
