import Foundation
import Strata
internal import StrataScene

// The JSON of one recording line, both ways. Writing is by hand so the key
// order and number forms are fixed (the same events give the same bytes).

/// One line's object, with typed lookups that say what is wrong. Parsed by
/// Strata's scene JSON reader: numbers read back exactly, and `true` is never 1.
struct JSONFields {
    struct Failure: Error {
        let reason: String
    }

    let object: JSONObject

    init(line: String) throws(Failure) {
        let parsed: JSONValue
        do { parsed = try JSONValue.parse(Data(line.utf8)) } catch {
            throw Failure(reason: "not JSON: \(error.description)")
        }
        guard case .object(let object) = parsed else { throw Failure(reason: "not a JSON object") }
        self.object = object
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func number(_ key: String) throws(Failure) -> Double {
        guard let value = object[key] else { throw Failure(reason: "missing \"\(key)\"") }
        guard case .number(let number) = value, number.isFinite else {
            throw Failure(reason: "\"\(key)\" must be a finite number")
        }
        return number
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(Failure) -> Int {
        let value = try number(key)
        guard value.rounded() == value, let int = Int(exactly: value), range.contains(int) else {
            throw Failure(reason: "\"\(key)\" must be a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return int
    }

    func string(_ key: String) throws(Failure) -> String {
        guard let value = object[key] else { throw Failure(reason: "missing \"\(key)\"") }
        guard case .string(let string) = value else { throw Failure(reason: "\"\(key)\" must be a string") }
        return string
    }

    func bool(_ key: String) throws(Failure) -> Bool {
        guard case .bool(let value)? = object[key] else { throw Failure(reason: "\"\(key)\" must be true or false") }
        return value
    }
}

/// A number as JSON: Swift's shortest round-trip form (whole numbers without ".0").
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A string as JSON.
func jsonString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension InputRecording.Header {
    var jsonLine: String {
        var parts = [#""strata":"input""#, #""version":1"#]
        if let name { parts.append(#""name":"# + jsonString(name)) }
        parts += [
            #""width":"# + jsonNumber(width), #""height":"# + jsonNumber(height),
            #""scale":"# + jsonNumber(scale),
        ]
        return "{" + parts.joined(separator: ",") + "}"
    }

    init(_ fields: JSONFields) throws(JSONFields.Failure) {
        guard (try? fields.string("strata")) == "input" else {
            throw JSONFields.Failure(reason: #"the first line must be the header {"strata":"input",…}"#)
        }
        guard (try? fields.number("version")) == 1 else {
            throw JSONFields.Failure(reason: "only version 1 recordings are known")
        }
        let name = fields.has("name") ? try fields.string("name") : nil
        let width = try fields.number("width"), height = try fields.number("height")
        let scale = try fields.number("scale")
        guard width >= 1, height >= 1, width <= 16384, height <= 16384, scale > 0, scale <= 8 else {
            throw JSONFields.Failure(reason: "window \(width)×\(height) at scale \(scale) is out of range")
        }
        self.init(name: name, width: width, height: height, scale: scale)
    }
}

extension TimedInputEvent {
    var jsonLine: String {
        var parts = [#""t":"# + jsonNumber(time)]
        func add(_ key: String, _ value: String) { parts.append(jsonString(key) + ":" + value) }
        func add(_ key: String, _ value: Double) { add(key, jsonNumber(value)) }
        func action(_ a: KeyAction) -> String {
            switch a {
            case .press: return jsonString("press")
            case .release: return jsonString("release")
            case .repeat: return jsonString("repeat")
            }
        }
        switch event {
        case .key(let key, let keyAction, let modifiers):
            add("type", jsonString("key"))
            add("key", Double(key.rawValue))
            add("action", action(keyAction))
            add("mods", Double(modifiers.rawValue))
        case .character(let scalar):
            add("type", jsonString("character"))
            add("code", Double(scalar.value))
        case .mouseMoved(let x, let y):
            add("type", jsonString("mouseMoved"))
            add("x", x)
            add("y", y)
        case .mouseButton(let button, let buttonAction, let modifiers, let x, let y):
            add("type", jsonString("mouseButton"))
            add("button", Double(button.rawValue))
            add("action", action(buttonAction))
            add("mods", Double(modifiers.rawValue))
            add("x", x)
            add("y", y)
        case .scroll(let dx, let dy):
            add("type", jsonString("scroll"))
            add("dx", dx)
            add("dy", dy)
        case .trackpadPinch(let phase, let scale, let x, let y):
            add("type", jsonString("trackpadPinch"))
            add("phase", jsonString(phase.rawValue))
            add("scale", scale)
            add("x", x)
            add("y", y)
        case .gamepadButton(let gamepad, let button, let pressed):
            add("type", jsonString("gamepadButton"))
            add("gamepad", Double(gamepad))
            add("button", Double(button))
            add("pressed", pressed ? "true" : "false")
        case .gamepadAxis(let gamepad, let axis, let value):
            add("type", jsonString("gamepadAxis"))
            add("gamepad", Double(gamepad))
            add("axis", Double(axis))
            add("value", Double(value))
        case .gamepadConnection(let gamepad, let connected):
            add("type", jsonString("gamepadConnection"))
            add("gamepad", Double(gamepad))
            add("connected", connected ? "true" : "false")
        case .framebufferResized(let width, let height):
            add("type", jsonString("framebufferResized"))
            add("width", Double(width))
            add("height", Double(height))
        case .contentScaleChanged(let x, let y):
            add("type", jsonString("contentScaleChanged"))
            add("x", Double(x))
            add("y", Double(y))
        case .closeRequested:
            add("type", jsonString("closeRequested"))
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    init(_ f: JSONFields) throws(JSONFields.Failure) {
        let time = try f.number("t")
        guard time >= 0 else { throw JSONFields.Failure(reason: "\"t\" must not be negative") }
        func action() throws(JSONFields.Failure) -> KeyAction {
            switch try f.string("action") {
            case "press": return .press
            case "release": return .release
            case "repeat": return .repeat
            case let other: throw JSONFields.Failure(reason: "unknown action \"\(other)\" (press, release, repeat)")
            }
        }
        let int32 = Int(Int32.min)...Int(Int32.max)
        let event: InputEvent
        switch try f.string("type") {
        case "key":
            event = .key(
                Key(rawValue: Int32(try f.integer("key", in: -1...1023))), action: try action(),
                modifiers: KeyModifiers(rawValue: Int32(try f.integer("mods", in: 0...0xFFFF))))
        case "character":
            guard let scalar = Unicode.Scalar(UInt32(try f.integer("code", in: 0...0x10FFFF))) else {
                throw JSONFields.Failure(reason: "\"code\" is not a Unicode scalar")
            }
            event = .character(scalar)
        case "mouseMoved":
            event = .mouseMoved(x: try f.number("x"), y: try f.number("y"))
        case "mouseButton":
            event = .mouseButton(
                MouseButton(rawValue: Int32(try f.integer("button", in: 0...7))), action: try action(),
                modifiers: KeyModifiers(rawValue: Int32(try f.integer("mods", in: 0...0xFFFF))),
                x: try f.number("x"), y: try f.number("y"))
        case "scroll":
            event = .scroll(dx: try f.number("dx"), dy: try f.number("dy"))
        case "trackpadPinch":
            let name = try f.string("phase")
            guard let phase = TrackpadGesturePhase(rawValue: name) else {
                throw JSONFields.Failure(reason: "unknown phase \"\(name)\" (began, changed, ended, cancelled)")
            }
            let scale = try f.number("scale")
            guard scale > 0 else { throw JSONFields.Failure(reason: "\"scale\" must be above 0") }
            event = .trackpadPinch(phase: phase, scale: scale, x: try f.number("x"), y: try f.number("y"))
        case "gamepadButton":
            event = .gamepadButton(
                gamepad: try f.integer("gamepad", in: 0...15), button: try f.integer("button", in: 0...14),
                pressed: try f.bool("pressed"))
        case "gamepadAxis":
            let value = try f.number("value")
            guard (-1...1).contains(value) else { throw JSONFields.Failure(reason: "\"value\" must be in -1…1") }
            event = .gamepadAxis(
                gamepad: try f.integer("gamepad", in: 0...15), axis: try f.integer("axis", in: 0...5),
                value: Float(value))
        case "gamepadConnection":
            event = .gamepadConnection(
                gamepad: try f.integer("gamepad", in: 0...15), connected: try f.bool("connected"))
        case "framebufferResized":
            event = .framebufferResized(
                width: try f.integer("width", in: 0...int32.upperBound),
                height: try f.integer("height", in: 0...int32.upperBound))
        case "contentScaleChanged":
            event = .contentScaleChanged(x: Float(try f.number("x")), y: Float(try f.number("y")))
        case "closeRequested":
            event = .closeRequested
        case let other:
            throw JSONFields.Failure(reason: "unknown event type \"\(other)\"")
        }
        self.init(time: time, event: event)
    }
}
