import Foundation
import Strata

extension SceneValueDecoder {
    /// A transform: 16 numbers `m11 … m44`, or a list of ops applied like a
    /// `CATransform3D` chain from the identity, each op `X` doing `t = X × t`
    /// (as `CATransform3DRotate(t, …)` does; the last op acts on the point first).
    ///
    /// Ops: `{"perspective": d}` (m34 = −1/d, d > 0), `{"translate": [x, y, z]}`,
    /// `{"scale": [x, y, z]}`, `{"rotate": [degrees, x, y, z]}`,
    /// `{"rotateX": degrees}`, `{"rotateY": degrees}`, `{"rotateZ": degrees}`,
    /// `{"matrix": [16 numbers]}`. Angles are degrees here and radians in Swift.
    package static func transform(_ json: JSONValue, at path: String) throws(SceneError) -> CATransform3D {
        guard case .array(let items) = json else {
            throw .expected("a transform (16 numbers or a list of ops)", got: json, at: path)
        }
        if let first = items.first, case .number = first {
            return try matrix(json, at: path)
        }
        var t = CATransform3DIdentity
        for (k, item) in items.enumerated() {
            t = try op(item, at: "\(path)[\(k)]").concatenating(t)
        }
        guard t.isFinite else { throw .notFinite(at: path) }
        return t
    }

    /// 16 numbers in `m11 … m44` order.
    static func matrix(_ json: JSONValue, at path: String) throws(SceneError) -> CATransform3D {
        CATransform3D(elements: try numbers(json, count: 16, shape: "16 numbers m11 … m44", at: path))
    }

    /// One op object.
    static func op(_ json: JSONValue, at path: String) throws(SceneError) -> CATransform3D {
        guard case .object(let object) = json, object.count == 1, let member = object.members.first else {
            throw .expected("an op (an object with one key, like {\"rotateY\": 30})", got: json, at: path)
        }
        let argPath = JSONParser.append(key: member.key, to: path)
        let arg = member.value
        switch member.key {
        case "perspective":
            let d = try positive(arg, at: argPath)
            var m = CATransform3DIdentity
            m.m34 = -1 / d
            return m
        case "translate":
            let v = try numbers(arg, count: 3, shape: "[x, y, z]", at: argPath)
            return CATransform3DMakeTranslation(v[0], v[1], v[2])
        case "scale":
            let v = try numbers(arg, count: 3, shape: "[x, y, z]", at: argPath)
            return CATransform3DMakeScale(v[0], v[1], v[2])
        case "rotate":
            let v = try numbers(arg, count: 4, shape: "[degrees, x, y, z]", at: argPath)
            return CATransform3DMakeRotation(radians(v[0]), v[1], v[2], v[3])
        case "rotateX":
            return CATransform3DMakeRotation(radians(try number(arg, at: argPath)), 1, 0, 0)
        case "rotateY":
            return CATransform3DMakeRotation(radians(try number(arg, at: argPath)), 0, 1, 0)
        case "rotateZ":
            return CATransform3DMakeRotation(radians(try number(arg, at: argPath)), 0, 0, 1)
        case "matrix":
            return try matrix(arg, at: argPath)
        default:
            throw .unknownOp(member.key, at: path)
        }
    }

    /// Degrees (scene files) to radians (the Swift API).
    package static func radians(_ degrees: CGFloat) -> CGFloat { degrees * .pi / 180 }

    /// The transform as scene JSON: its 16 numbers.
    package static func encode(_ transform: CATransform3D) -> JSONValue {
        .array(transform.elements.map { .number($0) })
    }
}
