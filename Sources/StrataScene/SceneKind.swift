import Foundation
import Strata

/// How one kind of property value reads from and writes to scene JSON.
struct SceneKind<Value>: Sendable {
    /// JSON to value; throws naming the path.
    let decode: @Sendable (JSONValue, String) throws(SceneError) -> Value
    /// Value to JSON; throws for values JSON cannot hold (non-finite numbers).
    let encode: @Sendable (Value, String) throws(SceneError) -> JSONValue
    /// Whether two values are equal (to leave defaults out of written files).
    let equal: @Sendable (Value, Value) -> Bool
    /// The value as `decodeValue` returns it (`NSNull()` for none).
    let boxed: @Sendable (Value) -> Any
    /// The JSON Schema of what `decode` accepts (``SceneSchema``).
    let schema: JSONValue
}

extension SceneKind where Value: Equatable & Sendable {
    init(
        decode: @escaping @Sendable (JSONValue, String) throws(SceneError) -> Value,
        encode: @escaping @Sendable (Value, String) throws(SceneError) -> JSONValue, schema: JSONValue
    ) {
        self.init(decode: decode, encode: encode, equal: { $0 == $1 }, boxed: { $0 }, schema: schema)
    }
}

/// A finite number as JSON, or an error: JSON has no NaN or infinity.
func finiteJSON(_ n: CGFloat, at path: String) throws(SceneError) -> JSONValue {
    guard n.isFinite else { throw .notFinite(at: path) }
    return .number(n)
}

func finiteJSON(_ numbers: [CGFloat], at path: String) throws(SceneError) -> JSONValue {
    var out: [JSONValue] = []
    out.reserveCapacity(numbers.count)
    for (k, n) in numbers.enumerated() { out.append(try finiteJSON(n, at: "\(path)[\(k)]")) }
    return .array(out)
}

/// The kinds of values scene fields hold.
enum SceneKinds {
    private typealias D = SceneValueDecoder
    private typealias S = JSONSchema

    static let number = SceneKind<CGFloat>(decode: D.number, encode: finiteJSON, schema: S.number)
    static let nonNegative = SceneKind<CGFloat>(decode: D.nonNegative, encode: finiteJSON, schema: S.nonNegative)
    static let positive = SceneKind<CGFloat>(decode: D.positive, encode: finiteJSON, schema: S.positive)
    static let unit = SceneKind<CGFloat>(decode: D.unit, encode: finiteJSON, schema: S.unit)
    static let unitFloat = SceneKind<Float>(
        decode: { j, p throws(SceneError) in Float(try D.unit(j, at: p)) },
        encode: { v, p throws(SceneError) in
            guard v.isFinite else { throw .notFinite(at: p) }
            return JSONValue.float(v)
        }, schema: S.unit)
    /// Seconds (`instanceDelay`), of either sign.
    static let seconds = SceneKind<Double>(
        decode: { j, p throws(SceneError) in Double(try D.number(j, at: p)) },
        encode: { v, p throws(SceneError) in try finiteJSON(CGFloat(v), at: p) }, schema: S.number)
    /// A `Float` of either sign (colour offsets).
    static let float = SceneKind<Float>(
        decode: { j, p throws(SceneError) in
            let n = try D.number(j, at: p)
            guard abs(n) <= CGFloat(Float.greatestFiniteMagnitude) else { throw .notFinite(at: p) }
            return Float(n)
        },
        encode: { v, p throws(SceneError) in
            guard v.isFinite else { throw .notFinite(at: p) }
            return JSONValue.float(v)
        }, schema: S.number)
    /// A replicator's instance count: a whole number in 0...`Scene.maximumInstanceCount`.
    static let instanceCount = SceneKind<Int>(
        decode: { j, p throws(SceneError) in
            let n = try D.number(j, at: p)
            guard n == n.rounded() else {
                throw SceneError(path: p, reason: "must be a whole number, got \(JSONValue.format(n))")
            }
            guard (0...CGFloat(Scene.maximumInstanceCount)).contains(n) else {
                throw .outOfRange(n, "0...\(Scene.maximumInstanceCount)", at: p)
            }
            return Int(n)
        },
        encode: { v, _ in .number(CGFloat(v)) },
        schema: JSONSchema.object([
            ("type", .string("integer")), ("minimum", .number(0)),
            ("maximum", .number(CGFloat(Scene.maximumInstanceCount))),
        ]))
    static let bool = SceneKind<Bool>(decode: D.bool, encode: { v, _ in .bool(v) }, schema: S.bool)
    static let string = SceneKind<String?>(
        decode: { j, p throws(SceneError) in try D.string(j, at: p) },
        encode: { v, _ in v.map { .string($0) } ?? .null },
        equal: ==, boxed: { $0.map { $0 as Any } ?? NSNull() }, schema: S.string)
    static let point = SceneKind<CGPoint>(
        decode: D.point, encode: { v, p throws(SceneError) in try finiteJSON([v.x, v.y], at: p) },
        schema: D.Schemas.point)
    static let size = SceneKind<CGSize>(
        decode: D.size, encode: { v, p throws(SceneError) in try finiteJSON([v.width, v.height], at: p) },
        schema: D.Schemas.size)
    static let rect = SceneKind<CGRect>(
        decode: { j, p throws(SceneError) in try D.rect(j, at: p) },
        encode: { v, p throws(SceneError) in
            try finiteJSON([v.origin.x, v.origin.y, v.size.width, v.size.height], at: p)
        }, schema: D.Schemas.rect)
    static let bounds = SceneKind<CGRect>(
        decode: { j, p throws(SceneError) in try D.rect(j, nonNegative: true, at: p) }, encode: rect.encode,
        schema: D.Schemas.bounds)
    static let transform = SceneKind<CATransform3D>(
        decode: D.transform,
        encode: { v, p throws(SceneError) in
            guard v.isFinite else { throw .notFinite(at: p) }
            return D.encode(v)
        }, schema: D.Schemas.transform)
    static let color = SceneKind<CGColor?>(
        decode: D.optionalColor,
        encode: { v, p throws(SceneError) in
            guard let v else { return .null }
            guard [v.rgba.r, v.rgba.g, v.rgba.b, v.rgba.a].allSatisfy(\.isFinite) else { throw .notFinite(at: p) }
            return D.encode(v)
        },
        equal: ==, boxed: { $0.map { $0 as Any } ?? NSNull() }, schema: D.Schemas.optionalColor)
    static let path = SceneKind<CGPath?>(
        decode: D.optionalPath,
        encode: { v, _ in v.map { D.encode($0) } ?? .null },
        equal: ==, boxed: { $0.map { $0 as Any } ?? NSNull() }, schema: D.Schemas.optionalPath)
    static let corners = SceneKind<CACornerMask>(
        decode: D.cornerMask,
        encode: { v, _ in .array(D.cornerNames.filter { v.contains($0.value) }.map { .string($0.key) }) },
        schema: D.Schemas.corners)
    static let colors = SceneKind<[CGColor]?>(
        decode: { j, p throws(SceneError) in
            var out: [CGColor] = []
            for (k, item) in try D.array(j, at: p).enumerated() { out.append(try D.color(item, at: "\(p)[\(k)]")) }
            return out
        },
        encode: { v, p throws(SceneError) in
            guard let v else { return .null }
            var out: [JSONValue] = []
            for (k, c) in v.enumerated() { out.append(try color.encode(c, "\(p)[\(k)]")) }
            return .array(out)
        },
        equal: ==, boxed: { v -> Any in if let v { return v as [Any] } else { return NSNull() } },
        schema: S.array(of: D.Schemas.color))
    static let numbers = numberList(nonNegative: false)
    static let nonNegativeNumbers = numberList(nonNegative: true)

    static func numberList(nonNegative: Bool) -> SceneKind<[NSNumber]?> {
        SceneKind<[NSNumber]?>(
            decode: { j, p throws(SceneError) in
                var out: [NSNumber] = []
                for (k, item) in try D.array(j, at: p).enumerated() {
                    let n =
                        nonNegative ? try D.nonNegative(item, at: "\(p)[\(k)]") : try D.number(item, at: "\(p)[\(k)]")
                    out.append(NSNumber(value: Double(n)))
                }
                return out
            },
            encode: { v, p throws(SceneError) in
                guard let v else { return .null }
                return try finiteJSON(v.map { CGFloat($0.doubleValue) }, at: p)
            },
            equal: ==, boxed: { $0.map { $0 as Any } ?? NSNull() },
            schema: S.array(of: nonNegative ? S.nonNegative : S.number))
    }

    /// One of a fixed set of names, each mapped to a Core Animation constant.
    static func choice<T: Equatable & Sendable>(_ names: KeyValuePairs<String, T>) -> SceneKind<T> {
        SceneKind<T>(
            decode: { j, p throws(SceneError) in try D.choice(j, names, at: p) },
            encode: { v, p throws(SceneError) in
                guard let name = names.first(where: { $0.value == v })?.key else {
                    throw SceneError(path: p, reason: "value \(v) has no scene-file name")
                }
                return .string(name)
            }, schema: S.oneOf(names: names.map(\.key)))
    }
}
