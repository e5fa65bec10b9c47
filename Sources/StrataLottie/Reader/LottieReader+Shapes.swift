import Foundation
import Strata
import StrataScene

extension LottieReader {
    /// A shape layer's `shapes` or a group's `it`.
    mutating func shapeItems(_ json: JSONValue, at path: String, depth: Int) throws(LottieError) -> [LottieShapeItem] {
        guard depth < LottieLimits.maximumGroupDepth else { throw .shapesTooDeep(at: path) }
        var items: [LottieShapeItem] = []
        for (i, item) in try array(json, at: path).enumerated() {
            if let parsed = try shapeItem(item, at: "\(path)[\(i)]", depth: depth) { items.append(parsed) }
        }
        return items
    }

    mutating func shapeItem(_ json: JSONValue, at path: String, depth: Int) throws(LottieError) -> LottieShapeItem? {
        let object = try self.object(json, at: path)
        let type = try optionalString(object, "ty", at: path) ?? ""
        // Hidden items are not drawn (rlottie and lottie-web leave them out).
        if try optionalBool(object, "hd", at: path) == true { return nil }
        let source = LottieSource(path: path, name: try optionalString(object, "nm", at: path))
        func prop(_ key: String, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
            guard let v = object[key] else { return LottieProperty(fallback) }
            return try scalar(v, at: path + "." + key)
        }
        func vec(_ key: String, _ fallback: LottieVector) throws(LottieError) -> LottieProperty<LottieVector> {
            guard let v = object[key] else { return LottieProperty(fallback) }
            return try vector(v, at: path + "." + key)
        }
        // `d` is a shape's direction, but a stroke's dashes.
        let isShape = ["rc", "el", "sh", "sr"].contains(type)
        let d = isShape ? try optionalNumber(object, "d", at: path) : nil
        let direction: LottieDirection = d == 3 ? .counterClockwise : .clockwise
        switch type {
        case "gr":
            let items = try shapeItems(object["it"] ?? .array([]), at: path + ".it", depth: depth + 1)
            var transform = LottieTransform()
            for case .transform(let t) in items { transform = t }
            return .group(LottieShapeGroup(source: source, items: items, transform: transform))
        case "tr":
            return .transform(try self.transform(json, at: path, is3DLayer: false))
        case "rc":
            return .rectangle(
                LottieRectangle(
                    source: source, position: try vec("p", [0, 0]),
                    size: try vec("s", [0, 0]), roundness: try prop("r", 0),
                    direction: direction))
        case "el":
            return .ellipse(
                LottieEllipse(
                    source: source, position: try vec("p", [0, 0]), size: try vec("s", [0, 0]),
                    direction: direction))
        case "sh":
            guard let ks = object["ks"] else { throw .missing("ks", at: path) }
            return .path(
                LottiePath(source: source, shape: try bezierProperty(ks, at: path + ".ks"), direction: direction))
        case "sr":
            return .polystar(
                LottiePolystar(
                    source: source, isStar: try optionalNumber(object, "sy", at: path) != 2,
                    position: try vec("p", [0, 0]), points: try prop("pt", 5), rotation: try prop("r", 0),
                    outerRadius: try prop("or", 0), outerRoundness: try prop("os", 0),
                    innerRadius: try prop("ir", 0), innerRoundness: try prop("is", 0), direction: direction))
        case "fl":
            return .fill(
                LottieFill(
                    source: source, color: try vec("c", [0, 0, 0]), opacity: try prop("o", 100),
                    evenOdd: try optionalNumber(object, "r", at: path) == 2))
        case "st":
            return .stroke(
                LottieStroke(
                    source: source, color: try vec("c", [0, 0, 0]), opacity: try prop("o", 100),
                    style: try strokeStyle(object, at: path)))
        case "gf":
            return .gradientFill(
                LottieGradientFill(
                    source: source, gradient: try gradient(object, at: path),
                    evenOdd: try optionalNumber(object, "r", at: path) == 2))
        case "gs":
            return .gradientStroke(
                LottieGradientStroke(
                    source: source, gradient: try gradient(object, at: path),
                    style: try strokeStyle(object, at: path)))
        case "tm":
            return .trim(
                LottieTrim(
                    source: source, start: try prop("s", 0), end: try prop("e", 100),
                    offset: try prop("o", 0),
                    individually: try optionalNumber(object, "m", at: path) == 2))
        case "rp":
            let trObject: JSONObject
            if let tr = object["tr"] {
                trObject = try self.object(tr, at: path + ".tr")
            } else {
                trObject = JSONObject()
            }
            let trPath = path + ".tr"
            func trVec(_ key: String, _ fallback: LottieVector) throws(LottieError) -> LottieProperty<LottieVector> {
                guard let v = trObject[key] else { return LottieProperty(fallback) }
                return try vector(v, at: trPath + "." + key)
            }
            func trProp(_ key: String, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
                guard let v = trObject[key] else { return LottieProperty(fallback) }
                return try scalar(v, at: trPath + "." + key)
            }
            return .repeater(
                LottieRepeater(
                    source: source, copies: try prop("c", 1), offset: try prop("o", 0),
                    composite: LottieReader.int(try optionalNumber(object, "m", at: path) ?? 1),
                    anchor: try trVec("a", [0, 0]), position: try trVec("p", [0, 0]),
                    scale: try trVec("s", [100, 100]),
                    rotation: try trProp("r", 0), startOpacity: try trProp("so", 100), endOpacity: try trProp("eo", 100)
                ))
        case "rd":
            return .roundCorners(LottieRoundCorners(source: source, radius: try prop("r", 0)))
        case "mm":
            let raw = LottieReader.int(try optionalNumber(object, "mm", at: path) ?? 1)
            guard let mode = LottieMergePaths.Mode(rawValue: raw) else {
                warn(.mergePaths(raw, at: path))
                return .mergePaths(LottieMergePaths(source: source, mode: .merge))
            }
            return .mergePaths(LottieMergePaths(source: source, mode: mode))
        case "op":
            return .offsetPath(
                LottieOffsetPath(
                    source: source, amount: try prop("a", 0),
                    lineJoin: LottieReader.int(try optionalNumber(object, "lj", at: path) ?? 1),
                    miterLimit: try prop("ml", 4)))
        case "pb":
            return .puckerBloat(LottiePuckerBloat(source: source, amount: try prop("a", 0)))
        case "tw":
            return .twist(LottieTwist(source: source, angle: try prop("a", 0), center: try vec("c", [0, 0])))
        case "zz":
            return .zigZag(
                LottieZigZag(
                    source: source, size: try prop("s", 0), ridges: try prop("r", 0),
                    pointType: try prop("pt", 1)))
        default:
            warn(.unknownShape(type, at: path))
            return .ignored(type)
        }
    }

    mutating func strokeStyle(_ object: JSONObject, at path: String) throws(LottieError) -> LottieStrokeStyle {
        var dashes: [LottieDash] = []
        if let list = object["d"] {
            for (i, item) in try array(list, at: path + ".d").enumerated() {
                let p = "\(path).d[\(i)]"
                let dash = try self.object(item, at: p)
                let kind = try optionalString(dash, "n", at: p) ?? "d"
                guard let v = dash["v"] else { throw .missing("v", at: p) }
                dashes.append(LottieDash(kind: kind, length: try scalar(v, at: p + ".v")))
            }
        }
        // Newer exporters write the miter limit as a property (`ml2`).
        var miterLimit = try optionalNumber(object, "ml", at: path) ?? 4
        if let ml2 = object["ml2"] { miterLimit = try scalar(ml2, at: path + ".ml2").value }
        return LottieStrokeStyle(
            width: try object["w"].map { j throws(LottieError) in try scalar(j, at: path + ".w") } ?? LottieProperty(1),
            lineCap: LottieReader.int(try optionalNumber(object, "lc", at: path) ?? 1),
            lineJoin: LottieReader.int(try optionalNumber(object, "lj", at: path) ?? 1),
            miterLimit: miterLimit,
            dashes: dashes)
    }

    mutating func gradient(_ object: JSONObject, at path: String) throws(LottieError) -> LottieGradient {
        guard let g = object["g"] else { throw .missing("g", at: path) }
        let gObject = try self.object(g, at: path + ".g")
        guard let k = gObject["k"] else { throw .missing("k", at: path + ".g") }
        let stops = try vector(k, at: path + ".g.k")
        let count = LottieReader.int(
            try optionalNumber(gObject, "p", at: path + ".g") ?? Double(stops.value.values.count / 4))
        guard count >= 0, count * 4 <= stops.value.values.count || stops.isAnimated else {
            throw .outOfRange(
                "\(count) colour stops need \(count * 4) numbers, got \(stops.value.values.count)",
                at: path + ".g.p")
        }
        func vec(_ key: String) throws(LottieError) -> LottieProperty<LottieVector> {
            guard let v = object[key] else { return LottieProperty([0, 0]) }
            return try vector(v, at: path + "." + key)
        }
        func prop(_ key: String, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
            guard let v = object[key] else { return LottieProperty(fallback) }
            return try scalar(v, at: path + "." + key)
        }
        let gradient = LottieGradient(
            isRadial: try optionalNumber(object, "t", at: path) == 2, startPoint: try vec("s"), endPoint: try vec("e"),
            highlightLength: try prop("h", 0), highlightAngle: try prop("a", 0), colorCount: count, stops: stops,
            opacity: try prop("o", 100))
        return gradient
    }
}
