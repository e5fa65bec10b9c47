import Foundation
import Strata

extension SceneAnimation {
    /// An animation's fields and their JSON Schemas: the reader accepts exactly
    /// these names, and ``SceneSchema`` lists them. The values' schemas depend
    /// on `keyPath`; ``SceneSchema`` adds them per key path.
    static let fields: KeyValuePairs<String, JSONValue> = {
        typealias S = JSONSchema
        return [
            "keyPath": S.described(
                S.string, "a layer property or Core Animation sub-key: transform.rotation.y, position.x, …"),
            "fromValue": S.any, "toValue": S.any, "byValue": S.any,
            "values": S.array(of: S.any, minItems: 1),
            "keyTimes": S.described(S.array(of: S.unit), "one per value, not decreasing"),
            "timingFunction": SceneValueDecoder.Schemas.timingFunction,
            "timingFunctions": S.described(S.array(of: SceneValueDecoder.Schemas.timingFunction), "one per segment"),
            "calculationMode": S.oneOf(names: calculationModes),
            "duration": S.described(S.nonNegative, "seconds; 0 means 0.25"),
            "beginTime": S.described(S.number, "scene time, seconds"),
            "repeatCount": S.described(S.nonNegative, "3.4028235e38 repeats forever"),
            "autoreverses": S.bool,
            "fillMode": S.oneOf(names: fillModes.map(\.key)),
            "additive": S.bool,
            "cumulative": S.bool,
        ]
    }()

    /// The fill modes a scene file may name.
    static let fillModes: KeyValuePairs<String, CAMediaTimingFillMode> = [
        "removed": .removed, "forwards": .forwards, "backwards": .backwards, "both": .both,
    ]

    /// Reads one animation of `layer` (of `type`) at `path`, decoding every value once to check it.
    static func read(
        _ json: JSONValue, at path: String, layer: CALayer, layerPath: String,
        type: SceneLayerType, images: SceneImageTable
    ) throws(SceneError) -> SceneAnimation {
        typealias D = SceneValueDecoder
        let object = try D.object(json, at: path)
        guard let keyPathJSON = object["keyPath"] else { throw .missingField("keyPath", at: path) }
        let keyPath = try D.string(keyPathJSON, at: path + ".keyPath")
        guard D.isKnownKeyPath(keyPath, for: type) else {
            throw .unknownKeyPath(keyPath, type: type.rawValue, at: path + ".keyPath")
        }
        func check(_ value: JSONValue, at p: String) throws(SceneError) {
            _ = try D.decodeValue(value, forKeyPath: keyPath, of: type, at: p, images: images)
        }
        var a = SceneAnimation(layer: layer, layerPath: layerPath, path: path, keyPath: keyPath)
        var keyframeOnly: String? = nil
        for member in object.members {
            guard fields.contains(where: { $0.key == member.key }) else { throw .unknownField(member.key, at: path) }
            let p = JSONParser.append(key: member.key, to: path)
            let v = member.value
            switch member.key {
            case "keyPath": continue
            case "fromValue": try check(v, at: p); a.fromValue = v
            case "toValue": try check(v, at: p); a.toValue = v
            case "byValue": try check(v, at: p); a.byValue = v
            case "values":
                let items = try D.array(v, at: p)
                guard !items.isEmpty else { throw SceneError(path: p, reason: "needs at least one value") }
                for (k, item) in items.enumerated() { try check(item, at: "\(p)[\(k)]") }
                a.values = items
            case "keyTimes":
                var times: [Double] = []
                for (k, item) in try D.array(v, at: p).enumerated() {
                    let t = try D.unit(item, at: "\(p)[\(k)]")
                    if let last = times.last, t < last {
                        throw SceneError(
                            path: "\(p)[\(k)]",
                            reason:
                                "key times must not decrease, got \(JSONValue.format(t)) after \(JSONValue.format(last))"
                        )
                    }
                    times.append(t)
                }
                a.keyTimes = times
                keyframeOnly = keyframeOnly ?? member.key
            case "timingFunction": a.timingFunction = try D.timingFunction(v, at: p)
            case "timingFunctions":
                var functions: [SceneTimingFunction] = []
                for (k, item) in try D.array(v, at: p).enumerated() {
                    functions.append(try D.timingFunction(item, at: "\(p)[\(k)]"))
                }
                a.timingFunctions = functions
                keyframeOnly = keyframeOnly ?? member.key
            case "calculationMode":
                let mode = try D.string(v, at: p)
                guard SceneAnimation.calculationModes.contains(mode) else {
                    throw .unknownValue(mode, expected: SceneAnimation.calculationModes, at: p)
                }
                a.calculationMode = mode
                keyframeOnly = keyframeOnly ?? member.key
            case "duration": a.duration = try D.nonNegative(v, at: p)
            case "beginTime": a.beginTime = try D.number(v, at: p)
            case "repeatCount": a.repeatCount = Float(try D.nonNegative(v, at: p))
            case "autoreverses": a.autoreverses = try D.bool(v, at: p)
            case "fillMode":
                a.fillMode = try D.choice(v, fillModes, at: p)
            case "additive": a.isAdditive = try D.bool(v, at: p)
            case "cumulative": a.isCumulative = try D.bool(v, at: p)
            default: throw .unknownField(member.key, at: path)
            }
        }
        if let values = a.values {
            if a.fromValue != nil || a.toValue != nil || a.byValue != nil {
                throw SceneError(
                    path: path, reason: "an animation has \"values\" or \"fromValue\"/\"toValue\"/\"byValue\", not both"
                )
            }
            if let times = a.keyTimes, times.count != values.count {
                throw SceneError(
                    path: path + ".keyTimes",
                    reason: "expected \(values.count) key times (one per value), got \(times.count)")
            }
            if let functions = a.timingFunctions, functions.count != values.count - 1 {
                throw SceneError(
                    path: path + ".timingFunctions",
                    reason: "expected \(values.count - 1) timing functions (one per segment), got \(functions.count)")
            }
        } else if let field = keyframeOnly {
            throw SceneError(path: path, reason: "\(SceneError.quoted(field)) needs \"values\"")
        }
        return a
    }

    /// The animation as scene JSON (keys sorted, defaults left out).
    func json() throws(SceneError) -> JSONValue {
        if animation != nil { throw SceneError(path: path, reason: "an animation made in code cannot be written") }
        var m: [(String, JSONValue)] = [("keyPath", .string(keyPath))]
        func raw(_ key: String, _ value: JSONValue?) throws(SceneError) {
            guard let value else { return }
            try value.checkFinite(at: JSONParser.append(key: key, to: path))
            m.append((key, value.sortedByKey()))
        }
        try raw("fromValue", fromValue)
        try raw("toValue", toValue)
        try raw("byValue", byValue)
        try raw("values", values.map { JSONValue.array($0) })
        if let keyTimes { m.append(("keyTimes", try finiteJSON(keyTimes.map { CGFloat($0) }, at: path + ".keyTimes"))) }
        if let timingFunction { m.append(("timingFunction", timingFunction.json)) }
        if let timingFunctions { m.append(("timingFunctions", .array(timingFunctions.map(\.json)))) }
        if calculationMode != "linear" { m.append(("calculationMode", .string(calculationMode))) }
        if duration != 0 { m.append(("duration", try finiteJSON(duration, at: path + ".duration"))) }
        if beginTime != 0 { m.append(("beginTime", try finiteJSON(beginTime, at: path + ".beginTime"))) }
        if repeatCount != 0 {
            guard repeatCount.isFinite else { throw .notFinite(at: path + ".repeatCount") }
            m.append(("repeatCount", .float(repeatCount)))
        }
        if autoreverses { m.append(("autoreverses", .bool(true))) }
        if fillMode != .removed { m.append(("fillMode", .string(fillMode.rawValue))) }
        if isAdditive { m.append(("additive", .bool(true))) }
        if isCumulative { m.append(("cumulative", .bool(true))) }
        return .object(JSONObject(m).sortedByKey())
    }
}

extension JSONValue {
    /// Throws if any number in the value is not finite (JSON cannot hold it).
    func checkFinite(at path: String) throws(SceneError) {
        switch self {
        case .number(let n): if !n.isFinite { throw .notFinite(at: path) }
        case .array(let items): for (k, item) in items.enumerated() { try item.checkFinite(at: "\(path)[\(k)]") }
        case .object(let object):
            for member in object.members {
                try member.value.checkFinite(at: JSONParser.append(key: member.key, to: path))
            }
        default: break
        }
    }
}
