import Foundation
import Strata

extension SceneValueDecoder {
    /// JSON Schemas of the values the decoders read, each beside what it
    /// describes in spirit: the decoders are the truth, and `SchemaTests`
    /// check every scene the reader accepts validates and broken ones do not.
    enum Schemas {
        typealias S = JSONSchema

        static let point = S.numbers(2, "[x, y]")
        static let size = S.numbers(2, "[width, height]")
        static let rect = S.numbers(4, "[x, y, width, height]")
        static let bounds = S.tuple([S.number, S.number, S.nonNegative, S.nonNegative], "[x, y, width, height]")
        static let nonNegativeSize = S.tuple([S.nonNegative, S.nonNegative], "[width, height]")
        static let angle = S.described(S.number, "degrees")
        static let color = S.ref("color")
        static let optionalColor = S.orNull(color)
        static let path = S.ref("path")
        static let optionalPath = S.orNull(path)
        static let transform = S.ref("transform")
        static let image = S.ref("image")
        static let timingFunction = S.ref("timingFunction")
        static let corners = S.array(of: S.oneOf(names: cornerNames.map(\.key)), unique: true)

        /// The shared definitions (`#/definitions/…`) of values.
        static var definitions: [(String, JSONValue)] {
            let matrix = S.numbers(16, "m11 … m44, CATransform3D's row-vector order")
            let pathRect = S.tuple([S.number, S.number, S.nonNegative, S.nonNegative], "[x, y, width, height]")
            return [
                (
                    "color",
                    S.oneOf([
                        S.object([
                            ("type", .string("string")), ("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")),
                            ("description", .string("#RRGGBB or #RRGGBBAA")),
                        ]),
                        S.tuple(Array(repeating: S.unit, count: 4), "[r, g, b, a] in 0...1, sRGB, straight alpha"),
                    ])
                ),
                (
                    "transform",
                    S.oneOf([
                        matrix,
                        S.described(
                            S.array(of: S.ref("transformOp")),
                            "ops applied like a CATransform3D chain from the identity (each op X: t = X × t)"),
                    ])
                ),
                (
                    "transformOp",
                    S.object([
                        ("type", .string("object")), ("minProperties", .number(1)), ("maxProperties", .number(1)),
                        (
                            "properties",
                            S.object([
                                ("perspective", S.described(S.positive, "d: m34 = -1/d")),
                                ("translate", S.numbers(3, "[x, y, z]")),
                                ("scale", S.numbers(3, "[x, y, z]")),
                                ("rotate", S.numbers(4, "[degrees, x, y, z]")),
                                ("rotateX", angle), ("rotateY", angle), ("rotateZ", angle),
                                ("matrix", matrix),
                            ])
                        ),
                        ("additionalProperties", .bool(false)),
                    ])
                ),
                (
                    "path",
                    S.oneOf([
                        S.described(S.string, "SVG path data"),
                        S.closedObject([("rect", pathRect)], required: ["rect"]),
                        S.closedObject([("ellipse", pathRect)], required: ["ellipse"]),
                        S.closedObject(
                            [("roundedRect", pathRect), ("radius", S.nonNegative), ("corners", corners)],
                            required: ["roundedRect"]),
                    ])
                ),
                (
                    "image",
                    S.closedObject(
                        [("image", S.object([("type", .string("string")), ("minLength", .number(1))]))],
                        required: ["image"], description: "a PNG or JPEG file, relative to the scene file")
                ),
                (
                    "timingFunction",
                    S.oneOf([
                        S.oneOf(names: SceneTimingFunction.names.map(\.key)),
                        S.tuple([S.unit, S.number, S.unit, S.number], "[x1, y1, x2, y2] control points"),
                    ])
                ),
            ]
        }
    }
}
