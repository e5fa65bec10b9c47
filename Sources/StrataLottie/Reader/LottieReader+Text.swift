import Foundation
import Strata
import StrataScene

extension LottieReader {
    // MARK: Fonts and glyphs

    /// `fonts.list`; a malformed entry is left out with a warning.
    mutating func fonts(_ json: JSONValue) -> [LottieFont] {
        guard case .object(let object) = json, let list = object["list"], case .array(let items) = list else {
            return []
        }
        var fonts: [LottieFont] = []
        for (i, item) in items.enumerated() {
            let path = "fonts.list[\(i)]"
            do throws(LottieError) {
                let o = try self.object(item, at: path)
                let name = try optionalString(o, "fName", at: path) ?? ""
                let family = try optionalString(o, "fFamily", at: path) ?? name
                fonts.append(
                    LottieFont(
                        name: name, family: family, style: try optionalString(o, "fStyle", at: path) ?? "",
                        ascent: try optionalNumber(o, "ascent", at: path)))
                if let origin = try optionalNumber(o, "origin", at: path), origin != 0,
                    (try optionalString(o, "fPath", at: path)).map({ !$0.isEmpty }) ?? false
                {
                    warn(.textFontFile(name, at: path))
                }
            } catch {
                warn(.textUnreadable(error.reason, at: error.path))
            }
        }
        return fonts
    }

    /// `chars`; a malformed glyph is left out with a warning (text falls back to the installed font for it).
    mutating func characters(_ json: JSONValue) -> [LottieCharacter] {
        guard case .array(let items) = json else { return [] }
        var characters: [LottieCharacter] = []
        for (i, item) in items.enumerated() {
            let path = "chars[\(i)]"
            do throws(LottieError) {
                let o = try object(item, at: path)
                guard let ch = try optionalString(o, "ch", at: path), !ch.isEmpty else { continue }
                var shapes: [LottieShapeItem] = []
                if let data = o["data"], case .object(let d) = data, let list = d["shapes"] {
                    shapes = try shapeItems(list, at: path + ".data.shapes", depth: 0)
                }
                characters.append(
                    LottieCharacter(
                        character: ch, family: try optionalString(o, "fFamily", at: path) ?? "",
                        style: try optionalString(o, "style", at: path) ?? "",
                        width: try optionalNumber(o, "w", at: path) ?? 0, shapes: shapes))
            } catch {
                warn(.textUnreadable(error.reason, at: error.path))
            }
        }
        return characters
    }

    // MARK: Text layers

    /// A text layer's `t`.
    mutating func text(_ json: JSONValue?, at path: String) throws(LottieError) -> LottieText {
        guard let json else { throw .missing("t", at: path) }
        let object = try self.object(json, at: path)
        guard let d = object["d"] else { throw .missing("d", at: path) }
        let dObject = try self.object(d, at: path + ".d")
        if let x = dObject["x"], case .string(let code) = x, !code.isEmpty { warn(.expression(at: path + ".d")) }
        var documents: [LottieText.Keyframe] = []
        switch dObject["k"] {
        case .array(let list)?:
            for (i, item) in list.enumerated() {
                let p = "\(path).d.k[\(i)]"
                let kf = try self.object(item, at: p)
                guard let s = kf["s"] else { throw .missing("s", at: p) }
                let time = try optionalNumber(kf, "t", at: p) ?? 0
                guard time.isFinite else { throw .outOfRange("keyframe time out of range", at: p + ".t") }
                if documents.count == LottieLimits.maximumTextDocuments {
                    warn(.textTooLong("more than \(LottieLimits.maximumTextDocuments) documents", at: path + ".d"))
                    break
                }
                documents.append(LottieText.Keyframe(time: time, document: try document(s, at: p + ".s")))
            }
        case .object?:
            documents.append(LottieText.Keyframe(time: 0, document: try document(dObject["k"]!, at: path + ".d.k")))
        default:
            throw .missing("k", at: path + ".d")
        }
        guard !documents.isEmpty else {
            throw LottieError(path: path + ".d.k", reason: "a text layer without documents")
        }
        documents.sort { $0.time < $1.time }
        if let p = object["p"], case .object(let follow) = p, follow["m"] != nil { warn(.textOnPath(at: path + ".p")) }
        var anchor: LottieVector = [0, 0]
        var grouping = 1
        if let m = object["m"], case .object(let options) = m {
            if let a = options["a"] {
                let property = try vector(a, at: path + ".m.a")
                if property.isAnimated { warn(.textAnimatedAnchor(at: path + ".m.a")) }
                anchor = property.value
            }
            grouping = LottieReader.int(try optionalNumber(options, "g", at: path + ".m") ?? 1)
        }
        var animators: [LottieText.Animator] = []
        if let a = object["a"] {
            for (i, item) in try array(a, at: path + ".a").enumerated() {
                if let animator = try animator(item, at: "\(path).a[\(i)]") { animators.append(animator) }
            }
        }
        if grouping != 1, animators.contains(where: { $0.style.scale != nil || $0.style.rotation != nil }) {
            warn(.textGrouping(grouping, at: path + ".m.g"))
        }
        return LottieText(documents: documents, animators: animators, anchor: anchor)
    }

    mutating func document(_ json: JSONValue, at path: String) throws(LottieError) -> LottieText.Document {
        let o = try object(json, at: path)
        var d = LottieText.Document()
        if let size = try optionalNumber(o, "s", at: path) {
            guard size.isFinite, size >= 0, size <= 10_000 else {
                throw .outOfRange("font size must be in [0, 10000], got \(JSONValue.format(size))", at: path + ".s")
            }
            d.size = size
        }
        d.font = try optionalString(o, "f", at: path) ?? ""
        d.text = try optionalString(o, "t", at: path) ?? ""
        d.justification = LottieReader.int(try optionalNumber(o, "j", at: path) ?? 0)
        d.tracking = Self.finite(try optionalNumber(o, "tr", at: path)) ?? 0
        d.lineHeight = Self.finite(try optionalNumber(o, "lh", at: path))
        d.baselineShift = Self.finite(try optionalNumber(o, "ls", at: path)) ?? 0
        d.fillColor = try o["fc"].map { v throws(LottieError) in Self.textColor(try vectorValue(v, at: path + ".fc")) }
        d.strokeColor = try o["sc"].map { v throws(LottieError) in Self.textColor(try vectorValue(v, at: path + ".sc"))
        }
        d.strokeWidth = max(0, min(Self.finite(try optionalNumber(o, "sw", at: path)) ?? 0, 10_000))
        d.strokeOverFill = try optionalBool(o, "of", at: path) ?? true
        if let sz = o["sz"], sz != .null {
            let size = try vectorValue(sz, at: path + ".sz")
            if size.values.count >= 2, size[0] > 0, size[0].isFinite, size[1].isFinite {
                d.boxSize = size
                d.boxPosition =
                    try o["ps"].map { v throws(LottieError) in try vectorValue(v, at: path + ".ps") } ?? [0, 0]
            }
        }
        return d
    }

    mutating func animator(_ json: JSONValue, at path: String) throws(LottieError) -> LottieText.Animator? {
        let o = try object(json, at: path)
        var selector = LottieText.Selector()
        if let s = o["s"] {
            let sp = path + ".s"
            let so = try object(s, at: sp)
            if try optionalNumber(so, "t", at: sp) == 1 {
                warn(.textSelector("expression selectors are not supported; the animator is left out", at: sp))
                return nil
            }
            if let v = so["s"] { selector.start = try scalar(v, at: sp + ".s") }
            if let v = so["e"] { selector.end = try scalar(v, at: sp + ".e") }
            if let v = so["o"] { selector.offset = try scalar(v, at: sp + ".o") }
            if let v = so["a"] { selector.amount = try scalar(v, at: sp + ".a") }
            if let v = so["sm"] { selector.smoothness = try scalar(v, at: sp + ".sm") }
            if let v = so["xe"] { selector.easeHigh = try scalar(v, at: sp + ".xe") }
            if let v = so["ne"] { selector.easeLow = try scalar(v, at: sp + ".ne") }
            selector.inUnits = try optionalNumber(so, "r", at: sp) == 2
            let basis = LottieReader.int(try optionalNumber(so, "b", at: sp) ?? 1)
            selector.basis = LottieText.Selector.Basis(rawValue: basis) ?? .characters
            let shape = LottieReader.int(try optionalNumber(so, "sh", at: sp) ?? 1)
            if let known = LottieText.Selector.Shape(rawValue: shape) {
                selector.shape = known
            } else {
                warn(.textSelector("selector shape \(shape) is not supported; drawn as square", at: sp + ".sh"))
            }
            if try optionalBool(so, "rn", at: sp) == true {
                warn(.textSelector("randomized order is not supported; characters are taken in order", at: sp + ".rn"))
            }
        }
        var style = LottieText.Style()
        if let a = o["a"] {
            let ap = path + ".a"
            let ao = try object(a, at: ap)
            func scalarOf(_ key: String) throws(LottieError) -> LottieProperty<Double>? {
                try ao[key].map { v throws(LottieError) in try scalar(v, at: ap + "." + key) }
            }
            func vectorOf(_ key: String) throws(LottieError) -> LottieProperty<LottieVector>? {
                try ao[key].map { v throws(LottieError) in try vector(v, at: ap + "." + key) }
            }
            style.opacity = try scalarOf("o")
            style.position = try vectorOf("p")
            style.scale = try vectorOf("s")
            style.rotation = try scalarOf("r")
            if style.rotation == nil { style.rotation = try scalarOf("rz") }
            style.fillColor = try vectorOf("fc")
            style.fillOpacity = try scalarOf("fo")
            style.strokeColor = try vectorOf("sc")
            style.strokeOpacity = try scalarOf("so")
            style.strokeWidth = try scalarOf("sw")
            style.tracking = try scalarOf("t")
            for key in ["a", "sk", "sa", "fh", "fs", "fb", "ls", "rx", "ry"] where ao[key] != nil {
                warn(.textSelector("animator property \"\(key)\" is not supported; left out", at: ap + "." + key))
            }
        }
        return LottieText.Animator(
            source: LottieSource(path: path, name: try optionalString(o, "nm", at: path)),
            selector: selector, style: style)
    }

    static func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }

    /// A document colour: RGB in 0...1 (some exporters write 0...255).
    static func textColor(_ v: LottieVector) -> LottieVector {
        let rgb = (0..<3).map { v[$0] }
        let scale = rgb.contains { $0 > 1 } ? 255.0 : 1.0
        return LottieVector(rgb.map { min(max($0 / scale, 0), 1) })
    }
}
