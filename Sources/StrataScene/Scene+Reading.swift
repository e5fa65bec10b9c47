import Foundation
import Strata

/// Reads scene JSON into a layer tree, animations and a timeline.
struct SceneReader {
    /// The parts of a scene file besides what the reader collects as it goes.
    struct Parts {
        var size: CGSize
        var scale: CGFloat
        var background: CGColor?
        var time: CFTimeInterval
        var root: CALayer
        var timeline: [SceneTransaction]
    }

    let images: SceneImageTable
    var animations: [SceneAnimation] = []
    var layersByName: [String: CALayer] = [:]
    var ambiguousNames: Set<String> = []
    /// Emitter cells read so far (``SceneEmitterCells/maximumCount`` at most).
    var emitterCellCount = 0

    init(images: SceneImageTable) { self.images = images }

    /// The top-level fields and their JSON Schemas: the reader accepts exactly
    /// these names, and ``SceneSchema`` lists them.
    static let topLevelFields: KeyValuePairs<String, JSONValue> = [
        "size": JSONSchema.tuple(
            Array(
                repeating: JSONSchema.number(exclusiveMinimum: 0, maximum: Double(Scene.maximumCanvasSide)), count: 2),
            "[width, height] in points"),
        "scale": JSONSchema.number(exclusiveMinimum: 0, maximum: Double(Scene.maximumScale)),
        "background": SceneValueDecoder.Schemas.optionalColor,
        "time": JSONSchema.nonNegative,
        "root": JSONSchema.ref("layer"),
        "timeline": JSONSchema.array(of: JSONSchema.ref("transaction")),
    ]
    /// The top-level fields a file must have.
    static let requiredTopLevelFields = ["size", "root"]

    mutating func read(_ data: Data) throws(SceneError) -> Parts {
        guard data.count <= Scene.maximumFileSize else { throw .fileTooLarge(data.count) }
        // The tree's depth and layer count are checked before anything is built,
        // so a file over them fails fast and small (parsing costs several times the file).
        try SceneTreeScanner.checkLimits(data)
        let json = try JSONValue.parse(data)
        guard case .object(let top) = json else { throw .expected("a scene (an object)", got: json, at: "") }
        if let bad = top.members.first(where: { m in !SceneReader.topLevelFields.contains { $0.key == m.key } }) {
            throw .unknownField(bad.key, at: "")
        }
        typealias D = SceneValueDecoder
        guard let sizeJSON = top["size"] else { throw .missingField("size", at: "") }
        let n = try D.numbers(sizeJSON, count: 2, shape: "[width, height]", at: "size")
        for k in 0..<2 where n[k] <= 0 {
            throw SceneError(path: "size[\(k)]", reason: "must be greater than 0, got \(JSONValue.format(n[k]))")
        }
        // No GPU holds a larger canvas; beyond these the pixel counts stop being numbers we can use.
        for k in 0..<2 where n[k] > Scene.maximumCanvasSide {
            throw SceneError(
                path: "size[\(k)]",
                reason: "\(JSONValue.format(n[k])) points is more than the "
                    + "\(Int(Scene.maximumCanvasSide)) a canvas side can be")
        }
        let size = CGSize(width: n[0], height: n[1])
        let scale = try top["scale"].map { j throws(SceneError) -> CGFloat in try D.positive(j, at: "scale") } ?? 1
        guard scale <= Scene.maximumScale else {
            throw SceneError(
                path: "scale",
                reason: "\(JSONValue.format(scale)) pixels per point is more than "
                    + "\(JSONValue.format(Scene.maximumScale))")
        }
        let background = try top["background"].flatMap { j throws(SceneError) -> CGColor? in
            try D.optionalColor(j, at: "background")
        }
        let time = try top["time"].map { j throws(SceneError) -> CGFloat in try D.nonNegative(j, at: "time") } ?? 0

        guard let rootJSON = top["root"] else { throw .missingField("root", at: "") }
        let root = try readLayer(rootJSON, at: "root", canvas: size)
        (layersByName, ambiguousNames) = Scene.indexNames(root)

        var timeline: [SceneTransaction] = []
        if let timelineJSON = top["timeline"] {
            for (k, entry) in try D.array(timelineJSON, at: "timeline").enumerated() {
                timeline.append(try SceneTransaction.read(entry, at: "timeline[\(k)]", reader: self))
            }
        }
        return Parts(size: size, scale: scale, background: background, time: time, root: root, timeline: timeline)
    }

    /// Reads one layer and its subtree. `canvas` is the canvas size for the root, nil for others.
    mutating func readLayer(_ json: JSONValue, at path: String, canvas: CGSize? = nil) throws(SceneError) -> CALayer {
        guard case .object(let object) = json else { throw .expected("a layer (an object)", got: json, at: path) }
        var type = SceneLayerType.layer
        if let typeJSON = object["type"] {
            type = try SceneValueDecoder.choice(typeJSON, SceneLayerType.names, at: path + ".type")
        }
        let layer = type.makeLayer()
        if let canvas {
            layer._state.bounds = CGRect(origin: .zero, size: canvas)
            layer._state.position = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
        }
        for member in object.members {
            let fieldPath = JSONParser.append(key: member.key, to: path)
            guard SceneField.isLayerField(member.key) else { throw .unknownField(member.key, at: path) }
            switch member.key {
            case "type":
                continue
            case "sublayers":
                // Tree links are set directly, like the properties: building is not a change.
                for (k, item) in try SceneValueDecoder.array(member.value, at: fieldPath).enumerated() {
                    let sublayer = try readLayer(item, at: "\(fieldPath)[\(k)]")
                    layer._sublayers.append(sublayer)
                    sublayer._superlayer = layer
                }
            case "mask":
                let mask = try readLayer(member.value, at: fieldPath)
                layer._mask = mask
                mask._maskedLayer = layer
            case "animations":
                for (k, item) in try SceneValueDecoder.array(member.value, at: fieldPath).enumerated() {
                    animations.append(
                        try SceneAnimation.read(
                            item, at: "\(fieldPath)[\(k)]", layer: layer,
                            layerPath: path, type: type, images: images))
                }
            case "emitterCells":
                guard let emitter = layer as? CAEmitterLayer else {
                    throw .fieldNeedsType(member.key, type: SceneLayerType.emitterLayer.rawValue, at: path)
                }
                emitter.attachCells(
                    try SceneEmitterCells.read(
                        member.value, at: fieldPath, count: &emitterCellCount,
                        images: images))
            case "contents":
                do {
                    layer._state.contents = try images.image(member.value, at: fieldPath)
                } catch {
                    // Name the layer too, when it has a name: that is what a reader looks for.
                    guard case .string(let name)? = object["name"] else { throw error }
                    throw SceneError(path: error.path, reason: "layer \"\(name)\": " + error.reason)
                }
            default:
                guard let field = SceneField.named(member.key, for: type) else {
                    throw .unknownField(member.key, at: path)
                }
                guard field.applies(to: type) else {
                    throw .fieldNeedsType(member.key, type: field.owner?.rawValue ?? "", at: path)
                }
                try field.read(layer, member.value, fieldPath)
            }
        }
        return layer
    }
}

extension SceneLayerType {
    /// The type names a scene file may use.
    static let names: KeyValuePairs<String, SceneLayerType> = [
        "layer": .layer, "transformLayer": .transformLayer, "gradientLayer": .gradientLayer,
        "shapeLayer": .shapeLayer, "textLayer": .textLayer, "replicatorLayer": .replicatorLayer,
        "emitterLayer": .emitterLayer,
    ]
}
