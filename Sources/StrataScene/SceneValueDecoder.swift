import Foundation
import Strata

/// Turns scene-file JSON values into the Swift values layer properties hold.
///
/// Every function takes the value's path in the file (`root.sublayers[0].opacity`)
/// and throws a ``SceneError`` naming it. Numbers must be finite; `true` is
/// not a number and `1` is not a bool.
///
/// The animation and timeline code use `decodeValue(_:forKeyPath:of:at:baseURL:)`
/// to turn `fromValue`, `toValue`, `byValue`, `values` and `set` values into
/// typed values.
package enum SceneValueDecoder {
    // MARK: Scalars

    /// A finite number.
    package static func number(_ json: JSONValue, at path: String) throws(SceneError) -> CGFloat {
        guard case .number(let n) = json else { throw .expected("a number", got: json, at: path) }
        guard n.isFinite else { throw .notFinite(at: path) }
        return n
    }

    /// A finite number ≥ 0.
    package static func nonNegative(_ json: JSONValue, at path: String) throws(SceneError) -> CGFloat {
        let n = try number(json, at: path)
        guard n >= 0 else { throw SceneError(path: path, reason: "must not be negative, got \(JSONValue.format(n))") }
        return n
    }

    /// A finite number > 0.
    package static func positive(_ json: JSONValue, at path: String) throws(SceneError) -> CGFloat {
        let n = try number(json, at: path)
        guard n > 0 else { throw SceneError(path: path, reason: "must be greater than 0, got \(JSONValue.format(n))") }
        return n
    }

    /// A number in 0...1.
    package static func unit(_ json: JSONValue, at path: String) throws(SceneError) -> CGFloat {
        let n = try number(json, at: path)
        guard (0...1).contains(n) else { throw .outOfRange(n, "0...1", at: path) }
        return n
    }

    /// `true` or `false`.
    package static func bool(_ json: JSONValue, at path: String) throws(SceneError) -> Bool {
        guard case .bool(let b) = json else { throw .expected("true or false", got: json, at: path) }
        return b
    }

    /// A string.
    package static func string(_ json: JSONValue, at path: String) throws(SceneError) -> String {
        guard case .string(let s) = json else { throw .expected("a string", got: json, at: path) }
        return s
    }

    /// An array.
    package static func array(_ json: JSONValue, at path: String) throws(SceneError) -> [JSONValue] {
        guard case .array(let items) = json else { throw .expected("an array", got: json, at: path) }
        return items
    }

    /// An object.
    package static func object(_ json: JSONValue, at path: String) throws(SceneError) -> JSONObject {
        guard case .object(let object) = json else { throw .expected("an object", got: json, at: path) }
        return object
    }

    /// Exactly `count` numbers, described as `shape` (`[x, y]`) in messages.
    package static func numbers(_ json: JSONValue, count: Int, shape: String, at path: String) throws(SceneError)
        -> [CGFloat]
    {
        guard case .array(let items) = json else { throw .expected(shape, got: json, at: path) }
        guard items.count == count else {
            throw SceneError(
                path: path, reason: "expected \(shape), got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        var out: [CGFloat] = []
        out.reserveCapacity(count)
        for (k, item) in items.enumerated() {
            // The element's path is only built for an error: files hold millions of numbers.
            if case .number(let n) = item, n.isFinite {
                out.append(n)
            } else {
                out.append(try number(item, at: "\(path)[\(k)]"))
            }
        }
        return out
    }

    /// One of a fixed set of strings, mapped to its value.
    static func choice<T>(_ json: JSONValue, _ choices: KeyValuePairs<String, T>, at path: String) throws(SceneError)
        -> T
    {
        let s = try string(json, at: path)
        guard let match = choices.first(where: { $0.key == s }) else {
            throw .unknownValue(s, expected: choices.map(\.key), at: path)
        }
        return match.value
    }

    // MARK: Geometry

    /// `[x, y]`.
    package static func point(_ json: JSONValue, at path: String) throws(SceneError) -> CGPoint {
        let n = try numbers(json, count: 2, shape: "[x, y]", at: path)
        return CGPoint(x: n[0], y: n[1])
    }

    /// `[width, height]` (either sign: shadow offsets and translations are sizes).
    package static func size(_ json: JSONValue, at path: String) throws(SceneError) -> CGSize {
        let n = try numbers(json, count: 2, shape: "[width, height]", at: path)
        return CGSize(width: n[0], height: n[1])
    }

    /// `[x, y, width, height]`; with `nonNegative` a negative width or height is an error.
    package static func rect(_ json: JSONValue, nonNegative: Bool = false, at path: String) throws(SceneError) -> CGRect
    {
        let n = try numbers(json, count: 4, shape: "[x, y, width, height]", at: path)
        if nonNegative {
            for (k, what) in [(2, "width"), (3, "height")] where n[k] < 0 {
                throw SceneError(
                    path: "\(path)[\(k)]", reason: "\(what) must not be negative, got \(JSONValue.format(n[k]))")
            }
        }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// A list of corner names: `minXMinY` `maxXMinY` `minXMaxY` `maxXMaxY`.
    package static func cornerMask(_ json: JSONValue, at path: String) throws(SceneError) -> CACornerMask {
        var mask: CACornerMask = []
        for (k, item) in try array(json, at: path).enumerated() {
            let corner = try choice(item, cornerNames, at: "\(path)[\(k)]")
            guard !mask.contains(corner) else {
                throw SceneError(path: "\(path)[\(k)]", reason: "corner \(item.briefDescription) is listed twice")
            }
            mask.insert(corner)
        }
        return mask
    }

    /// The corner names of scene files, in writing order.
    static let cornerNames: KeyValuePairs<String, CACornerMask> = [
        "minXMinY": .layerMinXMinYCorner, "maxXMinY": .layerMaxXMinYCorner,
        "minXMaxY": .layerMinXMaxYCorner, "maxXMaxY": .layerMaxXMaxYCorner,
    ]

    /// A timing function: `linear` `easeIn` `easeOut` `easeInEaseOut` `default`, or `[x1, y1, x2, y2]`.
    package static func timingFunction(_ json: JSONValue, at path: String) throws(SceneError) -> SceneTimingFunction {
        if case .array = json {
            let n = try numbers(json, count: 4, shape: "[x1, y1, x2, y2]", at: path)
            for k in [0, 2] where !(0...1).contains(n[k]) { throw .outOfRange(n[k], "0...1", at: "\(path)[\(k)]") }
            return .controlPoints(n[0], n[1], n[2], n[3])
        }
        guard case .string = json else {
            throw .expected("a timing function name or [x1, y1, x2, y2]", got: json, at: path)
        }
        return try choice(json, SceneTimingFunction.names, at: path)
    }
}
