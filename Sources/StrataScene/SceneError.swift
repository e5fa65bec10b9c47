import Foundation
import Strata

/// A scene file that could not be read or written: the file, the field's path
/// in the tree and what is wrong.
///
/// Its description is one line, `file: path: reason`, e.g.
/// `card.scene.json: root.sublayers[2].transform[1]: unknown op "rotat"`;
/// parts that are empty are left out.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The scene file, as it was named to `Scene.load(contentsOf:)`; nil for data read from memory.
    public let file: String?
    /// Where in the scene: `root.sublayers[2].transform[1]`; empty for file-level errors.
    public let path: String
    /// What went wrong: `unknown op "rotat"`.
    public let reason: String

    /// An error at `path` (no file).
    public init(path: String, reason: String) {
        self.init(file: nil, path: path, reason: reason)
    }

    /// An error in `file` at `path`.
    public init(file: String?, path: String, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    /// `file: path: reason` without the empty parts, on one line: control
    /// characters that came from the file (in names, keys, paths) are escaped.
    public var description: String {
        let text = [file ?? "", path, reason].filter { !$0.isEmpty }.joined(separator: ": ")
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return text.unicodeScalars.map { c in
            c.value < 0x20 || c.value == 0x7F ? String(format: "\\u%04X", c.value) : String(c)
        }.joined()
    }

    /// This error, attributed to `file`.
    public func inFile(_ file: String) -> SceneError {
        SceneError(file: file, path: path, reason: reason)
    }

    // The wording of every scene error, in one place.

    static func expected(_ what: String, got value: JSONValue, at path: String) -> SceneError {
        SceneError(path: path, reason: "expected \(what), got \(value.briefDescription)")
    }
    static func unknownField(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "unknown field \(quoted(name))")
    }
    static func fieldNeedsType(_ name: String, type: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "field \(quoted(name)) needs type \(quoted(type))")
    }
    static func missingField(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "missing field \(quoted(name))")
    }
    static func unknownValue(_ value: String, expected choices: [String], at path: String) -> SceneError {
        SceneError(
            path: path, reason: "unknown value \(quoted(value)), expected one of \(choices.joined(separator: ", "))")
    }
    static func unknownOp(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "unknown op \(quoted(name))")
    }
    static func badColour(_ value: JSONValue, at path: String) -> SceneError {
        SceneError(
            path: path,
            reason: "bad colour \(value.briefDescription): expected \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]")
    }
    static func notFinite(at path: String) -> SceneError {
        SceneError(path: path, reason: "number is not finite")
    }
    static func outOfRange(_ value: Double, _ range: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "\(JSONValue.format(value)) is out of range \(range)")
    }
    static func unknownKeyPath(_ keyPath: String, type: String?, at path: String) -> SceneError {
        SceneError(
            path: path, reason: "unknown key path \(quoted(keyPath))" + (type.map { " for type \(quoted($0))" } ?? ""))
    }
    static func unknownLayer(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "unknown layer \(quoted(name))")
    }
    static func ambiguousLayer(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "layer name \(quoted(name)) is not unique")
    }
    static func cannotReadImage(_ file: String, _ why: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "cannot read \(file): \(why)")
    }
    static func invalidJSON(_ why: String, line: Int, column: Int, at path: String) -> SceneError {
        SceneError(path: path, reason: "invalid JSON at line \(line), column \(column): \(why)")
    }
    static func fileTooLarge(_ bytes: Int) -> SceneError {
        SceneError(path: "", reason: "the file is larger than 64 MiB (\(bytes) bytes)")
    }
    static func tooDeep(at path: String) -> SceneError {
        SceneError(path: path, reason: "the layer tree is deeper than \(Scene.maximumDepth) layers")
    }
    static func tooManyLayers(at path: String) -> SceneError {
        SceneError(path: path, reason: "the scene has more than \(Scene.maximumLayerCount) layers")
    }
    static func duplicateField(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "duplicate field \(quoted(name))")
    }

    /// `s` in double quotes, JSON-escaped, shortened when long.
    static func quoted(_ s: String) -> String { JSONValue.string(s).briefDescription }
}
