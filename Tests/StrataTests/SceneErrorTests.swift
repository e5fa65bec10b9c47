import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// The message loading `json` fails with, or nil when it loads.
func sceneError(_ json: String, baseURL: URL? = nil) -> String? {
    sceneError(Data(json.utf8), baseURL: baseURL)
}

func sceneError(_ data: Data, baseURL: URL? = nil) -> String? {
    do {
        _ = try Scene(data: data, baseURL: baseURL)
        return nil
    } catch {
        return error.description
    }
}

/// A scene whose root has these fields (a JSON fragment).
func rootScene(_ fields: String, extra: String = "") -> String {
    #"{"size": [100, 100], "root": {\#(fields)}\#(extra)}"#
}

@Suite("Scene errors")
struct SceneErrorTests {
    @Test(
        "Wrong types name the field and what was there",
        arguments: [
            (#""opacity": "x""#, #"root.opacity: expected a number, got "x""#),
            (#""opacity": true"#, "root.opacity: expected a number, got true"),
            (#""hidden": 1"#, "root.hidden: expected true or false, got 1"),
            (#""name": 5"#, "root.name: expected a string, got 5"),
            (#""sublayers": {}"#, "root.sublayers: expected an array, got an object"),
            (#""sublayers": [3]"#, "root.sublayers[0]: expected a layer (an object), got 3"),
            (#""position": "a""#, #"root.position: expected [x, y], got "a""#),
            (#""position": [1, null]"#, "root.position[1]: expected a number, got null"),
            (#""bounds": [1, 2, 3]"#, "root.bounds: expected [x, y, width, height], got 3 values"),
            (#""transform": 1"#, "root.transform: expected a transform (16 numbers or a list of ops), got 1"),
            (#""transform": [1, 2]"#, "root.transform: expected 16 numbers m11 … m44, got 2 values"),
            (#""maskedCorners": "all""#, #"root.maskedCorners: expected an array, got "all""#),
            (#""type": "shapeLayer", "path": 7"#, "root.path: expected a path (SVG path data or an object), got 7"),
            (#""type": 1"#, "root.type: expected a string, got 1"),
        ])
    func wrongType(fields: String, message: String) {
        #expect(sceneError(rootScene(fields)) == message)
    }

    @Test("Unknown fields, types and values")
    func unknownField() {
        #expect(
            sceneError(rootScene(#""sublayers": [{"opacty": 1}]"#)) == #"root.sublayers[0]: unknown field "opacty""#)
        #expect(sceneError(#"{"size": [1, 1], "root": {}, "sise": 2}"#) == #"unknown field "sise""#)
        #expect(
            sceneError(rootScene(#""type": "layr""#))
                == #"root.type: unknown value "layr", expected one of layer, transformLayer, gradientLayer, shapeLayer, textLayer, replicatorLayer, emitterLayer"#
        )
        #expect(sceneError(rootScene(#""path": "M 0 0""#)) == #"root: field "path" needs type "shapeLayer""#)
        #expect(
            sceneError(rootScene(#""type": "textLayer", "colors": []"#))
                == #"root: field "colors" needs type "gradientLayer""#)
        #expect(
            sceneError(rootScene(#""contentsGravity": "middle""#))
                == #"root.contentsGravity: unknown value "middle", expected one of resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight"#
        )
        #expect(
            sceneError(rootScene(#""maskedCorners": ["minXMinY", "topLeft"]"#))
                == #"root.maskedCorners[1]: unknown value "topLeft", expected one of minXMinY, maxXMinY, minXMaxY, maxXMaxY"#
        )
        #expect(
            sceneError(rootScene(#""animations": [{"keyPath": "opacity", "toValue": 1, "speed": 2}]"#))
                == #"root.animations[0]: unknown field "speed""#)
        #expect(
            sceneError(rootScene(#""name": "a""#, extra: #", "timeline": [{"at": 0, "wait": 1}]"#))
                == #"timeline[0]: unknown field "wait""#)
        #expect(
            sceneError(rootScene(#""shadowPath": {"rect": [0, 0, 1, 1], "radius": 3}"#))
                == #"root.shadowPath: unknown field "radius""#)
        #expect(
            sceneError(rootScene(#""contents": {"image": "a.png", "scale": 2}"#))
                == #"root.contents: unknown field "scale""#)
    }

    @Test("Unknown transform ops")
    func unknownOp() {
        let scene = rootScene(#""sublayers": [{}, {}, {"transform": [{"rotateY": 3}, {"rotat": [1, 0, 0, 1]}]}]"#)
        #expect(sceneError(scene) == #"root.sublayers[2].transform[1]: unknown op "rotat""#)
        #expect(
            sceneError(rootScene(#""transform": [{"rotateX": 1, "rotateY": 2}]"#))
                == #"root.transform[0]: expected an op (an object with one key, like {"rotateY": 30}), got an object"#)
        #expect(
            sceneError(rootScene(#""transform": [{"rotate": [1, 0, 1]}]"#))
                == "root.transform[0].rotate: expected [degrees, x, y, z], got 3 values")
        #expect(
            sceneError(rootScene(#""sublayerTransform": [{"perspective": 0}]"#))
                == "root.sublayerTransform[0].perspective: must be greater than 0, got 0")
    }

    @Test(
        "Bad colours",
        arguments: [
            (
                ##""#12345""##,
                ##"root.backgroundColor: bad colour "#12345": expected "#RRGGBB", "#RRGGBBAA" or [r, g, b, a]"##
            ),
            (
                ##""red""##,
                ##"root.backgroundColor: bad colour "red": expected "#RRGGBB", "#RRGGBBAA" or [r, g, b, a]"##
            ),
            (
                ##""#12345g""##,
                ##"root.backgroundColor: bad colour "#12345g": expected "#RRGGBB", "#RRGGBBAA" or [r, g, b, a]"##
            ),
            (
                "[1, 0, 0]",
                ##"root.backgroundColor: bad colour an array: expected "#RRGGBB", "#RRGGBBAA" or [r, g, b, a]"##
            ),
            ("7", ##"root.backgroundColor: bad colour 7: expected "#RRGGBB", "#RRGGBBAA" or [r, g, b, a]"##),
            ("[1, 0, 0, 1.5]", "root.backgroundColor[3]: 1.5 is out of range 0...1"),
            (#"[1, 0, "0", 1]"#, #"root.backgroundColor[2]: expected a number, got "0""#),
        ])
    func badColour(value: String, message: String) {
        #expect(sceneError(rootScene(#""backgroundColor": \#(value)"#)) == message)
    }

    @Test("Numbers that are not finite")
    func notFinite() {
        #expect(sceneError(rootScene(#""opacity": 1e999"#)) == "root.opacity: number is not finite")
        #expect(sceneError(rootScene(#""position": [0, -1e400]"#)) == "root.position[1]: number is not finite")
        #expect(
            sceneError(rootScene(#""opacity": NaN"#))
                == "root.opacity: invalid JSON at line 1, column 42: NaN, Infinity and '+' are not JSON numbers")
        #expect(
            sceneError(rootScene(#""zPosition": -Infinity"#))
                == "root.zPosition: invalid JSON at line 1, column 44: NaN, Infinity and '+' are not JSON numbers")
        // A transform whose ops overflow is caught after composing.
        #expect(
            sceneError(rootScene(#""transform": [{"scale": [1e200, 1, 1]}, {"scale": [1e200, 1, 1]}]"#))
                == "root.transform: number is not finite")
    }

    @Test(
        "Values out of range",
        arguments: [
            (#""opacity": 1.5"#, "root.opacity: 1.5 is out of range 0...1"),
            (#""shadowOpacity": -0.1"#, "root.shadowOpacity: -0.1 is out of range 0...1"),
            (#""bounds": [0, 0, -5, 3]"#, "root.bounds[2]: width must not be negative, got -5"),
            (#""bounds": [0, 0, 5, -3]"#, "root.bounds[3]: height must not be negative, got -3"),
            (#""cornerRadius": -1"#, "root.cornerRadius: must not be negative, got -1"),
            (#""contentsScale": 0"#, "root.contentsScale: must be greater than 0, got 0"),
            (#""type": "shapeLayer", "strokeEnd": 2"#, "root.strokeEnd: 2 is out of range 0...1"),
            (
                #""type": "shapeLayer", "lineDashPattern": [1, -2]"#,
                "root.lineDashPattern[1]: must not be negative, got -2"
            ),
            (
                #""type": "shapeLayer", "path": {"ellipse": [0, 0, -1, 1]}"#,
                "root.path.ellipse[2]: width must not be negative, got -1"
            ),
        ])
    func outOfRange(fields: String, message: String) {
        #expect(sceneError(rootScene(fields)) == message)
    }

    @Test("Canvas size and scale out of range")
    func canvasOutOfRange() {
        #expect(sceneError(#"{"size": [0, 10], "root": {}}"#) == "size[0]: must be greater than 0, got 0")
        #expect(sceneError(#"{"size": [10, -1], "root": {}}"#) == "size[1]: must be greater than 0, got -1")
        #expect(sceneError(#"{"size": [10, 10], "scale": 0, "root": {}}"#) == "scale: must be greater than 0, got 0")
        #expect(sceneError(#"{"size": [10, 10], "scale": -2, "root": {}}"#) == "scale: must be greater than 0, got -2")
        #expect(sceneError(#"{"size": [10, 10], "time": -1, "root": {}}"#) == "time: must not be negative, got -1")
    }

    @Test("Missing required fields")
    func missingField() {
        #expect(sceneError(#"{"root": {}}"#) == #"missing field "size""#)
        #expect(sceneError(#"{"size": [10, 10]}"#) == #"missing field "root""#)
        #expect(
            sceneError(rootScene(#""animations": [{"toValue": 1}]"#)) == #"root.animations[0]: missing field "keyPath""#
        )
        #expect(
            sceneError(rootScene("", extra: #", "timeline": [{"set": {}}]"#)) == #"timeline[0]: missing field "at""#)
        #expect(sceneError(rootScene(#""contents": {}"#)) == #"root.contents: missing field "image""#)
    }

    @Test("Missing and corrupt image files name the field and the file")
    func images() throws {
        let base = SceneFiles.fixtures
        let missing = rootScene(#""sublayers": [{}, {"contents": {"image": "images/x.png"}}]"#)
        #expect(
            sceneError(missing, baseURL: base)
                == "root.sublayers[1].contents.image: cannot read images/x.png: no such file")
        #expect(
            sceneError(rootScene(#""contents": {"image": "images"}"#), baseURL: base)
                == "root.contents.image: cannot read images: it is a directory")
        let corrupt = try #require(
            sceneError(rootScene(#""contents": {"image": "images/corrupt.png"}"#), baseURL: base))
        #expect(corrupt.hasPrefix("root.contents.image: cannot read images/corrupt.png: "), "\(corrupt)")
        // The same file read twice is one image.
        let scene = try Scene(
            data: Data(
                rootScene(
                    #""sublayers": [{"contents": {"image": "images/dot.png"}}, {"contents": {"image": "images/dot.png"}}]"#
                ).utf8),
            baseURL: base)
        let layers = try #require(scene.root.sublayers)
        #expect(layers[0].contents as? CGImage === layers[1].contents as? CGImage)
    }

    @Test("Bad path data names the field and the offset")
    func badPathData() throws {
        var pathError: PathDataError?
        do { _ = try CGPath(svgPathData: "M 0 0 L x") } catch { pathError = error }
        let expected = try #require(pathError)
        #expect(expected.offset == 8)
        let message = sceneError(rootScene(#""type": "shapeLayer", "path": "M 0 0 L x""#))
        #expect(message == "root.path: \(expected)")
        #expect(message?.contains("offset 8") == true)
        #expect(
            sceneError(rootScene(#""shadowPath": {"circle": 3}"#))
                == #"root.shadowPath: expected a path object with "rect", "ellipse" or "roundedRect""#)
    }

    @Test("Timeline keys must name a layer")
    func unknownLayer() {
        let scene = rootScene(#""name": "card""#, extra: #", "timeline": [{"at": 0.5, "set": {"cardd.opacity": 0.5}}]"#)
        #expect(sceneError(scene) == #"timeline[0].set["cardd.opacity"]: unknown layer "cardd""#)
        let twice = rootScene(
            #""sublayers": [{"name": "a"}, {"name": "a"}]"#,
            extra: #", "timeline": [{"at": 0, "set": {"a.opacity": 1}}]"#)
        #expect(sceneError(twice) == #"timeline[0].set["a.opacity"]: layer name "a" is not unique"#)
        let noDot = rootScene(#""name": "a""#, extra: #", "timeline": [{"at": 0, "set": {"opacity": 1}}]"#)
        #expect(sceneError(noDot) == #"timeline[0].set.opacity: expected a key "layerName.keyPath""#)
    }

    @Test("Unknown key paths")
    func unknownKeyPath() {
        #expect(
            sceneError(rootScene(#""animations": [{"keyPath": "opacty", "toValue": 1}]"#))
                == #"root.animations[0].keyPath: unknown key path "opacty" for type "layer""#)
        #expect(
            sceneError(rootScene(##""animations": [{"keyPath": "fillColor", "toValue": "#ffffff"}]"##))
                == #"root.animations[0].keyPath: unknown key path "fillColor" for type "layer""#)
        #expect(
            sceneError(rootScene(#""animations": [{"keyPath": "transform.rotation.w", "toValue": 1}]"#))
                == #"root.animations[0].keyPath: unknown key path "transform.rotation.w" for type "layer""#)
        let timeline = rootScene(
            #""name": "card""#, extra: #", "timeline": [{"at": 0, "set": {"card.position.z": 1}}]"#)
        #expect(
            sceneError(timeline)
                == #"timeline[0].set["card.position.z"]: unknown key path "position.z" for type "layer""#)
        #expect(
            sceneError(rootScene(#""animations": [{"keyPath": "opacity", "toValue": "x"}]"#))
                == #"root.animations[0].toValue: expected a number, got "x""#)
        #expect(
            sceneError(
                rootScene(#""name": "c""#, extra: #", "timeline": [{"at": 0, "set": {"c.transform": [{"spin": 1}]}}]"#))
                == #"timeline[0].set["c.transform"][0]: unknown op "spin""#)
    }

    @Test("Keyframe animations are consistent")
    func keyframes() {
        func anim(_ body: String) -> String? {
            sceneError(rootScene(#""animations": [{"keyPath": "opacity", \#(body)}]"#))
        }
        #expect(
            anim(#""values": [0, 1], "toValue": 1"#)
                == #"root.animations[0]: an animation has "values" or "fromValue"/"toValue"/"byValue", not both"#)
        #expect(
            anim(#""values": [0, 1], "keyTimes": [0]"#)
                == "root.animations[0].keyTimes: expected 2 key times (one per value), got 1")
        #expect(
            anim(#""values": [0, 1], "keyTimes": [0.5, 0.2]"#)
                == "root.animations[0].keyTimes[1]: key times must not decrease, got 0.2 after 0.5")
        #expect(
            anim(#""values": [0, 1, 0], "timingFunctions": ["linear"]"#)
                == "root.animations[0].timingFunctions: expected 2 timing functions (one per segment), got 1")
        #expect(anim(#""toValue": 1, "keyTimes": [0, 1]"#) == #"root.animations[0]: "keyTimes" needs "values""#)
        #expect(anim(#""values": []"#) == "root.animations[0].values: needs at least one value")
        #expect(anim(#""values": [0, 2]"#) == "root.animations[0].values[1]: 2 is out of range 0...1")
        #expect(
            anim(#""toValue": 1, "calculationMode": "spline""#)
                == #"root.animations[0].calculationMode: unknown value "spline", expected one of linear, discrete, paced, cubic"#
        )
        #expect(
            anim(#""toValue": 1, "timingFunction": "easeInOut""#)
                == #"root.animations[0].timingFunction: unknown value "easeInOut", expected one of linear, easeIn, easeOut, easeInEaseOut, default"#
        )
        #expect(
            anim(#""toValue": 1, "timingFunction": [1.5, 0, 1, 1]"#)
                == "root.animations[0].timingFunction[0]: 1.5 is out of range 0...1")
    }

    @Test("Invalid JSON: syntax, duplicates, encoding")
    func invalidJSON() {
        #expect(sceneError(rootScene(#""opacity": 1, "opacity": 0.5"#)) == #"root: duplicate field "opacity""#)
        #expect(
            sceneError("{\"size\": [10, 10],\n \"root\": {\"opacity\": 1,}}")
                == "root: invalid JSON at line 2, column 24: expected a key in double quotes, found '}'")
        #expect(
            sceneError(#"{"size": [10, 10], "root": {}} x"#)
                == "invalid JSON at line 1, column 32: unexpected 'x' after the end of the document")
        #expect(sceneError("") == "invalid JSON at line 1, column 1: expected a value, found the end of the file")
        #expect(
            sceneError(#"{"size": [10, 10], "root": {"name": "a"#)
                == "root.name: invalid JSON at line 1, column 37: unterminated string")
        #expect(
            sceneError(Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
                == "invalid JSON at line 1, column 2: a string is not valid UTF-8")
        #expect(sceneError("[1]") == "expected a scene (an object), got an array")
        #expect(
            sceneError(rootScene(#""zPosition": 01"#))
                == "root.zPosition: invalid JSON at line 1, column 44: numbers do not start with 0")
    }

    @Test("The file size limit", .timeLimit(.minutes(1)))
    func fileSizeLimit() throws {
        let size = Scene.maximumFileSize + 1
        #expect(sceneError(Data(count: size)) == "the file is larger than 64 MiB (67108865 bytes)")
        // Files are checked before they are read: a sparse file costs nothing.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-big-\(UUID().uuidString).scene.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        #expect(throws: SceneError(file: url.path, path: "", reason: "the file is larger than 64 MiB (67108865 bytes)"))
        {
            try Scene.load(contentsOf: url)
        }
        #expect(throws: SceneError(file: "/no/such/file.scene.json", path: "", reason: "no such file")) {
            try Scene.load(contentsOf: URL(fileURLWithPath: "/no/such/file.scene.json"))
        }
    }

    @Test("The tree depth limit: 256 loads, 257 does not")
    func depthLimit() throws {
        func nested(_ depth: Int, viaMask: Bool = false) -> String {
            var layer = "{}"
            for _ in 1..<depth { layer = viaMask ? #"{"mask": \#(layer)}"# : #"{"sublayers": [\#(layer)]}"# }
            return #"{"size": [10, 10], "root": \#(layer)}"#
        }
        let deepest = try Scene(data: Data(nested(256).utf8), baseURL: nil)
        #expect(deepest.layerCount == 256)
        let written = try deepest.jsonData()
        #expect(try Scene(data: written, baseURL: nil).layerCount == 256)
        let tooDeep = "root" + String(repeating: ".sublayers[0]", count: 256)
        #expect(sceneError(nested(257)) == "\(tooDeep): the layer tree is deeper than 256 layers")
        #expect(
            sceneError(nested(257, viaMask: true))
                == "root" + String(repeating: ".mask", count: 256) + ": the layer tree is deeper than 256 layers")
        // JSON nesting far beyond any tree stops at the parser's limit, without recursion.
        let brackets = String(repeating: "[", count: 100_000)
        #expect(
            sceneError(#"{"size": [10, 10], "root": {"name": \#(brackets)"#)?
                .hasSuffix(": nested deeper than 1024 levels") == true)
    }

    @Test("The layer count limit: 1,000,000 layers pass, one more does not", .timeLimit(.minutes(2)))
    func layerCountLimit() throws {
        func scene(sublayers: Int) -> String {
            #"{"size": [10, 10], "root": {"sublayers": ["# + String(repeating: "{},", count: sublayers - 1) + "{}]}}"
        }
        // The root plus 1,000,000 sublayers is one too many; the limit is checked before any layer is made.
        #expect(
            sceneError(scene(sublayers: 1_000_000)) == "root.sublayers[999999]: the scene has more than 1000000 layers")
        // The root plus 999,999 is the most. (Checked without building a million layers, to keep the test light.)
        #expect(SceneTreeScanner.scan(Data(scene(sublayers: 999_999).utf8)) == .counted(1_000_000))
        // Masks count too.
        let masked =
            #"{"size": [10, 10], "root": {"mask": {}, "sublayers": ["# + String(repeating: "{},", count: 999_998)
            + "{}]}}"
        #expect(sceneError(masked) == "root.sublayers[999998]: the scene has more than 1000000 layers")
    }

    @Test(
        "Bad input never crashes or hangs: every truncation and many byte changes of a full scene",
        .timeLimit(.minutes(2)))
    func fuzz() throws {
        let url = SceneFiles.fixtures.appendingPathComponent("everything.scene.json")
        let original = try Data(contentsOf: url)
        var loaded = 0, failed = 0
        func attempt(_ data: Data) {
            do {
                let scene = try Scene(data: data, baseURL: SceneFiles.fixtures)
                _ = try scene.jsonData()
                // The limits scan follows every file the parser accepts.
                #expect(SceneTreeScanner.scan(data) == .counted(scene.layerCount))
                loaded += 1
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error.description)")
                failed += 1
            }
        }
        for end in stride(from: 0, to: original.count, by: 7) { attempt(original.prefix(end)) }
        // A fixed generator, so any failure reproduces.
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let interesting: [UInt8] = Array("{}[],:\"\\-+.0123456789eEtfnNaI #xz".utf8) + [0, 0x80, 0xFF]
        for _ in 0..<3000 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + next() % 3) {
                bytes[next() % bytes.count] = interesting[next() % interesting.count]
            }
            attempt(Data(bytes))
        }
        #expect(failed > 0 && loaded > 0)
    }
}
