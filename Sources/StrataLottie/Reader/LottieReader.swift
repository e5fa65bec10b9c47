import Foundation
import Strata
import StrataScene

/// Reads Lottie JSON into a ``LottieComposition``: every field used is
/// checked, and the first wrong one is thrown as a ``LottieError`` with its
/// path (`layers[2].ks.p.k[0].t`); what is read but not drawn is collected
/// as warnings.
struct LottieReader {
    var warnings: [LottieWarning] = []
    /// Warnings already given, so a repeated cause is reported once per place.
    private var warned: Set<LottieWarning> = []
    /// Evaluates expressions (`x`) into keyframes as properties are read; nil: they warn and keep their keyframes.
    var expressions: LottieExpressionBaker?

    mutating func warn(_ warning: LottieWarning) {
        if warned.insert(warning).inserted { warnings.append(warning) }
    }

    mutating func read(_ data: Data, baseURL: URL?) throws(LottieError) -> LottieComposition {
        if data.count > LottieComposition.maximumFileSize { throw .fileTooLarge(data.count) }
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch { throw .json(error) }
        guard case .object(let top) = json else { throw .notLottie("the file is not a JSON object") }
        guard top["layers"] != nil else { throw .notLottie("it has no \"layers\"") }

        let frameRate = try number(top, "fr", at: "")
        guard frameRate > 0, frameRate <= 1000 else {
            throw .outOfRange("frame rate must be in (0, 1000], got \(frameRate)", at: "fr")
        }
        let inPoint = try number(top, "ip", at: "")
        let outPoint = try number(top, "op", at: "")
        guard outPoint >= inPoint else { throw .outOfRange("op (\(outPoint)) is before ip (\(inPoint))", at: "op") }
        let width = try number(top, "w", at: "")
        let height = try number(top, "h", at: "")
        for (key, side) in [("w", width), ("h", height)] where !(side > 0 && side <= LottieLimits.maximumCanvasSide) {
            throw .outOfRange(
                "the canvas side must be in (0, \(Int(LottieLimits.maximumCanvasSide))], got \(side)", at: key)
        }
        expressions = LottieExpressionBaker(
            top: top, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
            width: width, height: height)
        var assets: [String: LottieAsset] = [:]
        if let list = top["assets"] {
            for (i, item) in try array(list, at: "assets").enumerated() {
                let path = "assets[\(i)]"
                let object = try self.object(item, at: path)
                guard let idJSON = object["id"] else { throw .missing("id", at: path) }
                let id = try identifier(idJSON, at: path + ".id")
                assets[id] = try asset(object, at: path)
            }
        }
        let layers = try self.layers(top["layers"]!, at: "layers")
        var markers: [LottieMarker] = []
        if let list = top["markers"] {
            for (i, item) in try array(list, at: "markers").enumerated() {
                let path = "markers[\(i)]"
                let object = try self.object(item, at: path)
                markers.append(
                    LottieMarker(
                        name: try optionalString(object, "cm", at: path) ?? "",
                        time: try optionalNumber(object, "tm", at: path) ?? 0,
                        duration: try optionalNumber(object, "dr", at: path) ?? 0))
            }
        }
        let fonts = top["fonts"].map { self.fonts($0) } ?? []
        let characters = top["chars"].map { self.characters($0) } ?? []
        return LottieComposition(
            version: try optionalString(top, "v", at: "") ?? "", name: try optionalString(top, "nm", at: ""),
            frameRate: frameRate, inPoint: inPoint, outPoint: outPoint, width: width, height: height,
            layers: layers, assets: assets, markers: markers, fonts: fonts, characters: characters,
            warnings: warnings, baseURL: baseURL)
    }

    // MARK: Assets

    mutating func asset(_ object: JSONObject, at path: String) throws(LottieError) -> LottieAsset {
        if let layerList = object["layers"] {
            return .precomposition(
                layers: try layers(layerList, at: path + ".layers"),
                frameRate: try optionalNumber(object, "fr", at: path))
        }
        let width = try optionalNumber(object, "w", at: path) ?? 0
        let height = try optionalNumber(object, "h", at: path) ?? 0
        let name = try optionalString(object, "p", at: path) ?? ""
        let folder = try optionalString(object, "u", at: path) ?? ""
        let embedded = try optionalBool(object, "e", at: path) ?? false
        if name.hasPrefix("data:") {
            guard let comma = name.firstIndex(of: ","),
                let data = Data(
                    base64Encoded: String(name[name.index(after: comma)...]),
                    options: .ignoreUnknownCharacters)
            else {
                throw LottieError(path: path + ".p", reason: "an embedded image that is not base64 data")
            }
            return .image(width: width, height: height, file: nil, data: data)
        }
        if embedded { throw LottieError(path: path + ".p", reason: "an embedded image (e = 1) without a data: URL") }
        return .image(width: width, height: height, file: folder + name, data: nil)
    }

    // MARK: Layers

    mutating func layers(_ json: JSONValue, at path: String) throws(LottieError) -> [LottieLayer] {
        var result: [LottieLayer] = []
        for (i, item) in try array(json, at: path).enumerated() {
            result.append(try layer(item, at: "\(path)[\(i)]"))
        }
        return result
    }

    mutating func layer(_ json: JSONValue, at path: String) throws(LottieError) -> LottieLayer {
        let object = try self.object(json, at: path)
        let type = try integer(object, "ty", at: path)
        let name = try optionalString(object, "nm", at: path)
        let source = LottieSource(path: path, name: name)
        let content: LottieLayer.Content
        switch type {
        case 0:
            guard let ref = object["refId"] else { throw .missing("refId", at: path) }
            content = .precomposition(
                id: try identifier(ref, at: path + ".refId"),
                width: try optionalNumber(object, "w", at: path) ?? 0,
                height: try optionalNumber(object, "h", at: path) ?? 0)
        case 1:
            let hex = try optionalString(object, "sc", at: path) ?? "#000000"
            content = .solid(
                color: Self.color(hex: hex), width: try optionalNumber(object, "sw", at: path) ?? 0,
                height: try optionalNumber(object, "sh", at: path) ?? 0)
        case 2:
            guard let ref = object["refId"] else { throw .missing("refId", at: path) }
            content = .image(id: try identifier(ref, at: path + ".refId"))
        case 3:
            content = .null
        case 4:
            content = .shapes(try shapeItems(object["shapes"] ?? .array([]), at: path + ".shapes", depth: 0))
        case 5:
            if object["t"] == nil {
                warn(LottieWarning(path: path, message: "a text layer without text (t) draws nothing"))
                content = .null
            } else {
                content = .text(try text(object["t"], at: path + ".t"))
            }
        case 13:
            warn(.camera(at: path))
            content = .null
        default:
            warn(.unknownLayer(type, at: path))
            content = .null
        }
        let ks: LottieTransform
        var isHidden = try optionalBool(object, "hd", at: path) ?? false
        if let transformJSON = object["ks"] {
            ks = try transform(transformJSON, at: path + ".ks", is3DLayer: true)
        } else {
            // Not a valid layer (rlottie leaves such layers out too).
            warn(LottieWarning(path: path, message: "a layer without a transform (ks) is left out"))
            ks = LottieTransform()
            isHidden = true
        }
        let effects = object["ef"].map { self.effects($0, at: path + ".ef") } ?? []
        if let styles = object["sy"], case .array(let list) = styles, !list.isEmpty { warn(.layerStyles(at: path)) }
        var blendMode = LottieLayer.BlendMode.normal
        if let bm = try optionalNumber(object, "bm", at: path), bm != 0 {
            let mode = LottieLayer.BlendMode(rawValue: LottieReader.int(bm))
            if let mode, mode.compositingFilter != nil {
                blendMode = mode
            } else {
                warn(.blendMode(LottieReader.int(bm), at: path))
            }
        }
        var masks: [LottieMask] = []
        if let list = object["masksProperties"] {
            for (i, item) in try array(list, at: path + ".masksProperties").enumerated() {
                masks.append(try mask(item, at: "\(path).masksProperties[\(i)]"))
            }
        }
        var matte: LottieLayer.MatteMode?
        if let tt = try optionalNumber(object, "tt", at: path), tt != 0 {
            guard let mode = LottieLayer.MatteMode(rawValue: LottieReader.int(tt)) else {
                throw .outOfRange("unknown track matte mode \(JSONValue.format(tt))", at: path + ".tt")
            }
            matte = mode
        }
        let stretch = try optionalNumber(object, "sr", at: path) ?? 1
        guard stretch != 0 else { throw .outOfRange("time stretch must not be 0", at: path + ".sr") }
        var remap: LottieProperty<Double>?
        if let tm = object["tm"] { remap = try scalar(tm, at: path + ".tm") }
        return LottieLayer(
            source: source, content: content,
            index: try optionalNumber(object, "ind", at: path).map(LottieReader.int),
            parent: try optionalNumber(object, "parent", at: path).map(LottieReader.int),
            inPoint: try optionalNumber(object, "ip", at: path) ?? 0,
            outPoint: try optionalNumber(object, "op", at: path) ?? 0,
            startTime: try optionalNumber(object, "st", at: path) ?? 0,
            timeStretch: stretch, timeRemap: remap, transform: ks,
            autoOrient: try optionalBool(object, "ao", at: path) ?? false,
            isHidden: isHidden,
            is3D: try optionalBool(object, "ddd", at: path) ?? false,
            isMatteSource: try optionalBool(object, "td", at: path) ?? false,
            matteMode: matte,
            matteParent: try optionalNumber(object, "tp", at: path).map(LottieReader.int),
            masks: masks, blendMode: blendMode, effects: effects)
    }

    mutating func mask(_ json: JSONValue, at path: String) throws(LottieError) -> LottieMask {
        let object = try self.object(json, at: path)
        let modeName = try optionalString(object, "mode", at: path) ?? "a"
        let mode = LottieMask.Mode(rawValue: String(modeName.prefix(1))) ?? .add
        if mode == .lighten || mode == .darken || mode == .difference { warn(.maskMode(modeName, at: path)) }
        guard let pt = object["pt"] else { throw .missing("pt", at: path) }
        return LottieMask(
            source: LottieSource(path: path, name: try optionalString(object, "nm", at: path)),
            mode: mode, inverted: try optionalBool(object, "inv", at: path) ?? false,
            shape: try bezierProperty(pt, at: path + ".pt"),
            opacity: try object["o"].map { j throws(LottieError) in try scalar(j, at: path + ".o") }
                ?? LottieProperty(100),
            expansion: try object["x"].map { j throws(LottieError) in try scalar(j, at: path + ".x") }
                ?? LottieProperty(0))
    }

    // MARK: Transforms

    mutating func transform(_ json: JSONValue, at path: String, is3DLayer: Bool) throws(LottieError) -> LottieTransform
    {
        let object = try self.object(json, at: path)
        var t = LottieTransform()
        if let a = object["a"] { t.anchor = try vector(a, at: path + ".a") }
        if let p = object["p"] {
            let pObject = try self.object(p, at: path + ".p")
            if try optionalBool(pObject, "s", at: path + ".p") == true {
                guard let x = pObject["x"] else { throw .missing("x", at: path + ".p") }
                guard let y = pObject["y"] else { throw .missing("y", at: path + ".p") }
                t.positionX = try scalar(x, at: path + ".p.x")
                t.positionY = try scalar(y, at: path + ".p.y")
            } else {
                t.position = try vector(p, at: path + ".p")
            }
        }
        if let s = object["s"] { t.scale = try vector(s, at: path + ".s") }
        if let r = object["r"] { t.rotation = try scalar(r, at: path + ".r") }
        if let rz = object["rz"] { t.rotation = try scalar(rz, at: path + ".rz") }
        if let o = object["o"] { t.opacity = try scalar(o, at: path + ".o") }
        if let sk = object["sk"] { t.skew = try scalar(sk, at: path + ".sk") }
        if let sa = object["sa"] { t.skewAxis = try scalar(sa, at: path + ".sa") }
        if let rx = object["rx"] { t.rotationX = try scalar(rx, at: path + ".rx") }
        if let ry = object["ry"] { t.rotationY = try scalar(ry, at: path + ".ry") }
        if let or = object["or"] { t.orientation = try vector(or, at: path + ".or") }
        return t
    }

    // MARK: JSON helpers

    func object(_ json: JSONValue, at path: String) throws(LottieError) -> JSONObject {
        guard case .object(let o) = json else { throw .wrongType("an object", got: json, at: path) }
        return o
    }

    func array(_ json: JSONValue, at path: String) throws(LottieError) -> [JSONValue] {
        guard case .array(let a) = json else { throw .wrongType("an array", got: json, at: path) }
        return a
    }

    func number(_ json: JSONValue, at path: String) throws(LottieError) -> Double {
        switch json {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: throw .wrongType("a number", got: json, at: path)
        }
    }

    func number(_ object: JSONObject, _ key: String, at path: String) throws(LottieError) -> Double {
        guard let v = object[key] else { throw .missing(key, at: path) }
        return try number(v, at: Self.join(path, key))
    }

    func optionalNumber(_ object: JSONObject, _ key: String, at path: String) throws(LottieError) -> Double? {
        guard let v = object[key], v != .null else { return nil }
        // A one-number array where a number belongs is common (`"r": [5]`); read its first number.
        if case .array(let a) = v, let first = a.first { return try number(first, at: Self.join(path, key) + "[0]") }
        return try number(v, at: Self.join(path, key))
    }

    func integer(_ object: JSONObject, _ key: String, at path: String) throws(LottieError) -> Int {
        let v = try number(object, key, at: path)
        guard v.rounded() == v, abs(v) < 1e9 else {
            throw .outOfRange("expected a whole number, got \(JSONValue.format(v))", at: Self.join(path, key))
        }
        return Int(v)
    }

    func optionalBool(_ object: JSONObject, _ key: String, at path: String) throws(LottieError) -> Bool? {
        guard let v = object[key], v != .null else { return nil }
        switch v {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: throw .wrongType("a boolean", got: v, at: Self.join(path, key))
        }
    }

    func optionalString(_ object: JSONObject, _ key: String, at path: String) throws(LottieError) -> String? {
        guard let v = object[key], v != .null else { return nil }
        guard case .string(let s) = v else { throw .wrongType("a string", got: v, at: Self.join(path, key)) }
        return s
    }

    /// An asset id or reference: a string, or a number written as one.
    func identifier(_ json: JSONValue, at path: String) throws(LottieError) -> String {
        switch json {
        case .string(let s): return s
        case .number(let n): return JSONValue.format(n)
        default: throw .wrongType("a string", got: json, at: path)
        }
    }

    /// A number as a whole number, clamped (never traps on huge or fractional values).
    static func int(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(max(min(v.rounded(.towardZero), 1e15), -1e15))
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// `#rrggbb` as RGB in 0...1 (black when malformed, as rlottie does).
    static func color(hex: String) -> LottieVector {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return [0, 0, 0] }
        func byte(_ i: Int) -> Double {
            let s = String(decoding: digits[i..<(i + 2)], as: UTF8.self)
            return Double(UInt8(s, radix: 16) ?? 0) / 255
        }
        return [byte(1), byte(3), byte(5)]
    }
}
