import Foundation

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
    public static func decodeValue(_ json: JSONValue, forKeyPath keyPath: String, of type: SceneLayerType? = nil,
                                   at path: String, baseURL: URL? = nil) throws(SceneError) -> Any {
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
    public static func isKnownKeyPath(_ keyPath: String, for type: SceneLayerType? = nil) -> Bool {
        keyPath == "contents" || keyPathDecoder(keyPath, for: type) != nil
    }

    typealias AnyDecoder = @Sendable (JSONValue, String) throws(SceneError) -> Any

    /// The decoder for `keyPath` (not `contents`), or nil when there is no such key path.
    static func keyPathDecoder(_ keyPath: String, for type: SceneLayerType?) -> AnyDecoder? {
        let dot = keyPath.firstIndex(of: ".")
        let base = String(keyPath[..<(dot ?? keyPath.endIndex)])
        guard base != "name", let field = SceneField.byName[base], type.map(field.applies) ?? true else { return nil }
        guard let dot else { return field.decode }
        let rest = String(keyPath[keyPath.index(after: dot)...])

        let number: AnyDecoder = { j, p throws(SceneError) in try SceneValueDecoder.number(j, at: p) }
        let nonNegative: AnyDecoder = { j, p throws(SceneError) in try SceneValueDecoder.nonNegative(j, at: p) }
        let angle: AnyDecoder = { j, p throws(SceneError) in radians(try SceneValueDecoder.number(j, at: p)) }
        let point: AnyDecoder = { j, p throws(SceneError) in try SceneValueDecoder.point(j, at: p) }
        let size: AnyDecoder = { j, p throws(SceneError) in try SceneValueDecoder.size(j, at: p) }
        let nonNegativeSize: AnyDecoder = { j, p throws(SceneError) in
            let s = try SceneValueDecoder.size(j, at: p)
            for (k, v) in [s.width, s.height].enumerated() where v < 0 {
                throw SceneError(path: "\(p)[\(k)]", reason: "must not be negative, got \(JSONValue.format(v))")
            }
            return s
        }
        switch (field.shape, rest) {
        case (.point, "x"), (.point, "y"), (.size, "width"), (.size, "height"),
             (.rect, "origin.x"), (.rect, "origin.y"), (.rect, "size.width"), (.rect, "size.height"),
             (.bounds, "origin.x"), (.bounds, "origin.y"),
             (.transform, "scale"), (.transform, "scale.x"), (.transform, "scale.y"), (.transform, "scale.z"),
             (.transform, "translation.x"), (.transform, "translation.y"), (.transform, "translation.z"):
            return number
        case (.bounds, "size.width"), (.bounds, "size.height"):
            return nonNegative
        case (.rect, "origin"), (.bounds, "origin"):
            return point
        case (.rect, "size"), (.transform, "translation"):
            return size
        case (.bounds, "size"):
            return nonNegativeSize
        case (.transform, "rotation"), (.transform, "rotation.x"), (.transform, "rotation.y"), (.transform, "rotation.z"):
            return angle
        default:
            return nil
        }
    }
}
