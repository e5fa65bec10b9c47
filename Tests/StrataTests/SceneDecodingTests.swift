import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// Parses a JSON fragment (test input is trusted to be valid).
func json(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Data(text.utf8))
}

private func deg(_ d: CGFloat) -> CGFloat { d * .pi / 180 }

private func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-12) -> Bool {
    zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("Scene value decoding")
struct SceneDecodingTests {
    typealias D = SceneValueDecoder

    // MARK: Transforms

    @Test("Ops compose like a CATransform3DRotate chain: t = op × t")
    func opOrder() throws {
        let t = try D.transform(
            json(
                #"[{"perspective": 500}, {"rotateY": 30}, {"translate": [1, 2, 3]}, {"scale": [2, 3, 4]}, {"rotate": [45, 1, 1, 0]}]"#
            ), at: "t")
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        var chain = CATransform3DRotate(p, deg(30), 0, 1, 0)
        chain = CATransform3DTranslate(chain, 1, 2, 3)
        chain = CATransform3DScale(chain, 2, 3, 4)
        chain = CATransform3DRotate(chain, deg(45), 1, 1, 0)
        #expect(t == chain)
        // [translate, rotateY] is CATransform3DRotate(translation, …), and the other order is not.
        let rotated = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), deg(30), 0, 1, 0)
        #expect(try D.transform(json(#"[{"translate": [1, 2, 3]}, {"rotateY": 30}]"#), at: "t") == rotated)
        #expect(try D.transform(json(#"[{"rotateY": 30}, {"translate": [1, 2, 3]}]"#), at: "t") != rotated)
    }

    @Test("The last op acts on the point first, CSS-style")
    func opsOnPoints() throws {
        // translate then scale: the point is scaled, then translated.
        let t = try D.transform(json(#"[{"translate": [10, 0, 0]}, {"scale": [2, 2, 1]}]"#), at: "t")
        #expect(t.project(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 2))
        // rotateZ 90° turns +x to +y (clockwise on a y-down screen), as in Core Animation.
        let r = try D.transform(json(#"[{"rotateZ": 90}]"#), at: "t")
        let q = r.project(CGPoint(x: 1, y: 0))
        #expect(abs(q.x) < 1e-15 && abs(q.y - 1) < 1e-15)
    }

    @Test(
        "Each op",
        arguments: [
            (
                #"[{"perspective": 400}]"#,
                { () -> CATransform3D in
                    var m = CATransform3DIdentity; m.m34 = -1 / 400; return m
                }()
            ),
            (#"[{"rotateX": 30}]"#, CATransform3DMakeRotation(deg(30), 1, 0, 0)),
            (#"[{"rotateY": -20}]"#, CATransform3DMakeRotation(deg(-20), 0, 1, 0)),
            (#"[{"rotateZ": 5}]"#, CATransform3DMakeRotation(deg(5), 0, 0, 1)),
            (#"[{"rotate": [90, 0, 0, 0]}]"#, CATransform3DIdentity),
            (#"[{"translate": [1, -2, 3.5]}]"#, CATransform3DMakeTranslation(1, -2, 3.5)),
            (#"[{"scale": [2, 0.5, 1]}]"#, CATransform3DMakeScale(2, 0.5, 1)),
            (
                #"[{"matrix": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}]"#,
                CATransform3D(elements: (1...16).map { CGFloat($0) })
            ),
            (
                "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]",
                CATransform3D(elements: (1...16).map { CGFloat($0) })
            ),
            ("[]", CATransform3DIdentity),
        ])
    func eachOp(text: String, expected: CATransform3D) throws {
        #expect(try D.transform(json(text), at: "t") == expected)
    }

    @Test("Transforms are written as 16 numbers and read back exactly")
    func transformWriting() throws {
        let t = try D.transform(
            json(#"[{"perspective": 700}, {"rotate": [33, 1, 2, 3]}, {"translate": [0.1, 0.2, 0.3]}]"#), at: "t")
        let text = D.encode(t).prettyPrinted()
        #expect(try D.transform(JSONValue.parse(Data(text.utf8)), at: "t") == t)
    }

    // MARK: Colours

    @Test("Colours: hex and components")
    func colours() throws {
        let orange = try D.color(json(##""#FF8000""##), at: "c")
        #expect(orange.components == [1, 128.0 / 255, 0, 1])
        #expect(try D.color(json(##""#ff800080""##), at: "c").components == [1, 128.0 / 255, 0, 128.0 / 255])
        #expect(try D.color(json("[0.1, 0.2, 0.3, 0.4]"), at: "c").components == [0.1, 0.2, 0.3, 0.4])
        #expect(try D.optionalColor(json("null"), at: "c") == nil)
        #expect(throws: SceneError.self) { try D.color(json("null"), at: "c") }
    }

    @Test("Colours are written as hex when exact, as components otherwise")
    func colourWriting() throws {
        #expect(D.encode(CGColor(srgbRed: 1, green: 128.0 / 255, blue: 0, alpha: 1)) == .string("#ff8000"))
        #expect(D.encode(CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 128.0 / 255)) == .string("#00000080"))
        #expect(try D.encode(CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.3)) == json("[1, 1, 1, 0.3]"))
        #expect(try D.encode(CGColor(srgbRed: 0.5, green: 0, blue: 0, alpha: 1)) == json("[0.5, 0, 0, 1]"))
        // Every 8-bit value survives hex both ways.
        for v in 0...255 {
            let c = try D.color(.string(String(format: "#%02x%02x%02x", v, 255 - v, v / 2)), at: "c")
            #expect(D.encode(c) == .string(String(format: "#%02x%02x%02x", v, 255 - v, v / 2)))
        }
    }

    // MARK: Paths

    @Test("Paths: SVG data, rect, ellipse, rounded rect")
    func paths() throws {
        let svg = try D.path(json(#""M 0 0 L 10 0 L 10 10 Z""#), at: "p")
        #expect(
            svg.elements == [
                .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
                .lineTo(CGPoint(x: 10, y: 10)), .closeSubpath,
            ])
        let rect = try D.path(json(#"{"rect": [1, 2, 3, 4]}"#), at: "p")
        #expect(
            rect.elements == [
                .moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 4, y: 2)), .lineTo(CGPoint(x: 4, y: 6)),
                .lineTo(CGPoint(x: 1, y: 6)), .closeSubpath,
            ])
        let ellipse = try D.path(json(#"{"ellipse": [0, 0, 20, 10]}"#), at: "p")
        #expect(ellipse.elements.count == 6)
        #expect(ellipse.elements.first == .moveTo(CGPoint(x: 20, y: 5)))
        let k: CGFloat = 0.5522847498307936  // 4/3·(√2 − 1), as CGPath(ellipseIn:)
        #expect(
            ellipse.elements[1]
                == .curveTo(
                    control1: CGPoint(x: 20, y: 5 + 5 * k),
                    control2: CGPoint(x: 10 + 10 * k, y: 10), to: CGPoint(x: 10, y: 10)))
        if case .curveTo(_, _, let end) = ellipse.elements[4] {
            #expect(end == CGPoint(x: 20, y: 5))
        } else {
            Issue.record("not a curve")
        }
        #expect(ellipse == CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil))
        let rounded = try D.path(
            json(#"{"roundedRect": [0, 0, 100, 50], "radius": 10, "corners": ["minXMinY"]}"#), at: "p")
        #expect(
            rounded
                == CGPath.roundedRect(
                    CGRect(x: 0, y: 0, width: 100, height: 50), radius: 10,
                    corners: .layerMinXMinYCorner))
        let allCorners = try D.path(json(#"{"roundedRect": [0, 0, 100, 50], "radius": 10}"#), at: "p")
        #expect(allCorners == CGPath.roundedRect(CGRect(x: 0, y: 0, width: 100, height: 50), radius: 10, corners: .all))
        #expect(try D.optionalPath(json("null"), at: "p") == nil)
    }

    @Test("Paths are written as SVG path data that reads back to the same elements")
    func pathWriting() throws {
        let ellipse = try D.path(json(#"{"ellipse": [0.1, 0.2, 33.3, 10]}"#), at: "p")
        guard case .string(let data) = D.encode(ellipse) else { Issue.record("not a string"); return }
        #expect(try CGPath(svgPathData: data) == ellipse)
    }

    // MARK: Key paths

    @Test("Sub-key paths decode to component values (angles in degrees become radians)")
    func subKeys() throws {
        #expect(try D.decodeValue(json("90"), forKeyPath: "transform.rotation.y", at: "v") as? CGFloat == .pi / 2)
        #expect(try D.decodeValue(json("-45"), forKeyPath: "transform.rotation", at: "v") as? CGFloat == -.pi / 4)
        #expect(try D.decodeValue(json("180"), forKeyPath: "sublayerTransform.rotation.x", at: "v") as? CGFloat == .pi)
        #expect(try D.decodeValue(json("2"), forKeyPath: "transform.scale", at: "v") as? CGFloat == 2)
        #expect(try D.decodeValue(json("3"), forKeyPath: "transform.scale.z", at: "v") as? CGFloat == 3)
        #expect(
            try D.decodeValue(json("[1, 2]"), forKeyPath: "transform.translation", at: "v") as? CGSize
                == CGSize(width: 1, height: 2))
        #expect(try D.decodeValue(json("-5"), forKeyPath: "transform.translation.x", at: "v") as? CGFloat == -5)
        #expect(try D.decodeValue(json("7"), forKeyPath: "position.x", at: "v") as? CGFloat == 7)
        #expect(try D.decodeValue(json("0.25"), forKeyPath: "anchorPoint.y", at: "v") as? CGFloat == 0.25)
        #expect(try D.decodeValue(json("40"), forKeyPath: "bounds.size.width", at: "v") as? CGFloat == 40)
        #expect(
            try D.decodeValue(json("[3, 4]"), forKeyPath: "bounds.origin", at: "v") as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(
            try D.decodeValue(json("[0.5, 1]"), forKeyPath: "contentsRect.size", at: "v") as? CGSize
                == CGSize(width: 0.5, height: 1))
        #expect(try D.decodeValue(json("-6"), forKeyPath: "shadowOffset.height", at: "v") as? CGFloat == -6)
        #expect(try D.decodeValue(json("0.5"), forKeyPath: "startPoint.x", at: "v") as? CGFloat == 0.5)
        #expect(throws: SceneError(path: "v", reason: "must not be negative, got -1")) {
            try D.decodeValue(json("-1"), forKeyPath: "bounds.size.width", at: "v")
        }
        #expect(throws: SceneError(path: "v", reason: #"unknown key path "position.z""#)) {
            try D.decodeValue(json("1"), forKeyPath: "position.z", at: "v")
        }
        #expect(throws: SceneError(path: "v", reason: #"unknown key path "opacity.x""#)) {
            try D.decodeValue(json("1"), forKeyPath: "opacity.x", at: "v")
        }
        #expect(throws: SceneError(path: "v", reason: #"unknown key path "name""#)) {
            try D.decodeValue(json(#""a""#), forKeyPath: "name", at: "v")
        }
    }

    @Test("Whole properties decode to the Swift type the property holds")
    func wholeProperties() throws {
        #expect(try D.decodeValue(json("0.5"), forKeyPath: "opacity", at: "v") as? Float == 0.5)
        #expect(try D.decodeValue(json("3"), forKeyPath: "cornerRadius", at: "v") as? CGFloat == 3)
        #expect(try D.decodeValue(json("true"), forKeyPath: "hidden", at: "v") as? Bool == true)
        #expect(try D.decodeValue(json("[1, 2]"), forKeyPath: "position", at: "v") as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(
            try D.decodeValue(json("[1, 2, 3, 4]"), forKeyPath: "bounds", at: "v") as? CGRect
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(
            try D.decodeValue(json(#"[{"rotateY": 90}]"#), forKeyPath: "transform", at: "v") as? CATransform3D
                == CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        #expect(try D.decodeValue(json(##""#ffffff""##), forKeyPath: "backgroundColor", at: "v") as? CGColor == .white)
        #expect(try D.decodeValue(json("null"), forKeyPath: "backgroundColor", at: "v") is NSNull)
        #expect(
            try D.decodeValue(json(##"["#000000", "#ffffff"]"##), forKeyPath: "colors", at: "v") as? [CGColor]
                == [.black, .white])
        #expect(try D.decodeValue(json("[0, 0.5]"), forKeyPath: "locations", at: "v") as? [NSNumber] == [0, 0.5])
        #expect(
            try D.decodeValue(json(#"["minXMinY"]"#), forKeyPath: "maskedCorners", at: "v") as? CACornerMask
                == .layerMinXMinYCorner)
        #expect(
            try D.decodeValue(json(#""evenOdd""#), forKeyPath: "fillRule", at: "v") as? CAShapeLayerFillRule == .evenOdd
        )
        #expect(try D.decodeValue(json(#""hi""#), forKeyPath: "string", at: "v") as? String == "hi")
        #expect(try D.decodeValue(json(#""M 0 0 L 1 1""#), forKeyPath: "path", at: "v") is CGPath)
        let image =
            try D.decodeValue(
                json(#"{"image": "images/dot.png"}"#), forKeyPath: "contents", at: "v",
                baseURL: SceneFiles.fixtures) as? CGImage
        #expect(image?.width == 4 && image?.height == 2)
    }

    @Test("Key paths belong to layer types")
    func keyPathTypes() throws {
        #expect(D.isKnownKeyPath("fillColor"))
        #expect(D.isKnownKeyPath("fillColor", for: .shapeLayer))
        #expect(!D.isKnownKeyPath("fillColor", for: .layer))
        #expect(D.isKnownKeyPath("opacity", for: .textLayer))
        #expect(D.isKnownKeyPath("contents", for: .layer))
        #expect(throws: SceneError(path: "v", reason: #"unknown key path "colors" for type "textLayer""#)) {
            try D.decodeValue(json("[]"), forKeyPath: "colors", of: .textLayer, at: "v")
        }
    }

    // MARK: Timing functions

    @Test("Timing functions: names and control points")
    func timingFunctions() throws {
        #expect(try D.timingFunction(json(#""easeInEaseOut""#), at: "t") == .easeInEaseOut)
        #expect(try D.timingFunction(json(#""default""#), at: "t").controlPoints == (0.25, 0.1, 0.25, 1))
        #expect(try D.timingFunction(json("[0.1, -0.5, 0.9, 1.5]"), at: "t") == .controlPoints(0.1, -0.5, 0.9, 1.5))
        #expect(SceneTimingFunction.easeIn.controlPoints == (0.42, 0, 1, 1))
        #expect(SceneTimingFunction.easeOut.controlPoints == (0, 0, 0.58, 1))
        #expect(SceneTimingFunction.linear.json == .string("linear"))
        #expect(throws: SceneError(path: "t[2]", reason: "-0.1 is out of range 0...1")) {
            try D.timingFunction(json("[0, 0, -0.1, 1]"), at: "t")
        }
    }
}
