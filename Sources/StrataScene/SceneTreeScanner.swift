import Foundation
import Strata

/// One pass over a scene file's bytes that counts the layers of its tree and
/// measures its depth without building any values, so that a file over
/// ``Scene/maximumLayerCount`` or ``Scene/maximumDepth`` is rejected after
/// reading only as far as the limit, in memory for one frame per tree level.
///
/// Parsing a file into `JSONValue`s costs several times its size, and a
/// 64 MiB file can hold millions of layers; this scan runs first so that such
/// a file never gets that far.
///
/// The scan follows only what the limits need: the top-level `root`, and in
/// each layer its `mask` and `sublayers`. Layers are counted in file order,
/// depth first, so the error names the first layer past a limit. Everything
/// else is skipped unchecked; where the bytes stop being JSON the scan can
/// follow, it gives up and leaves the error to the parser, which reports
/// syntax properly.
struct SceneTreeScanner {
    /// What a scan found.
    enum Outcome: Equatable {
        /// The tree was read to its end: this many layers, masks included, within the limits.
        case counted(Int)
        /// The file has no `root` layer the scan could find (the reader says what is wrong).
        case noTree
        /// The bytes are not JSON the scan could follow.
        case malformed
        /// A limit was crossed: the error to report.
        case overLimit(SceneError)
    }

    /// Scans `data`, a scene file.
    static func scan(_ data: Data) -> Outcome {
        data.withUnsafeBytes { raw in
            var scanner = SceneTreeScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.scanDocument()
        }
    }

    /// Throws the limit error when `data`'s tree is too deep or has too many layers.
    static func checkLimits(_ data: Data) throws(SceneError) {
        if case .overLimit(let error) = scan(data) { throw error }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var layerCount = 0

    /// How a layer hangs from its parent, for the path in an error.
    enum Step {
        case root, mask, sublayer(Int)
    }

    /// The containers of the tree being read, innermost last: layers, and the
    /// `sublayers` arrays between them with the number of elements begun.
    enum Frame {
        case layer(Step)
        case sublayers(begun: Int)
    }
    var frames: [Frame] = []
    var layerDepth = 0

    /// The keys the scan tells apart.
    enum Key { case root, sublayers, mask, other }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    // MARK: The tree

    mutating func scanDocument() -> Outcome {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return .malformed }
        i += 1
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { return .noTree }
        while true {
            guard let key = readKey() else { return .malformed }
            if key == .root && i < bytes.count && bytes[i] == UInt8(ascii: "{") {
                // The rest of the file does not matter to the limits.
                return scanTree()
            }
            guard skipValue() else { return .malformed }
            skipWhitespace()
            guard i < bytes.count else { return .malformed }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): return .noTree
            default: return .malformed
            }
        }
    }

    /// Reads the layer tree from the `{` of the root layer to its `}`.
    mutating func scanTree() -> Outcome {
        if let error = enterLayer(.root) { return .overLimit(error) }
        // Whether the innermost container has just read a value and wants `,` or
        // its end; false only just after it opens (a `,` is followed at once by a member).
        var afterValue = false
        while let frame = frames.last {
            skipWhitespace()
            guard i < bytes.count else { return .malformed }
            let b = bytes[i]
            switch frame {
            case .layer:
                if b == UInt8(ascii: "}") {
                    i += 1
                    leave()
                    afterValue = true
                    continue
                }
                if afterValue {
                    guard b == UInt8(ascii: ",") else { return .malformed }
                    i += 1
                }
                guard let key = readKey() else { return .malformed }
                guard i < bytes.count else { return .malformed }
                if key == .sublayers && bytes[i] == UInt8(ascii: "[") {
                    i += 1
                    frames.append(.sublayers(begun: 0))
                    afterValue = false
                } else if key == .mask && bytes[i] == UInt8(ascii: "{") {
                    if let error = enterLayer(.mask) { return .overLimit(error) }
                    afterValue = false
                } else {
                    guard skipValue() else { return .malformed }
                    afterValue = true
                }
            case .sublayers(let begun):
                if b == UInt8(ascii: "]") {
                    i += 1
                    frames.removeLast()
                    afterValue = true
                    continue
                }
                if afterValue {
                    guard b == UInt8(ascii: ",") else { return .malformed }
                    i += 1
                    skipWhitespace()
                    guard i < bytes.count else { return .malformed }
                }
                frames[frames.count - 1] = .sublayers(begun: begun + 1)
                if bytes[i] == UInt8(ascii: "{") {
                    if let error = enterLayer(.sublayer(begun)) { return .overLimit(error) }
                    afterValue = false
                } else {
                    guard skipValue() else { return .malformed }
                    afterValue = true
                }
            }
        }
        return .counted(layerCount)
    }

    /// Counts the layer whose `{` is at `i` and steps inside it, or returns the limit it crosses.
    mutating func enterLayer(_ step: Step) -> SceneError? {
        // Depth before count, as a reader walking the tree meets them.
        guard layerDepth < Scene.maximumDepth else { return .tooDeep(at: path(adding: step)) }
        layerCount += 1
        guard layerCount <= Scene.maximumLayerCount else { return .tooManyLayers(at: path(adding: step)) }
        frames.append(.layer(step))
        layerDepth += 1
        i += 1
        return nil
    }

    mutating func leave() {
        frames.removeLast()
        layerDepth -= 1
    }

    /// The path of a layer reached by `step` from the innermost frame: `root.sublayers[3].mask`.
    func path(adding step: Step) -> String {
        var out = ""
        for case .layer(let s) in frames { out += SceneTreeScanner.describe(s) }
        return out + SceneTreeScanner.describe(step)
    }

    static func describe(_ step: Step) -> String {
        switch step {
        case .root: return "root"
        case .mask: return ".mask"
        case .sublayer(let k): return ".sublayers[\(k)]"
        }
    }

    // MARK: Tokens

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// Reads `"key" :` and the whitespace after it; nil if the bytes are not that.
    mutating func readKey() -> Key? {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let start = i + 1
        guard skipString() else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)])
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipWhitespace()
        return SceneTreeScanner.key(body)
    }

    /// Which key the bytes between the quotes spell, escapes decoded.
    static func key(_ body: UnsafeBufferPointer<UInt8>) -> Key {
        func match(_ word: some Collection<UInt8>) -> Key {
            if word.elementsEqual("root".utf8) { return .root }
            if word.elementsEqual("sublayers".utf8) { return .sublayers }
            if word.elementsEqual("mask".utf8) { return .mask }
            return .other
        }
        guard body.contains(UInt8(ascii: "\\")) else { return match(body) }
        // An escaped key ("sub\u006cayers") is the same key; the keys that
        // matter are short ASCII, so anything longer or wider is another key.
        guard body.count <= 64 else { return .other }
        var decoded: [UInt8] = []
        var k = 0
        while k < body.count {
            let b = body[k]
            guard b == UInt8(ascii: "\\") else {
                decoded.append(b)
                k += 1
                continue
            }
            guard k + 1 < body.count, body[k + 1] == UInt8(ascii: "u"), k + 6 <= body.count,
                let scalar = UInt32(String(decoding: body[(k + 2)..<(k + 6)], as: UTF8.self), radix: 16),
                scalar < 0x80
            else { return .other }
            decoded.append(UInt8(scalar))
            k += 6
        }
        return match(decoded)
    }

    /// Steps past the string whose `"` is at `i`; false at the end of the file.
    mutating func skipString() -> Bool {
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return true
            case UInt8(ascii: "\\"): i += 2
            default: i += 1
            }
        }
        return false
    }

    /// Steps past the value that starts at `i`, nested containers and all,
    /// without checking it; false when there is no value or the file ends inside it.
    mutating func skipValue() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // Only the nesting is counted: whether brackets match is the parser's to say.
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                default: break
                }
                i += 1
            }
            return false
        default:
            // A number or literal: up to the next delimiter.
            let start = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"),
                    UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""),
                    0x20, 0x0A, 0x0D, 0x09:
                    return i > start
                default: i += 1
                }
            }
            return i > start
        }
    }
}
