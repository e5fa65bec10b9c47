import Foundation

// Every error the Strata module throws for input from outside (files, images,
// path data, scene files), with its message, in one place so the wording stays
// consistent. Programmer mistakes are preconditions, not errors.

// MARK: - Images

/// An image file that could not be read or decoded.
public struct ImageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file (or label) the image came from.
    public let file: String
    /// What went wrong.
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

extension ImageError {
    /// The file does not exist.
    static func notFound(_ file: String) -> ImageError {
        ImageError(file: file, reason: "no such file")
    }

    /// The file exists but could not be read (permissions, a directory, I/O).
    static func unreadable(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot read the file: \(why)")
    }

    /// The file is larger than any image Strata decodes could come from.
    static func fileTooLarge(_ file: String, bytes: Int, limit: Int) -> ImageError {
        ImageError(file: file, reason: "the file is \(bytes) bytes, over the \(limit)-byte limit")
    }

    /// The image's size is over the decoding limits.
    static func imageTooLarge(_ file: String, width: Int, height: Int, maxDimension: Int, maxBytes: Int) -> ImageError {
        ImageError(file: file, reason: "the image is \(width)×\(height) pixels; images may be at most "
                   + "\(maxDimension)×\(maxDimension) and \(maxBytes) bytes decoded")
    }

    /// libpng rejected the data (not a PNG, corrupt, truncated); `message` is libpng's.
    static func invalidPNG(_ file: String, _ message: String) -> ImageError {
        ImageError(file: file, reason: "not a valid PNG file: \(message.isEmpty ? "unknown libpng error" : message)")
    }

    /// The image could not be encoded as PNG.
    static func cannotEncode(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot encode as PNG: \(why)")
    }

    /// The encoded PNG could not be written.
    static func cannotWrite(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot write the file: \(why)")
    }
}

// MARK: - Path data

/// SVG path data that could not be parsed.
public struct PathDataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Offset of the offending character in the path data.
    public let offset: Int
    /// What went wrong.
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "path data at offset \(offset): \(reason)" }
}

extension PathDataError {
    // The wording of every SVG path data error, in one place.

    static func missingMove(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "path data must start with a move (M or m), found \"\(found)\"")
    }

    static func unexpected(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "expected a command letter, found \"\(found)\"")
    }

    static func expectedNumber(at offset: Int, found: String?, command: String) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected a number for \"\(command)\", \(what)")
    }

    static func expectedFlag(at offset: Int, found: String?) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected an arc flag (0 or 1), \(what)")
    }

    static func outOfRange(at offset: Int, number: String) -> PathDataError {
        PathDataError(offset: offset, reason: "number \"\(number)\" is out of range")
    }

    static func pointOutOfRange(at offset: Int) -> PathDataError {
        PathDataError(offset: offset,
                      reason: "the point is out of range (a relative coordinate added to the current point overflows)")
    }

    static func numberAfterClose(at offset: Int) -> PathDataError {
        PathDataError(offset: offset, reason: "a number cannot follow \"Z\"; expected a command letter")
    }
}

// MARK: - Scene files

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
        SceneError(path: path, reason: "unknown value \(quoted(value)), expected one of \(choices.joined(separator: ", "))")
    }
    static func unknownOp(_ name: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "unknown op \(quoted(name))")
    }
    static func badColour(_ value: JSONValue, at path: String) -> SceneError {
        SceneError(path: path, reason: "bad colour \(value.briefDescription): expected \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]")
    }
    static func notFinite(at path: String) -> SceneError {
        SceneError(path: path, reason: "number is not finite")
    }
    static func outOfRange(_ value: Double, _ range: String, at path: String) -> SceneError {
        SceneError(path: path, reason: "\(JSONValue.format(value)) is out of range \(range)")
    }
    static func unknownKeyPath(_ keyPath: String, type: String?, at path: String) -> SceneError {
        SceneError(path: path, reason: "unknown key path \(quoted(keyPath))" + (type.map { " for type \(quoted($0))" } ?? ""))
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

// MARK: - Fonts

/// No default font file was found (see `FontLocator`); `searched` lists every
/// place looked, in order. StrataRender reports it as `RenderError.fontNotFound`;
/// Core Text drawing into a `CGContext` draws no text without a font.
package struct FontNotFound: Error, Equatable, CustomStringConvertible, Sendable {
    package let searched: [String]

    package init(searched: [String]) { self.searched = searched }

    package var description: String {
        "no default font (DejaVuSans.ttf) found; install Debian's fonts-dejavu-core or set "
            + "STRATA_FONT to a .ttf file; looked in: " + searched.joined(separator: ", ")
    }
}
