import Foundation
import Strata
import StrataScene

extension LottieReader {
    /// A property holding one number (`{"a": 0, "k": 5}` or keyframes).
    mutating func scalar(_ json: JSONValue, at path: String) throws(LottieError) -> LottieProperty<Double> {
        var found: [LottieWarning] = []
        let result = try property(json, at: path, warnings: &found) {
            (v: JSONValue, p: String) throws(LottieError) -> Double in
            if case .array(let a) = v {
                guard let first = a.first else {
                    throw LottieError(path: p, reason: "an empty array where a number belongs")
                }
                return try number(first, at: p + "[0]")
            }
            return try number(v, at: p)
        }
        for w in found { warn(w) }
        return result
    }

    /// A property holding several numbers (a point, a scale, a colour).
    mutating func vector(_ json: JSONValue, at path: String) throws(LottieError) -> LottieProperty<LottieVector> {
        var found: [LottieWarning] = []
        let result = try property(json, at: path, warnings: &found) {
            (v: JSONValue, p: String) throws(LottieError) -> LottieVector in
            try vectorValue(v, at: p)
        }
        for w in found { warn(w) }
        return result
    }

    func vectorValue(_ v: JSONValue, at p: String) throws(LottieError) -> LottieVector {
        switch v {
        case .number(let n): return [n]
        case .array(let a):
            var values: [Double] = []
            values.reserveCapacity(a.count)
            for (i, e) in a.enumerated() { values.append(try number(e, at: "\(p)[\(i)]")) }
            return LottieVector(values)
        default: throw .wrongType("a number or an array of numbers", got: v, at: p)
        }
    }

    /// A property holding a Bézier shape (`sh`'s `ks`, a mask's `pt`).
    mutating func bezierProperty(_ json: JSONValue, at path: String) throws(LottieError) -> LottieProperty<LottieBezier>
    {
        var found: [LottieWarning] = []
        let result = try property(json, at: path, warnings: &found) {
            (v: JSONValue, p: String) throws(LottieError) -> LottieBezier in
            try bezier(v, at: p)
        }
        for w in found { warn(w) }
        return result
    }

    func bezier(_ json: JSONValue, at path: String) throws(LottieError) -> LottieBezier {
        // Keyframe values wrap the shape in a one-element array.
        if case .array(let a) = json {
            guard let first = a.first else {
                throw LottieError(path: path, reason: "an empty array where a shape belongs")
            }
            return try bezier(first, at: path + "[0]")
        }
        let object = try self.object(json, at: path)
        func points(_ key: String) throws(LottieError) -> [LottieVector] {
            guard let list = object[key] else { return [] }
            var out: [LottieVector] = []
            for (i, item) in try array(list, at: path + "." + key).enumerated() {
                let v = try vectorValue(item, at: "\(path).\(key)[\(i)]")
                out.append(LottieVector([v[0], v[1]]))
            }
            return out
        }
        guard object["v"] != nil else { throw .missing("v", at: path) }
        let vertices = try points("v")
        var ins = try points("i"), outs = try points("o")
        // Missing tangents are zero (straight lines).
        if ins.count < vertices.count { ins += Array(repeating: [0, 0], count: vertices.count - ins.count) }
        if outs.count < vertices.count { outs += Array(repeating: [0, 0], count: vertices.count - outs.count) }
        return LottieBezier(
            vertices: vertices, inTangents: Array(ins.prefix(vertices.count)),
            outTangents: Array(outs.prefix(vertices.count)),
            isClosed: try optionalBool(object, "c", at: path) ?? false)
    }

    /// A Lottie animatable property: `{"a": 0|1, "k": value | [keyframe…], "x": expression}`.
    ///
    /// Keyframes follow the players' rules: each keyframe eases from its `s`
    /// to its `e` (or the next keyframe's `s`) until the next keyframe's `t`;
    /// a last keyframe without an easing only marks where the one before ends.
    func property<V: LottieValue>(
        _ json: JSONValue, at path: String, warnings: inout [LottieWarning],
        decode: (JSONValue, String) throws(LottieError) -> V
    ) throws(LottieError) -> LottieProperty<V> {
        // A bare value where a property object belongs (some exporters write `"r": 0`).
        guard case .object(let object) = json else { return LottieProperty(try decode(json, path)) }
        if let x = object["x"], case .string(let expression) = x, !expression.isEmpty {
            var keyframes = object
            keyframes["x"] = nil
            let keyframed = try property(.object(keyframes), at: path, warnings: &warnings, decode: decode)
            guard let expressions else {
                warnings.append(.expression(at: path))
                return keyframed
            }
            return expressions.bake(expression, keyframed, at: path, warnings: &warnings)
        }
        guard let k = object["k"] else { throw .missing("k", at: path) }
        let kPath = path + ".k"
        guard case .array(let list) = k, case .object(let firstObject)? = list.first, firstObject["t"] != nil else {
            return LottieProperty(try decode(k, kPath))
        }
        var keyframes: [RawKeyframe<V>] = []
        keyframes.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            let p = "\(kPath)[\(i)]"
            let kf = try self.object(item, at: p)
            var time = try number(kf, "t", at: p)
            guard time.isFinite, abs(time) < 1e9 else { throw .outOfRange("keyframe time out of range", at: p + ".t") }
            if let previous = keyframes.last, time < previous.time {
                warnings.append(
                    LottieWarning(path: p + ".t", message: "keyframe times go backwards; held at the previous time"))
                time = previous.time
            }
            var frame = RawKeyframe<V>(time: time, hold: try optionalBool(kf, "h", at: p) ?? false)
            if let s = kf["s"] { frame.start = try decode(s, p + ".s") }
            if let e = kf["e"] { frame.end = try decode(e, p + ".e") }
            if let o = kf["o"] { frame.easeOut = try easing(o, at: p + ".o") }
            if let i = kf["i"] { frame.easeIn = try easing(i, at: p + ".i") }
            if let to = kf["to"], to != .null { frame.spatialOut = try vectorValue(to, at: p + ".to") }
            if let ti = kf["ti"], ti != .null { frame.spatialIn = try vectorValue(ti, at: p + ".ti") }
            keyframes.append(frame)
        }
        guard let firstValue = keyframes.first(where: { $0.start != nil })?.start ?? keyframes.first?.end else {
            throw LottieError(path: kPath, reason: "keyframes without values")
        }
        if keyframes.count == 1 { return LottieProperty(keyframes[0].start ?? firstValue) }
        var segments: [LottieSegment<V>] = []
        segments.reserveCapacity(keyframes.count - 1)
        var current = firstValue
        for i in 0..<(keyframes.count - 1) {
            let k = keyframes[i], next = keyframes[i + 1]
            let from = k.start ?? current
            let to = k.end ?? next.start ?? from
            segments.append(
                LottieSegment(
                    startTime: k.time, endTime: next.time, from: from, to: to, hold: k.hold,
                    easeOut: k.easeOut ?? .linearOut, easeIn: k.easeIn ?? .linearIn,
                    spatialOut: k.spatialOut, spatialIn: k.spatialIn))
            current = to
        }
        // A last keyframe with a value of its own that differs from where the last segment ends: it jumps there.
        if let last = keyframes.last, let start = last.start, start != current, last.easeIn != nil || last.hold {
            segments.append(LottieSegment(startTime: last.time, endTime: last.time, from: start, to: start, hold: true))
        }
        return LottieProperty(segments: segments)
    }

    func easing(_ json: JSONValue, at path: String) throws(LottieError) -> LottieEasing {
        let object = try self.object(json, at: path)
        func list(_ key: String) throws(LottieError) -> [Double] {
            guard let v = object[key] else { return [] }
            return try vectorValue(v, at: path + "." + key).values
        }
        return LottieEasing(x: try list("x"), y: try list("y"))
    }
}

/// A keyframe as written, before it is turned into segments.
struct RawKeyframe<V> {
    var time: Double
    var start: V?
    var end: V?
    var hold: Bool
    var easeOut: LottieEasing?
    var easeIn: LottieEasing?
    var spatialOut: LottieVector?
    var spatialIn: LottieVector?

    init(time: Double, hold: Bool) {
        self.time = time
        self.hold = hold
    }
}
