import Foundation
import Strata

extension SceneValueDecoder {
    /// A path: SVG path data (`"M 0 0 L 100 0 Z"`), `{"rect": [x, y, w, h]}`,
    /// `{"ellipse": [x, y, w, h]}`, or
    /// `{"roundedRect": [x, y, w, h], "radius": r, "corners": [corner…]}`
    /// (radius default 0, corners default all four).
    package static func path(_ json: JSONValue, at path: String) throws(SceneError) -> CGPath {
        switch json {
        case .string(let data):
            do {
                return try CGPath(svgPathData: data)
            } catch {
                throw SceneError(path: path, reason: "\(error)")
            }
        case .object(let object):
            if let rectJSON = object["rect"] {
                try onlyFields(["rect"], in: object, at: path)
                return rectPath(try rect(rectJSON, nonNegative: true, at: path + ".rect"))
            }
            if let rectJSON = object["ellipse"] {
                try onlyFields(["ellipse"], in: object, at: path)
                return ellipsePath(try rect(rectJSON, nonNegative: true, at: path + ".ellipse"))
            }
            if let rectJSON = object["roundedRect"] {
                try onlyFields(["roundedRect", "radius", "corners"], in: object, at: path)
                let r = try rect(rectJSON, nonNegative: true, at: path + ".roundedRect")
                var radius: CGFloat = 0
                if let j = object["radius"] { radius = try nonNegative(j, at: path + ".radius") }
                var corners = CACornerMask.all
                if let j = object["corners"] { corners = try cornerMask(j, at: path + ".corners") }
                return CGPath.roundedRect(r, radius: radius, corners: corners)
            }
            throw SceneError(path: path, reason: "expected a path object with \"rect\", \"ellipse\" or \"roundedRect\"")
        default:
            throw .expected("a path (SVG path data or an object)", got: json, at: path)
        }
    }

    /// A path, or `null` for none.
    package static func optionalPath(_ json: JSONValue, at path: String) throws(SceneError) -> CGPath? {
        if case .null = json { return nil }
        return try self.path(json, at: path)
    }

    /// Throws for the first member of `object` whose key is not in `allowed`.
    static func onlyFields(_ allowed: Set<String>, in object: JSONObject, at path: String) throws(SceneError) {
        if let bad = object.members.first(where: { !allowed.contains($0.key) }) {
            throw .unknownField(bad.key, at: path)
        }
    }

    /// A rectangle as Core Graphics builds it (`CGPath(rect:transform:)`).
    static func rectPath(_ r: CGRect) -> CGPath { CGPath(rect: r, transform: nil) }

    /// An ellipse as Core Graphics builds it (`CGPath(ellipseIn:transform:)`), from (maxX, midY).
    static func ellipsePath(_ r: CGRect) -> CGPath { CGPath(ellipseIn: r, transform: nil) }

    /// The path as scene JSON: SVG path data.
    package static func encode(_ path: CGPath) -> JSONValue {
        .string(path.svgPathData)
    }
}
