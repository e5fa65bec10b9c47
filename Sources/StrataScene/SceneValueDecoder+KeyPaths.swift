import Foundation
import Strata

extension SceneValueDecoder {
    /// Decodes `json` into the value Core Animation holds for `keyPath`, as an
    /// animation's `fromValue`/`toValue`/`byValue`/`values` or a timeline `set`
    /// gives it.
    ///
    /// `keyPath` is a layer field (`opacity`, `transform`, `fillColor`, …) or a
    /// Core Animation sub-key of one. With `type` the field must belong to that
    /// layer type; without it any layer type's field is accepted.
    ///
    /// What comes back, by key path:
    ///
    /// | key path | value |
    /// |---|---|
    /// | numbers (`zPosition`, `cornerRadius`, `lineWidth`, …) | `CGFloat` |
    /// | `opacity`, `shadowOpacity` | `Float` |
    /// | `hidden`, `doubleSided`, `masksToBounds`, … | `Bool` |
    /// | `position`, `anchorPoint`, `startPoint`, `endPoint` | `CGPoint` |
    /// | `shadowOffset` | `CGSize` |
    /// | `bounds`, `contentsRect` | `CGRect` |
    /// | `transform`, `sublayerTransform` | `CATransform3D` |
    /// | colours | `CGColor`, or `NSNull()` for `null` |
    /// | `path`, `shadowPath` | `CGPath`, or `NSNull()` for `null` |
    /// | `contents` | `CGImage` (needs `baseURL` for relative files) |
    /// | `colors` | `[Any]` of `CGColor` |
    /// | `locations`, `lineDashPattern` | `[NSNumber]` |
    /// | `maskedCorners` | `CACornerMask` |
    /// | `cornerCurve`, `contentsGravity`, `fillRule`, `lineCap`, `lineJoin`, `gradientType`, `alignmentMode` | the Core Animation constant |
    /// | `string` | `String` |
    /// | `P.x`, `P.y` (points), `S.width`, `S.height` (sizes) | `CGFloat` |
    /// | `R.origin` / `R.size` (rects), and their `.x` `.y` `.width` `.height` | `CGPoint` / `CGSize` / `CGFloat` |
    /// | `T.rotation` (= `.z`), `T.rotation.x/.y/.z` (degrees in the file) | `CGFloat` radians |
    /// | `T.scale` (all three), `T.scale.x/.y/.z`, `T.translation.x/.y/.z` | `CGFloat` |
    /// | `T.translation` | `CGSize` (x, y) |
    ///
    /// Unknown key paths throw ``SceneError`` naming `path`.
    package static func decodeValue(
        _ json: JSONValue, forKeyPath keyPath: String, of type: SceneLayerType? = nil,
        at path: String, baseURL: URL? = nil
    ) throws(SceneError) -> Any {
        if keyPath == "contents" {
            return try SceneImageTable(baseURL: baseURL).image(json, at: path)
        }
        guard let decode = keyPathDecoder(keyPath, for: type) else {
            throw .unknownKeyPath(keyPath, type: type?.rawValue, at: path)
        }
        return try decode(json, path)
    }

    /// Whether `keyPath` names a property (or sub-key) a layer of `type` has
    /// (any type when nil); `contents` included.
    package static func isKnownKeyPath(_ keyPath: String, for type: SceneLayerType? = nil) -> Bool {
        keyPath == "contents" || keyPathDecoder(keyPath, for: type) != nil
    }

    typealias AnyDecoder = @Sendable (JSONValue, String) throws(SceneError) -> Any

    /// One sub-key of a field shape: how its values read, and their JSON Schema.
    struct SubKey: Sendable {
        let decode: AnyDecoder
        let schema: JSONValue
    }

    /// The Core Animation sub-keys (`position.x`, `transform.rotation.y`) each
    /// field shape has: the one table key paths are read from and the schema
    /// lists (angles are degrees in files, radians in Swift).
    static let subKeys: [SceneField.Shape: KeyValuePairs<String, SubKey>] = {
        typealias Sc = Schemas
        let number = SubKey(
            decode: { j, p throws(SceneError) in try SceneValueDecoder.number(j, at: p) },
            schema: JSONSchema.number)
        let nonNegative = SubKey(
            decode: { j, p throws(SceneError) in try SceneValueDecoder.nonNegative(j, at: p) },
            schema: JSONSchema.nonNegative)
        let angle = SubKey(
            decode: { j, p throws(SceneError) in radians(try SceneValueDecoder.number(j, at: p)) },
            schema: Sc.angle)
        let point = SubKey(
            decode: { j, p throws(SceneError) in try SceneValueDecoder.point(j, at: p) }, schema: Sc.point)
        let size = SubKey(decode: { j, p throws(SceneError) in try SceneValueDecoder.size(j, at: p) }, schema: Sc.size)
        let nonNegativeSize = SubKey(
            decode: { j, p throws(SceneError) in
                let s = try SceneValueDecoder.size(j, at: p)
                for (k, v) in [s.width, s.height].enumerated() where v < 0 {
                    throw SceneError(path: "\(p)[\(k)]", reason: "must not be negative, got \(JSONValue.format(v))")
                }
                return s
            }, schema: Sc.nonNegativeSize)
        return [
            .plain: [:],
            .point: ["x": number, "y": number],
            .size: ["width": number, "height": number],
            .rect: [
                "origin": point, "origin.x": number, "origin.y": number,
                "size": size, "size.width": number, "size.height": number,
            ],
            .bounds: [
                "origin": point, "origin.x": number, "origin.y": number,
                "size": nonNegativeSize, "size.width": nonNegative, "size.height": nonNegative,
            ],
            .transform: [
                "rotation": angle, "rotation.x": angle, "rotation.y": angle, "rotation.z": angle,
                "scale": number, "scale.x": number, "scale.y": number, "scale.z": number,
                "translation": size, "translation.x": number, "translation.y": number,
                "translation.z": number,
            ],
        ]
    }()

    /// The field and sub-key `keyPath` names (not `contents`), or nil when there is no such key path.
    static func keyPathParts(_ keyPath: String, for type: SceneLayerType?) -> (field: SceneField, subKey: SubKey?)? {
        let dot = keyPath.firstIndex(of: ".")
        let base = String(keyPath[..<(dot ?? keyPath.endIndex)])
        guard base != "name", let field = SceneField.named(base, for: type), type.map(field.applies) ?? true else {
            return nil
        }
        guard let dot else { return (field, nil) }
        let rest = keyPath[keyPath.index(after: dot)...]
        guard let subKey = subKeys[field.shape]?.first(where: { $0.key == rest })?.value else { return nil }
        return (field, subKey)
    }

    /// The decoder for `keyPath` (not `contents`), or nil when there is no such key path.
    static func keyPathDecoder(_ keyPath: String, for type: SceneLayerType?) -> AnyDecoder? {
        if type == nil || type == .emitterLayer, let decode = SceneEmitterCells.keyPathDecoder(keyPath) {
            return decode
        }
        guard let parts = keyPathParts(keyPath, for: type) else { return nil }
        return parts.subKey?.decode ?? parts.field.decode
    }

    /// Every key path an animation or timeline change of a layer of `type` may
    /// name (every type's when nil), in table order, `contents` included.
    static func keyPaths(for type: SceneLayerType?) -> [String] {
        var out: [String] = []
        for field in SceneField.all where field.name != "name" && (type.map(field.applies) ?? true) {
            out.append(field.name)
            for sub in subKeys[field.shape] ?? [:] { out.append(field.name + "." + sub.key) }
        }
        return out + ["contents"]
    }

    /// The JSON Schema of values for `keyPath` (any type's), or nil when there is no such key path.
    static func keyPathSchema(_ keyPath: String) -> JSONValue? {
        if keyPath == "contents" { return Schemas.image }
        guard let parts = keyPathParts(keyPath, for: nil) else { return nil }
        return parts.subKey?.schema ?? parts.field.schema
    }
}
