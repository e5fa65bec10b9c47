import Foundation
import StrataScene

/// Bakes a Lottie file's expressions at import: each property with an
/// expression (`x`) is evaluated at every frame of its composition's time
/// that the animation shows (in the property's own time, through its
/// precompositions' start, stretch and time remapping) and becomes linear
/// keyframes through the results (holds where its own keyframes all hold),
/// so the mapping plays it as any keyframed property.
///
/// Expressions run in Debian's Duktape (``LottieScript``) with After
/// Effects' globals (``LottieExpressionPrelude``). An expression that does
/// not compile, throws, gives a value of the wrong shape or runs over its
/// budget leaves the property's keyframes as they are, with one warning
/// naming the layer and the property. Other layers' transforms
/// (`thisComp.layer(…).transform.position`) are read with their own
/// expressions baked first.
final class LottieExpressionBaker {
    /// What an expression became.
    enum Outcome {
        /// Values at `frames`, shaped to the property.
        case baked(frames: [Double], samples: [[Double]])
        /// Why the keyframes are used instead.
        case failed(String)
    }

    struct Composition {
        var name: String
        var layers: [JSONObject]
        /// The `id` of the precomposition asset; nil for the root composition.
        var assetID: String?
    }

    let frameRate: Double
    let inPoint: Double
    let outPoint: Double
    let width: Double
    let height: Double
    /// Compositions by the path of their layer list: `layers`, `assets[2].layers`.
    private(set) var compositions: [String: Composition] = [:]
    private var outcomes: [String: Outcome] = [:]
    private var inProgress: Set<String> = []
    private var ranges: [String: ClosedRange<Double>] = [:]
    private var rangesInProgress: Set<String> = []
    private var transforms: [String: LottieTransform?] = [:]
    /// Effect controls' values by path (`layers[0].ef[1].ef[0].v`), read once.
    private var effectControls: [String: LottieProperty<LottieVector>?] = [:]
    /// The scripts' data about each composition and its layers, as JSON text.
    private var compositionJSON: [String: String] = [:]
    private var evaluationsLeft = LottieLimits.maximumExpressionEvaluations
    private var stepsLeft = LottieLimits.maximumExpressionSteps
    private var secondsUsed = 0.0
    private var nesting = 0

    /// The baker of the file whose top-level object is `top` (its `fr`, `ip`, `op`, `w` and `h` already checked).
    init(top: JSONObject, frameRate: Double, inPoint: Double, outPoint: Double, width: Double, height: Double) {
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.width = width
        self.height = height
        func objects(_ json: JSONValue?) -> [JSONObject] {
            guard case .array(let list)? = json else { return [] }
            return list.map { if case .object(let o) = $0 { return o } else { return JSONObject() } }
        }
        var rootName = "Composition"
        if case .string(let name)? = top["nm"] { rootName = name }
        compositions["layers"] = Composition(name: rootName, layers: objects(top["layers"]), assetID: nil)
        if case .array(let assets)? = top["assets"] {
            for (i, item) in assets.enumerated() {
                guard case .object(let asset) = item, asset["layers"] != nil else { continue }
                let id: String
                switch asset["id"] {
                case .string(let s)?: id = s
                case .number(let n)?: id = JSONValue.format(n)
                default: continue
                }
                var name = id
                if case .string(let nm)? = asset["nm"] { name = nm }
                compositions["assets[\(i)].layers"] = Composition(
                    name: name, layers: objects(asset["layers"]), assetID: id)
            }
        }
    }

    // MARK: Baking

    /// `keyframed` with its expression baked in, or as it is with a warning.
    func bake<V: LottieValue>(
        _ expression: String, _ keyframed: LottieProperty<V>, at path: String,
        warnings: inout [LottieWarning]
    ) -> LottieProperty<V> {
        guard let type = V.self as? any LottieExpressionValue.Type else {
            warnings.append(
                .expressionNotEvaluated(
                    layer: layerName(at: path), at: path,
                    why: "expressions on paths are not evaluated"))
            return keyframed
        }
        let outcome: Outcome
        if let done = outcomes[path] {
            outcome = done
        } else if inProgress.contains(path) || nesting >= LottieLimits.maximumExpressionNesting {
            // Read through another layer while it is being baked (layers that read each other): its keyframes.
            return keyframed
        } else {
            inProgress.insert(path)
            nesting += 1
            outcome = evaluate(expression, keyframed, type: type, at: path)
            nesting -= 1
            inProgress.remove(path)
            outcomes[path] = outcome
        }
        switch outcome {
        case .failed(let reason):
            warnings.append(.expressionNotEvaluated(layer: layerName(at: path), at: path, why: reason))
            return keyframed
        case .baked(let frames, let samples):
            let values = samples.map { type.init(expressionNumbers: $0) as! V }
            guard values.count > 1 else { return LottieProperty(values[0]) }
            // Values that jump (the keyframes all hold) stay jumps; the rest is linear between frames.
            let hold = !keyframed.segments.isEmpty && keyframed.segments.allSatisfy(\.hold)
            var segments: [LottieSegment<V>] = []
            segments.reserveCapacity(values.count - 1)
            for i in 0..<(values.count - 1) {
                segments.append(
                    LottieSegment(
                        startTime: frames[i], endTime: frames[i + 1], from: values[i],
                        to: values[i + 1], hold: hold))
            }
            return LottieProperty(segments: segments)
        }
    }

    private func evaluate<V: LottieValue>(
        _ expression: String, _ keyframed: LottieProperty<V>,
        type: any LottieExpressionValue.Type, at path: String
    ) -> Outcome {
        guard expression.utf8.count <= LottieLimits.maximumExpressionLength else {
            return .failed("the expression is longer than \(LottieLimits.maximumExpressionLength) bytes")
        }
        guard let (compositionKey, layerIndex) = Self.locate(path), let composition = compositions[compositionKey],
            composition.layers.indices.contains(layerIndex)
        else {
            return .failed("the property is not in a layer")
        }
        guard evaluationsLeft > 0, stepsLeft > 0, secondsUsed < LottieLimits.maximumExpressionSeconds else {
            return .failed("the file's expressions used up their time")
        }
        let code: String
        do { code = try LottieExpressionSource.instrument(expression) } catch { return .failed(error.reason) }

        let numbers: (Double) -> [Double]
        if let position = keyframed as? LottieProperty<LottieVector>, position.isSpatial {
            numbers = { position.spatialValue(at: $0).values }
        } else {
            numbers = { (keyframed.value(at: $0) as! any LottieExpressionValue).expressionNumbers }
        }
        let scalar = type.isExpressionScalar
        let dimensions = scalar ? 1 : max(1, (keyframed.value as! any LottieExpressionValue).expressionNumbers.count)
        let frames = Self.sampleFrames(frameRange(of: compositionKey))
        let start = Date()
        defer { secondsUsed += Date().timeIntervalSince(start) }

        guard let script = LottieScript(memoryLimit: LottieLimits.maximumExpressionMemory) else {
            return .failed("the script engine could not start")
        }
        script.lookup = { [unowned self] layer, property, frame in
            if layer == -1 {
                guard property == 0 else { return nil }
                let n = numbers(frame)
                return scalar ? .number(n.first ?? 0) : .array(n)
            }
            return self.layerProperty(compositionKey, layer: layer, property: property, frame: frame)
        }
        var keys: [JSONValue] = []
        var previous = -Double.infinity
        for t in keyframed.keyframeTimes where t > previous {
            let n = numbers(t)
            // JSON has no infinity: keyframes near the largest doubles can interpolate to one.
            let values = n.map { JSONValue.number($0.isFinite ? $0 : 0) }
            keys.append(.array([.number(t / frameRate), scalar ? values.first ?? .number(0) : .array(values)]))
            previous = t
        }
        let maxSteps = min(LottieLimits.maximumExpressionStepsPerProperty, stepsLeft)
        let data = JSONValue.object(
            JSONObject([
                ("frameRate", .number(frameRate)), ("seed", .number(Double(Self.seed(path)))),
                ("maxSteps", .number(Double(maxSteps))), ("keys", .array(keys)), ("layer", .number(Double(layerIndex))),
            ])
        ).prettyPrinted()
        // The composition's part is the same for all its properties: made once.
        let compositionPart: String
        if let known = compositionJSON[compositionKey] {
            compositionPart = known
        } else {
            compositionPart = JSONValue.object(
                JSONObject([
                    ("comp", compositionData(compositionKey)), ("layers", layersData(composition)),
                ])
            ).prettyPrinted()
            compositionJSON[compositionKey] = compositionPart
        }
        // Two JSON objects joined into one: {…data…, …composition…}.
        let json =
            data.trimmingCharacters(in: .whitespacesAndNewlines).dropLast() + ","
            + compositionPart.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst()
        do {
            if let bytecode = LottieExpressionPrelude.bytecode {
                try script.run(bytecode: bytecode)
            } else {
                try script.run(LottieExpressionPrelude.source)
            }
            try script.setup(json: String(json))
            try script.compile(code)
        } catch {
            return .failed(error.message)
        }
        var samples: [[Double]] = []
        samples.reserveCapacity(frames.count)
        defer { stepsLeft -= min(stepsLeft, Int(script.number("$bm_steps"))) }
        for f in frames {
            let elapsed = Date().timeIntervalSince(start)
            guard elapsed < LottieLimits.maximumExpressionSecondsPerProperty else {
                return .failed(
                    "the expression took more than \(JSONValue.format(LottieLimits.maximumExpressionSecondsPerProperty)) s"
                )
            }
            guard evaluationsLeft > 0, elapsed + secondsUsed < LottieLimits.maximumExpressionSeconds else {
                return .failed("the file's expressions used up their time")
            }
            evaluationsLeft -= 1
            let value: LottieScript.Value
            do { value = try script.evaluate(frame: f) } catch { return .failed(error.message) }
            guard let shaped = Self.shape(value, dimensions: dimensions, scalar: scalar, fill: numbers(f)) else {
                let count = value.numbers.count
                return .failed(
                    "the value is an array of \(count) number\(count == 1 ? "" : "s") where "
                        + "the property holds \(dimensions)")
            }
            samples.append(shaped)
        }
        return .baked(frames: frames, samples: samples)
    }

    /// A script's value as the property's numbers: a scalar takes the first
    /// number; a vector takes an array of at least two numbers (one where
    /// the property has one), its missing dimensions from the keyframes (`fill`).
    static func shape(_ value: LottieScript.Value, dimensions: Int, scalar: Bool, fill: [Double]) -> [Double]? {
        let numbers = value.numbers
        if scalar { return numbers.first.map { [$0] } }
        if case .number(let n) = value { return dimensions == 1 ? [n] : nil }
        guard !numbers.isEmpty, numbers.count >= min(dimensions, 2) else { return nil }
        var out = Array(numbers.prefix(dimensions))
        while out.count < dimensions { out.append(out.count < fill.count ? fill[out.count] : 0) }
        return out
    }

    // MARK: Time

    /// The frames a property is evaluated at: every whole frame over `range`
    /// (evenly fewer past ``LottieLimits/maximumSamples``).
    static func sampleFrames(_ range: ClosedRange<Double>) -> [Double] {
        let lo = range.lowerBound.rounded(.down), hi = range.upperBound.rounded(.up)
        let span = hi - lo
        guard span > 0 else { return [lo] }
        let count = Int(min(span, Double(LottieLimits.maximumSamples)))
        return (0...count).map { lo + span * Double($0) / Double(count) }
    }

    /// The frames of a composition's own time that the animation shows: the
    /// root's `ip`…`op`, and for a precomposition those of every layer that
    /// shows it, through its start, stretch or time remapping.
    func frameRange(of key: String) -> ClosedRange<Double> {
        if key == "layers" { return inPoint...max(inPoint, outPoint) }
        if let known = ranges[key] { return known }
        guard let composition = compositions[key], let id = composition.assetID,
            !rangesInProgress.contains(key)
        else { return inPoint...max(inPoint, outPoint) }
        rangesInProgress.insert(key)
        defer { rangesInProgress.remove(key) }
        var lo = Double.infinity, hi = -Double.infinity
        for (userKey, user) in compositions where userKey != key {
            for (j, layer) in user.layers.enumerated() {
                guard case .number(0)? = layer["ty"], Self.identifier(layer["refId"]) == id else { continue }
                let outer = frameRange(of: userKey)
                let stretch = Self.number(layer["sr"]) ?? 1
                guard stretch != 0 else { continue }
                if let tm = layer["tm"] {
                    var reader = LottieReader()
                    reader.expressions = self
                    guard let remap = try? reader.scalar(tm, at: "\(userKey)[\(j)].tm") else { continue }
                    for f in Self.sampleFrames(outer) {
                        let local = remap.value(at: f) * frameRate / stretch
                        lo = min(lo, local)
                        hi = max(hi, local)
                    }
                } else {
                    let start = Self.number(layer["st"]) ?? 0
                    let a = (outer.lowerBound - start) / stretch, b = (outer.upperBound - start) / stretch
                    lo = min(lo, a, b)
                    hi = max(hi, a, b)
                }
            }
        }
        if !(lo.isFinite && hi.isFinite) {
            // Shown by no layer: its layers' own spans.
            lo = composition.layers.compactMap { Self.number($0["ip"]) }.min() ?? 0
            hi = composition.layers.compactMap { Self.number($0["op"]) }.max() ?? lo
        }
        let range = lo...max(lo, hi)
        ranges[key] = range
        return range
    }

    // MARK: Other layers

    /// Property `property` (1 anchor point, 2 position, 3 scale, 4 rotation,
    /// 5 opacity; 1000 × (e + 1) + p: control p of effect e) of layer `layer`
    /// of a composition at `frame`, expressions baked.
    func layerProperty(_ key: String, layer: Int, property: Int, frame: Double) -> LottieScript.Value? {
        guard let composition = compositions[key], composition.layers.indices.contains(layer) else { return nil }
        let layerPath = "\(key)[\(layer)]"
        if property >= 1000 {
            return effectControl(
                composition.layers[layer], at: layerPath, effect: property / 1000 - 1,
                control: property % 1000, frame: frame)
        }
        guard let ks = composition.layers[layer]["ks"] else { return nil }
        let transform: LottieTransform?
        if let known = transforms[layerPath] {
            transform = known
        } else {
            var reader = LottieReader()
            reader.expressions = self
            transform = try? reader.transform(ks, at: layerPath + ".ks", is3DLayer: true)
            transforms[layerPath] = .some(transform)
        }
        guard let t = transform else { return nil }
        switch property {
        case 1: return .array(t.anchor.value(at: frame).values)
        case 2:
            if let x = t.positionX, let y = t.positionY { return .array([x.value(at: frame), y.value(at: frame)]) }
            return .array(t.position.spatialValue(at: frame).values)
        case 3: return .array(t.scale.value(at: frame).values)
        case 4: return .number(t.rotation.value(at: frame))
        case 5: return .number(t.opacity.value(at: frame))
        default: return nil
        }
    }

    /// The value `v` of control `control` of effect `effect` (`ef[effect].ef[control].v`) of a layer:
    /// one number (a slider, an angle, a checkbox) or several (a colour, a point).
    private func effectControl(
        _ layer: JSONObject, at layerPath: String, effect: Int, control: Int,
        frame: Double
    ) -> LottieScript.Value? {
        let path = "\(layerPath).ef[\(effect)].ef[\(control)].v"
        let property: LottieProperty<LottieVector>?
        if let known = effectControls[path] {
            property = known
        } else {
            guard case .array(let effects)? = layer["ef"], effects.indices.contains(effect),
                case .object(let fx) = effects[effect], case .array(let controls)? = fx["ef"],
                controls.indices.contains(control), case .object(let c) = controls[control], let v = c["v"]
            else {
                return nil
            }
            var reader = LottieReader()
            reader.expressions = self
            property = try? reader.vector(v, at: path)
            effectControls[path] = .some(property)
        }
        guard let values = property?.value(at: frame).values, !values.isEmpty else { return nil }
        return values.count == 1 ? .number(values[0]) : .array(values)
    }

    // MARK: Script data

    private func compositionData(_ key: String) -> JSONValue {
        let composition = compositions[key]
        var w = width, h = height
        if let id = composition?.assetID {
            // A precomposition is as large as the first layer that shows it says.
            search: for user in compositions.values {
                for layer in user.layers where Self.identifier(layer["refId"]) == id {
                    if let lw = Self.number(layer["w"]), let lh = Self.number(layer["h"]) {
                        w = lw; h = lh; break search
                    }
                }
            }
        }
        return .object(
            JSONObject([
                ("name", .string(composition?.name ?? "")), ("width", .number(w)), ("height", .number(h)),
                ("duration", .number(max(0, outPoint - inPoint) / frameRate)),
            ]))
    }

    private func layersData(_ composition: Composition) -> JSONValue {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in composition.layers.enumerated() {
            if let ind = Self.number(layer["ind"]), byIndex[LottieReader.int(ind)] == nil {
                byIndex[LottieReader.int(ind)] = i
            }
        }
        return .array(
            composition.layers.enumerated().map { i, layer in
                var name = ""
                if case .string(let nm)? = layer["nm"] { name = nm }
                let parent = Self.number(layer["parent"]).flatMap { byIndex[LottieReader.int($0)] } ?? -1
                let w = Self.number(layer["sw"]) ?? Self.number(layer["w"]) ?? 0
                let h = Self.number(layer["sh"]) ?? Self.number(layer["h"]) ?? 0
                let index = Self.number(layer["ind"]).map(LottieReader.int) ?? i + 1
                // Effects and their controls by name, for effect(name)(name); their values are asked for.
                var effects: [JSONValue] = []
                if case .array(let list)? = layer["ef"] {
                    for item in list {
                        guard case .object(let fx) = item else {
                            effects.append(.object(JSONObject([("name", .string("")), ("params", .array([]))])))
                            continue
                        }
                        var controls: [JSONValue] = []
                        if case .array(let params)? = fx["ef"] {
                            for param in params {
                                if case .object(let p) = param, case .string(let n)? = p["nm"] {
                                    controls.append(.string(n))
                                } else {
                                    controls.append(.string(""))
                                }
                            }
                        }
                        var fxName = ""
                        if case .string(let n)? = fx["nm"] { fxName = n }
                        effects.append(.object(JSONObject([("name", .string(fxName)), ("params", .array(controls))])))
                    }
                }
                return .object(
                    JSONObject([
                        ("effects", .array(effects)),
                        ("name", .string(name)), ("index", .number(Double(index))),
                        ("inPoint", .number((Self.number(layer["ip"]) ?? 0) / frameRate)),
                        ("outPoint", .number((Self.number(layer["op"]) ?? 0) / frameRate)),
                        ("startTime", .number((Self.number(layer["st"]) ?? 0) / frameRate)),
                        ("parent", .number(Double(parent))), ("width", .number(w)), ("height", .number(h)),
                    ]))
            })
    }

    /// The property's seed for `wiggle` and `random`: FNV-1a of its path, the same on every import.
    static func seed(_ path: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for byte in path.utf8 {
            h ^= UInt32(byte)
            h = h &* 16_777_619
        }
        return h
    }

    // MARK: Paths and JSON

    /// The composition (its layer list's path) and layer a property path is in:
    /// `layers[3].ks.p` → (`layers`, 3); `assets[2].layers[0].shapes[1]…` → (`assets[2].layers`, 0).
    static func locate(_ path: String) -> (composition: String, layer: Int)? {
        var rest = Substring(path)
        var prefix = ""
        if rest.hasPrefix("assets[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            prefix = String(rest[...close]) + "."
            rest = rest[rest.index(after: close)...]
            guard rest.hasPrefix(".") else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.hasPrefix("layers[") else { return nil }
        rest = rest.dropFirst("layers[".count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let index = Int(digits), rest.dropFirst(digits.count).hasPrefix("]") else { return nil }
        return (prefix + "layers", index)
    }

    /// The name of the layer `path` is in, for warnings.
    func layerName(at path: String) -> String? {
        guard let (key, index) = Self.locate(path), let layers = compositions[key]?.layers,
            layers.indices.contains(index), case .string(let name)? = layers[index]["nm"]
        else { return nil }
        return name
    }

    static func number(_ json: JSONValue?) -> Double? {
        switch json {
        case .number(let n)?: return n
        case .array(let a)?: if case .number(let n)? = a.first { return n } else { return nil }
        default: return nil
        }
    }

    static func identifier(_ json: JSONValue?) -> String? {
        switch json {
        case .string(let s)?: return s
        case .number(let n)?: return JSONValue.format(n)
        default: return nil
        }
    }
}
