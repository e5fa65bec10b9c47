import Foundation
import Strata

/// One layer field of the scene format: its name, which layer types have it,
/// and how it reads into and writes out of a layer.
///
/// Fields set the layers' backing storage directly: restoring a layer from a
/// file is not a change, so it must not look up actions or open transactions.
struct SceneField: Sendable {
    /// What sub-keys (`position.x`, `transform.rotation.y`) the field has.
    enum Shape { case plain, point, size, rect, bounds, transform }

    let name: String
    /// The layer type that has the field; nil for every type.
    let owner: SceneLayerType?
    let shape: Shape
    /// Sets the field on `layer` from JSON.
    let read: @Sendable (CALayer, JSONValue, String) throws(SceneError) -> Void
    /// The field's JSON, or nil when it equals the value in `defaults`.
    let write: @Sendable (CALayer, CALayer, String) throws(SceneError) -> JSONValue?
    /// JSON to the value the property holds, boxed.
    let decode: @Sendable (JSONValue, String) throws(SceneError) -> Any
    /// The JSON Schema of the field's values (its kind's).
    let schema: JSONValue

    /// Whether a layer of `type` has the field.
    func applies(to type: SceneLayerType) -> Bool { owner == nil || owner == type }

    static func make<L: CALayer, V>(
        _ name: String, _ owner: SceneLayerType?, _ kind: SceneKind<V>,
        _ keyPath: ReferenceWritableKeyPath<L, V> & Sendable, shape: Shape = .plain
    ) -> SceneField {
        @Sendable func cast(_ layer: CALayer) -> L {
            guard let l = layer as? L else {
                preconditionFailure("scene field \(name) applied to a \(type(of: layer)), not a \(L.self)")
            }
            return l
        }
        return SceneField(
            name: name, owner: owner, shape: shape,
            read: { layer, json, path throws(SceneError) in cast(layer)[keyPath: keyPath] = try kind.decode(json, path)
            },
            write: { layer, defaults, path throws(SceneError) in
                let value = cast(layer)[keyPath: keyPath]
                if kind.equal(value, cast(defaults)[keyPath: keyPath]) { return nil }
                return try kind.encode(value, path)
            },
            decode: { json, path throws(SceneError) in kind.boxed(try kind.decode(json, path)) },
            schema: kind.schema)
    }

    /// A field stored in a layer's state value (`\LayerState.bounds`) or a
    /// subclass's (`\ShapeLayerState.path`), read and written in place.
    static func make<S: SceneStateValue, V>(
        _ name: String, _ owner: SceneLayerType?, _ kind: SceneKind<V>,
        _ path: WritableKeyPath<S, V> & Sendable, shape: Shape = .plain
    ) -> SceneField {
        let storage = S.storage
        @Sendable func cast(_ layer: CALayer) -> S.Layer {
            guard let l = layer as? S.Layer else {
                preconditionFailure("scene field \(name) applied to a \(type(of: layer)), not a \(S.Layer.self)")
            }
            return l
        }
        return SceneField(
            name: name, owner: owner, shape: shape,
            read: { layer, json, at throws(SceneError) in
                cast(layer)[keyPath: storage][keyPath: path] = try kind.decode(json, at)
            },
            write: { layer, defaults, at throws(SceneError) in
                let value = cast(layer)[keyPath: storage][keyPath: path]
                if kind.equal(value, cast(defaults)[keyPath: storage][keyPath: path]) { return nil }
                return try kind.encode(value, at)
            },
            decode: { json, at throws(SceneError) in kind.boxed(try kind.decode(json, at)) },
            schema: kind.schema)
    }

    /// Every value field, in the order the format lists them. (`type`, `sublayers`,
    /// `mask`, `animations` and `contents` are read by the scene reader itself.)
    static let all: [SceneField] = {
        typealias K = SceneKinds
        let gravities: KeyValuePairs<String, CALayerContentsGravity> = [
            "resize": .resize, "resizeAspect": .resizeAspect, "resizeAspectFill": .resizeAspectFill,
            "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
            "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
        ]
        return [
            make("name", nil, K.string, \CALayer.name),
            make("bounds", nil, K.bounds, \LayerState.bounds, shape: .bounds),
            make("position", nil, K.point, \LayerState.position, shape: .point),
            make("anchorPoint", nil, K.point, \LayerState.anchorPoint, shape: .point),
            make("anchorPointZ", nil, K.number, \LayerState.anchorPointZ),
            make("zPosition", nil, K.number, \LayerState.zPosition),
            make("transform", nil, K.transform, \LayerState.transform, shape: .transform),
            make("sublayerTransform", nil, K.transform, \LayerState.sublayerTransform, shape: .transform),
            make("opacity", nil, K.unitFloat, \LayerState.opacity),
            make("hidden", nil, K.bool, \LayerState.isHidden),
            make("doubleSided", nil, K.bool, \LayerState.isDoubleSided),
            make("masksToBounds", nil, K.bool, \LayerState.masksToBounds),
            make("cornerRadius", nil, K.nonNegative, \LayerState.cornerRadius),
            make("maskedCorners", nil, K.corners, \LayerState.maskedCorners),
            make(
                "cornerCurve", nil, K.choice(["circular": CALayerCornerCurve.circular, "continuous": .continuous]),
                \LayerState.cornerCurve),
            make("backgroundColor", nil, K.color, \LayerState.backgroundColor),
            make("borderWidth", nil, K.nonNegative, \LayerState.borderWidth),
            make("borderColor", nil, K.color, \LayerState.borderColor),
            make("shadowColor", nil, K.color, \LayerState.shadowColor),
            make("shadowOpacity", nil, K.unitFloat, \LayerState.shadowOpacity),
            make("shadowRadius", nil, K.nonNegative, \LayerState.shadowRadius),
            make("shadowOffset", nil, K.size, \LayerState.shadowOffset, shape: .size),
            make("shadowPath", nil, K.path, \LayerState.shadowPath),
            make("contentsRect", nil, K.rect, \LayerState.contentsRect, shape: .rect),
            make("contentsGravity", nil, K.choice(gravities), \LayerState.contentsGravity),
            make("contentsScale", nil, K.positive, \LayerState.contentsScale),
            make("shouldRasterize", nil, K.bool, \LayerState.shouldRasterize),
            make("rasterizationScale", nil, K.positive, \LayerState.rasterizationScale),

            make("colors", .gradientLayer, K.colors, \CAGradientLayer._sceneColors),
            make("locations", .gradientLayer, K.numbers, \GradientLayerState.locations),
            make("startPoint", .gradientLayer, K.point, \GradientLayerState.startPoint, shape: .point),
            make("endPoint", .gradientLayer, K.point, \GradientLayerState.endPoint, shape: .point),
            make(
                "gradientType", .gradientLayer,
                K.choice(["axial": CAGradientLayerType.axial, "radial": .radial, "conic": .conic]),
                \GradientLayerState.type),

            make("path", .shapeLayer, K.path, \ShapeLayerState.path),
            make("fillColor", .shapeLayer, K.color, \ShapeLayerState.fillColor),
            make(
                "fillRule", .shapeLayer, K.choice(["nonZero": CAShapeLayerFillRule.nonZero, "evenOdd": .evenOdd]),
                \ShapeLayerState.fillRule),
            make("strokeColor", .shapeLayer, K.color, \ShapeLayerState.strokeColor),
            make("lineWidth", .shapeLayer, K.nonNegative, \ShapeLayerState.lineWidth),
            make(
                "lineCap", .shapeLayer,
                K.choice(["butt": CAShapeLayerLineCap.butt, "round": .round, "square": .square]),
                \ShapeLayerState.lineCap),
            make(
                "lineJoin", .shapeLayer,
                K.choice(["miter": CAShapeLayerLineJoin.miter, "round": .round, "bevel": .bevel]),
                \ShapeLayerState.lineJoin),
            make("miterLimit", .shapeLayer, K.nonNegative, \ShapeLayerState.miterLimit),
            make("lineDashPattern", .shapeLayer, K.nonNegativeNumbers, \ShapeLayerState.lineDashPattern),
            make("lineDashPhase", .shapeLayer, K.number, \ShapeLayerState.lineDashPhase),
            make("strokeStart", .shapeLayer, K.unit, \ShapeLayerState.strokeStart),
            make("strokeEnd", .shapeLayer, K.unit, \ShapeLayerState.strokeEnd),

            make("string", .textLayer, K.string, \CATextLayer._sceneString),
            make("fontSize", .textLayer, K.nonNegative, \TextLayerState.fontSize),
            make("foregroundColor", .textLayer, K.color, \TextLayerState.foregroundColor),
            make(
                "alignmentMode", .textLayer,
                K.choice([
                    "natural": CATextLayerAlignmentMode.natural, "left": .left, "right": .right,
                    "center": .center, "justified": .justified,
                ]),
                \TextLayerState.alignmentMode),
            make("isWrapped", .textLayer, K.bool, \TextLayerState.isWrapped),

            make("instanceCount", .replicatorLayer, K.instanceCount, \ReplicatorLayerState.instanceCount),
            make(
                "instanceTransform", .replicatorLayer, K.transform, \ReplicatorLayerState.instanceTransform,
                shape: .transform),
            make("instanceDelay", .replicatorLayer, K.seconds, \ReplicatorLayerState.instanceDelay),
            make("instanceColor", .replicatorLayer, K.color, \ReplicatorLayerState.instanceColor),
            make("instanceRedOffset", .replicatorLayer, K.float, \ReplicatorLayerState.instanceRedOffset),
            make("instanceGreenOffset", .replicatorLayer, K.float, \ReplicatorLayerState.instanceGreenOffset),
            make("instanceBlueOffset", .replicatorLayer, K.float, \ReplicatorLayerState.instanceBlueOffset),
            make("instanceAlphaOffset", .replicatorLayer, K.float, \ReplicatorLayerState.instanceAlphaOffset),
            make("preservesDepth", .replicatorLayer, K.bool, \ReplicatorLayerState.preservesDepth),
        ] + emitterFields
    }()

    /// The fields by name: one per name, or one per layer type that has a
    /// field of that name (`preservesDepth` of replicator and emitter layers).
    static let byName: [String: [SceneField]] = Dictionary(grouping: all, by: \.name)

    /// The field `name` of a layer of `type` (of any type when nil), or, when
    /// only other types have it, one of theirs (for the error that says so).
    static func named(_ name: String, for type: SceneLayerType?) -> SceneField? {
        guard let fields = byName[name] else { return nil }
        guard let type else { return fields.first }
        return fields.first { $0.applies(to: type) } ?? fields.first
    }

    /// The fields the reader handles itself, with their JSON Schemas: the reader
    /// accepts exactly these and ``all`` in a layer, and ``SceneSchema`` lists them.
    static let structural: KeyValuePairs<String, JSONValue> = [
        "type": JSONSchema.oneOf(names: SceneLayerType.names.map(\.key)),
        "sublayers": JSONSchema.array(of: JSONSchema.ref("layer")),
        "mask": JSONSchema.ref("layer"),
        "animations": JSONSchema.array(of: JSONSchema.ref("animation")),
        "contents": SceneValueDecoder.Schemas.image,
        "emitterCells": JSONSchema.described(
            JSONSchema.array(of: JSONSchema.ref("emitterCell")),
            "emitterLayer only: its CAEmitterCells"),
    ]

    /// Whether `name` is a field of some layer type.
    static func isLayerField(_ name: String) -> Bool {
        byName[name] != nil || structural.contains { $0.key == name }
    }
}

extension CAGradientLayer {
    /// The colours as `CGColor`s, for the scene format (other entries are not written).
    var _sceneColors: [CGColor]? {
        get { _gradient.colors.map { $0.compactMap { $0 as? CGColor } } }
        set { _gradient.colors = newValue }
    }
}

extension CATextLayer {
    /// The string as plain text, for the scene format.
    var _sceneString: String? {
        get { _text.string == nil ? nil : plainString }
        set { _text.string = newValue }
    }
}
