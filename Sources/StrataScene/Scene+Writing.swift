import Foundation
import Strata

extension Scene {
    /// The scene as a scene file: pretty-printed JSON with sorted keys (a
    /// timeline entry's `set` keeps its order), only fields that differ from
    /// their defaults, transforms as 16 numbers, colours as hex when exact
    /// (else `[r, g, b, a]`), paths as SVG path data, and numbers in the
    /// shortest form that reads back exactly. Loading the result gives an
    /// equal scene, and writing that gives the same bytes.
    ///
    /// Throws for what a file cannot hold: non-finite numbers, `contents` that
    /// is not a `CGImage` with a file name (see ``setImageFile(_:for:)``), or a
    /// tree beyond the limits.
    public func jsonData() throws(SceneError) -> Data {
        var writer = SceneWriter(scene: self)
        let json = try writer.sceneJSON()
        return Data(json.prettyPrinted().utf8)
    }
}

/// Writes a scene's tree, animations and timeline as JSON.
struct SceneWriter {
    let scene: Scene
    /// Animations by the layer they animate, in scene order.
    let animationsByLayer: [ObjectIdentifier: [SceneAnimation]]
    /// A default layer of each type, to leave default values out.
    let defaults: [SceneLayerType: CALayer]
    var count = 0

    init(scene: Scene) {
        self.scene = scene
        animationsByLayer = Dictionary(grouping: scene.animations) { ObjectIdentifier($0.layer) }
        defaults = Dictionary(uniqueKeysWithValues: SceneLayerType.allCases.map { ($0, $0.makeLayer()) })
    }

    mutating func sceneJSON() throws(SceneError) -> JSONValue {
        for (k, n) in [scene.size.width, scene.size.height].enumerated() where !(n > 0 && n.isFinite) {
            throw SceneError(path: "size[\(k)]", reason: "must be a finite number greater than 0")
        }
        var m: [(String, JSONValue)] = [("size", .array([.number(scene.size.width), .number(scene.size.height)]))]
        if scene.scale != 1 {
            guard scene.scale > 0, scene.scale.isFinite else {
                throw SceneError(path: "scale", reason: "must be a finite number greater than 0")
            }
            m.append(("scale", .number(scene.scale)))
        }
        if let background = scene.background {
            m.append(("background", try SceneKinds.color.encode(background, "background")))
        }
        if scene.time != 0 { m.append(("time", try finiteJSON(scene.time, at: "time"))) }
        m.append(("root", try layerJSON(scene.root, at: "root", depth: 1)))
        if !scene.timeline.isEmpty {
            var entries: [JSONValue] = []
            for transaction in scene.timeline { entries.append(try transaction.json()) }
            m.append(("timeline", .array(entries)))
        }
        return .object(JSONObject(m).sortedByKey())
    }

    mutating func layerJSON(_ layer: CALayer, at path: String, depth: Int) throws(SceneError) -> JSONValue {
        guard depth <= Scene.maximumDepth else { throw .tooDeep(at: path) }
        count += 1
        guard count <= Scene.maximumLayerCount else { throw .tooManyLayers(at: path) }
        let type = SceneLayerType(of: layer)
        var defaultLayer = defaults[type] ?? type.makeLayer()
        if depth == 1 {
            // The root's defaults are the canvas bounds, centred.
            defaultLayer = type.makeLayer()
            defaultLayer._state.bounds = CGRect(origin: .zero, size: scene.size)
            defaultLayer._state.position = CGPoint(x: scene.size.width / 2, y: scene.size.height / 2)
        }
        var m: [(String, JSONValue)] = []
        if type != .layer { m.append(("type", .string(type.rawValue))) }
        for field in SceneField.all where field.applies(to: type) {
            if let value = try field.write(layer, defaultLayer, JSONParser.append(key: field.name, to: path)) {
                m.append((field.name, value))
            }
        }
        if let contents = layer._state.contents {
            guard let image = contents as? CGImage else {
                throw SceneError(
                    path: path + ".contents",
                    reason: "only CGImage contents can be written, not \(Swift.type(of: contents))")
            }
            guard let file = scene.images.file(of: image) else {
                throw SceneError(
                    path: path + ".contents",
                    reason:
                        "the image \(SceneError.quoted(image.label)) has no file name (see Scene.setImageFile(_:for:))")
            }
            m.append(("contents", .object(JSONObject([("image", .string(file))]))))
        }
        if let emitter = layer as? CAEmitterLayer, let cells = emitter._emitterCells, !cells.isEmpty {
            m.append(
                ("emitterCells", try SceneEmitterCells.write(cells, at: path + ".emitterCells", images: scene.images)))
        }
        if let mask = layer._mask {
            m.append(("mask", try layerJSON(mask, at: path + ".mask", depth: depth + 1)))
        }
        if !layer._sublayers.isEmpty {
            var items: [JSONValue] = []
            items.reserveCapacity(layer._sublayers.count)
            for (k, sublayer) in layer._sublayers.enumerated() {
                items.append(try layerJSON(sublayer, at: "\(path).sublayers[\(k)]", depth: depth + 1))
            }
            m.append(("sublayers", .array(items)))
        }
        if let animations = animationsByLayer[ObjectIdentifier(layer)] {
            var items: [JSONValue] = []
            for animation in animations { items.append(try animation.json()) }
            m.append(("animations", .array(items)))
        }
        return .object(JSONObject(m).sortedByKey())
    }
}
