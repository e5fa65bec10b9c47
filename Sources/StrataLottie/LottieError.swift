import Foundation
import Strata
import StrataScene

// Every error and warning StrataLottie reports for a Lottie file, with its
// wording, in one place so the messages stay consistent. Programmer mistakes
// are preconditions, not errors.

/// A Lottie file that could not be read: what is wrong, and where.
public struct LottieError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file, as it was named to `LottieComposition.load(contentsOf:)`; nil for data read from memory.
    public let file: String?
    /// Where in the file: `layers[2].shapes[0].it[1].s.k[0].t`; empty for file-level errors.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// An error at `path` of `file`.
    public init(file: String? = nil, path: String, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    /// `file: path: reason` without the empty parts, on one line (control characters escaped).
    public var description: String {
        let text = [file ?? "", path, reason].filter { !$0.isEmpty }.joined(separator: ": ")
        return LottieWarning.oneLine(text)
    }

    /// The same error, in `file`.
    func inFile(_ file: String) -> LottieError { LottieError(file: file, path: path, reason: reason) }
}

extension LottieError {
    static func missing(_ field: String, at path: String) -> LottieError {
        LottieError(path: path, reason: "missing field \"\(field)\"")
    }

    static func wrongType(_ expected: String, got value: JSONValue, at path: String) -> LottieError {
        LottieError(path: path, reason: "expected \(expected), got \(value.lottieKind)")
    }

    static func outOfRange(_ what: String, at path: String) -> LottieError {
        LottieError(path: path, reason: what)
    }

    static func fileTooLarge(_ bytes: Int) -> LottieError {
        LottieError(
            path: "", reason: "the file is \(bytes) bytes, over the \(LottieComposition.maximumFileSize)-byte limit")
    }

    static func notLottie(_ why: String) -> LottieError {
        LottieError(path: "", reason: "not a Lottie (Bodymovin) animation: \(why)")
    }

    static func tooManyLayers(at path: String) -> LottieError {
        LottieError(path: path, reason: "the animation builds more than \(LottieLimits.maximumBuiltLayers) layers")
    }

    static func precompTooDeep(at path: String) -> LottieError {
        LottieError(path: path, reason: "precompositions nest deeper than \(LottieLimits.maximumPrecompDepth) levels")
    }

    static func precompCycle(_ id: String, at path: String) -> LottieError {
        LottieError(path: path, reason: "precomposition \"\(id)\" contains itself")
    }

    static func shapesTooDeep(at path: String) -> LottieError {
        LottieError(path: path, reason: "shape groups nest deeper than \(LottieLimits.maximumGroupDepth) levels")
    }

    /// A JSON syntax error from Strata's parser, restated as a Lottie error.
    static func json(_ error: SceneError) -> LottieError {
        LottieError(path: error.path, reason: error.reason)
    }
}

/// Something in a Lottie file that Strata does not draw as the file asks
/// (text on a path, some effects and blend modes, expressions it cannot
/// evaluate…): the file still plays, and the warning says
/// what is left out or approximated, on one line.
public struct LottieWarning: Equatable, Hashable, CustomStringConvertible, Sendable {
    /// Where in the file: `layers[3]`.
    public let path: String
    /// What is not supported, and what is drawn instead.
    public let message: String

    /// A warning about what is at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, on one line.
    public var description: String { Self.oneLine(path.isEmpty ? message : "\(path): \(message)") }

    /// `text` with control characters escaped, so it stays on one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return text.unicodeScalars.map { c in
            c.value < 0x20 || c.value == 0x7F ? String(format: "\\u{%02X}", c.value) : String(c)
        }.joined()
    }
}

extension LottieWarning {
    static func expression(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "expressions are not supported; the keyframes are used as they are")
    }
    static func expressionNotEvaluated(layer: String?, at path: String, why: String) -> LottieWarning {
        let name = layer.map { "layer \"\($0)\": " } ?? ""
        return LottieWarning(path: path, message: "\(name)expression not evaluated (\(why)); the keyframes are used")
    }
    static func effect(type: Int?, name: String?, matchName: String?, at path: String) -> LottieWarning {
        let what = [type.map { "ty \($0)" }, matchName].compactMap { $0 }.joined(separator: ", ")
        let named = name.map { " \"\($0)\"" } ?? ""
        return LottieWarning(
            path: path, message: "layer effect\(named)\(what.isEmpty ? "" : " (\(what))") is not supported; left out")
    }
    static func strokeEffect(_ ignored: [String], at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "stroke effect: not drawn as asked: " + ignored.joined(separator: ", "))
    }
    static func strokeEffectMask(_ why: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "stroke effect left out: \(why)")
    }
    static func effectUnreadable(_ why: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "layer effect left out: \(why)")
    }
    static func layerStyles(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "layer styles are not supported; left out")
    }
    static func textOnPath(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "text on a path is not supported; the text is laid out on lines")
    }
    static func textSelector(_ what: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "text animator: \(what)")
    }
    static func textGrouping(_ grouping: Int, at path: String) -> LottieWarning {
        LottieWarning(
            path: path,
            message:
                "anchor point grouping \(grouping) is not supported; characters scale and rotate about their own origins"
        )
    }
    static func textAnimatedAnchor(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "an animated text anchor point is not supported; its first value is used")
    }
    static func textFontFile(_ name: String, at path: String) -> LottieWarning {
        LottieWarning(
            path: path,
            message: "font \"\(name)\" is loaded from a file or URL, which is not supported; an installed font is used")
    }
    static func textFont(_ name: String, at path: String) -> LottieWarning {
        LottieWarning(
            path: path, message: "font \"\(name)\" is not installed; drawn with the default font (DejaVu Sans)")
    }
    static func textNoFont(at path: String) -> LottieWarning {
        LottieWarning(
            path: path, message: "no font is installed for characters the file has no glyphs for; they are left out")
    }
    static func textMissingGlyphs(_ font: String, at path: String) -> LottieWarning {
        LottieWarning(
            path: path,
            message: "some characters have no glyphs in the file's chars; drawn with the installed font \"\(font)\"")
    }
    static func textTooLong(_ what: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "text with \(what); the rest is left out")
    }
    static func textUnreadable(_ why: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "left out: \(why)")
    }
    static func unknownLayer(_ type: Int, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "layer type \(type) is not supported; drawn as a null layer")
    }
    static func camera(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "cameras are not supported; 3D layers are drawn without perspective")
    }
    static func blendMode(_ mode: Int, at path: String) -> LottieWarning {
        let names = [
            "normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
            "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color",
            "luminosity", "add", "hard mix",
        ]
        let name = names.indices.contains(mode) ? " (\(names[mode]))" : ""
        return LottieWarning(path: path, message: "blend mode \(mode)\(name) is not supported; drawn as normal")
    }
    static func unknownShape(_ type: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "shape item \"\(type)\" is not supported; left out")
    }
    static func mergePaths(_ mode: Int, at path: String) -> LottieWarning {
        LottieWarning(
            path: path, message: "unknown merge paths mode \(mode); the paths are merged as they are (mode 1)")
    }
    static func matte(_ what: String, at path: String) -> LottieWarning {
        LottieWarning(
            path: path,
            message:
                "\(what) track mattes are not supported; \(what == "luma" || what == "inverted luma" ? "approximated from the matte's colours" : "left out")"
        )
    }
    static func maskMode(_ mode: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "mask mode \"\(mode)\" is not supported; treated as add")
    }
    static func image(_ why: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "image not drawn: \(why)")
    }
    static func animatedDashes(at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "animated dash lengths are not supported; the first keyframe's are used")
    }
    static func missingAsset(_ id: String, at path: String) -> LottieWarning {
        LottieWarning(path: path, message: "no asset with id \"\(id)\"; the layer is left out")
    }
    static func bakedTooLong(at path: String) -> LottieWarning {
        LottieWarning(
            path: path,
            message: "the animation is longer than \(LottieLimits.maximumSamples) frames; "
                + "values that are sampled per frame are sampled more sparsely")
    }
}

extension JSONValue {
    /// The kind of value, for messages: `a number`, `a string`…
    var lottieKind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
