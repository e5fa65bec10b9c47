import Foundation
import Testing

@testable import Strata
@testable import StrataScene

/// Where the test scenes are: the shared reference scenes beside the package, and our fixtures.
enum SceneFiles {
    /// The package root, from this file's path (Tests/StrataTests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/scenes` relative to the package root.
    static let shared = packageRoot.appendingPathComponent("../shared/scenes").standardizedFileURL
    /// `Tests/StrataTests/Fixtures/scenes`.
    static let fixtures = packageRoot.appendingPathComponent("Tests/StrataTests/Fixtures/scenes")

    static var sharedAvailable: Bool { FileManager.default.fileExists(atPath: shared.path) }

    /// The `*.scene.json` files in `folder`, sorted.
    static func scenes(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scene.json") }.sorted().map { folder.appendingPathComponent($0) }
    }
}

/// Every property of every layer in a tree, one line each (`root.sublayers[0].opacity = 0.4`),
/// with numbers in full precision: two trees are equal field by field when their dumps are.
func dumpTree(_ layer: CALayer, _ path: String = "root") -> [String] {
    func c(_ color: CGColor?) -> String { color.map { "\($0.components ?? [])" } ?? "nil" }
    func p(_ path: CGPath?) -> String { path.map { "\($0.elements)" } ?? "nil" }
    func n(_ numbers: [NSNumber]?) -> String { numbers.map { "\($0.map(\.doubleValue))" } ?? "nil" }
    var lines: [String] = []
    func add(_ name: String, _ value: Any) { lines.append("\(path).\(name) = \(value)") }
    add("class", type(of: layer))
    add("name", layer.name ?? "nil")
    add("bounds", [layer.bounds.origin.x, layer.bounds.origin.y, layer.bounds.width, layer.bounds.height])
    add("position", [layer.position.x, layer.position.y])
    add("anchorPoint", [layer.anchorPoint.x, layer.anchorPoint.y])
    add("anchorPointZ", layer.anchorPointZ)
    add("zPosition", layer.zPosition)
    add("transform", layer.transform.elements)
    add("sublayerTransform", layer.sublayerTransform.elements)
    add("opacity", layer.opacity)
    add("hidden", layer.isHidden)
    add("doubleSided", layer.isDoubleSided)
    add("masksToBounds", layer.masksToBounds)
    add("cornerRadius", layer.cornerRadius)
    add("maskedCorners", layer.maskedCorners.rawValue)
    add("cornerCurve", layer.cornerCurve.rawValue)
    add("backgroundColor", c(layer.backgroundColor))
    add("borderWidth", layer.borderWidth)
    add("borderColor", c(layer.borderColor))
    add("shadowColor", c(layer.shadowColor))
    add("shadowOpacity", layer.shadowOpacity)
    add("shadowRadius", layer.shadowRadius)
    add("shadowOffset", [layer.shadowOffset.width, layer.shadowOffset.height])
    add("shadowPath", p(layer.shadowPath))
    if let image = layer.contents as? CGImage {
        add("contents", "\(image.width)x\(image.height) \(image.pixels.hashValue)")
    } else {
        add("contents", layer.contents.map { "\($0)" } ?? "nil")
    }
    add(
        "contentsRect",
        [
            layer.contentsRect.origin.x, layer.contentsRect.origin.y,
            layer.contentsRect.width, layer.contentsRect.height,
        ])
    add("contentsGravity", layer.contentsGravity.rawValue)
    add("contentsScale", layer.contentsScale)
    add("shouldRasterize", layer.shouldRasterize)
    add("rasterizationScale", layer.rasterizationScale)
    if let g = layer as? CAGradientLayer {
        add("colors", g.colors.map { $0.map { c($0 as? CGColor) } } ?? ["nil"])
        add("locations", n(g.locations))
        add("startPoint", [g.startPoint.x, g.startPoint.y])
        add("endPoint", [g.endPoint.x, g.endPoint.y])
        add("type", g.type.rawValue)
    }
    if let s = layer as? CAShapeLayer {
        add("path", p(s.path))
        add("fillColor", c(s.fillColor))
        add("fillRule", s.fillRule.rawValue)
        add("strokeColor", c(s.strokeColor))
        add("lineWidth", s.lineWidth)
        add("lineCap", s.lineCap.rawValue)
        add("lineJoin", s.lineJoin.rawValue)
        add("miterLimit", s.miterLimit)
        add("lineDashPattern", n(s.lineDashPattern))
        add("lineDashPhase", s.lineDashPhase)
        add("strokeStart", s.strokeStart)
        add("strokeEnd", s.strokeEnd)
    }
    if let t = layer as? CATextLayer {
        add("string", t.string.map { "\($0)" } ?? "nil")
        add("fontSize", t.fontSize)
        add("foregroundColor", c(t.foregroundColor))
        add("alignmentMode", t.alignmentMode.rawValue)
        add("isWrapped", t.isWrapped)
    }
    if let mask = layer.mask {
        #expect(mask.superlayer == nil, "\(path).mask has a superlayer")
        lines += dumpTree(mask, path + ".mask")
    }
    for (k, sublayer) in (layer.sublayers ?? []).enumerated() {
        #expect(sublayer.superlayer === layer, "\(path).sublayers[\(k)] has the wrong superlayer")
        lines += dumpTree(sublayer, "\(path).sublayers[\(k)]")
    }
    return lines
}

/// The scene's non-tree parts, one line each.
func dumpScene(_ scene: Scene) -> [String] {
    var lines = [
        "size = \([scene.size.width, scene.size.height])", "scale = \(scene.scale)",
        "background = \(scene.background.map { "\($0.components ?? [])" } ?? "nil")", "time = \(scene.time)",
    ]
    for a in scene.animations {
        lines.append(
            "\(a.path): layer \(a.layerPath) \(a.layer.name ?? "-") \(a.keyPath) from \(String(describing: a.fromValue)) "
                + "to \(String(describing: a.toValue)) by \(String(describing: a.byValue)) values \(String(describing: a.values)) "
                + "keyTimes \(String(describing: a.keyTimes)) tf \(String(describing: a.timingFunction)) "
                + "tfs \(String(describing: a.timingFunctions)) \(a.calculationMode) \(a.duration) \(a.beginTime) "
                + "\(a.repeatCount) \(a.autoreverses) \(a.fillMode.rawValue) \(a.isAdditive) \(a.isCumulative)")
    }
    for t in scene.timeline {
        lines.append("\(t.path): at \(t.at) \(t.disableActions) \(t.duration) \(t.timingFunction)")
        for change in t.set { lines.append("  \(change.path) \(change.target) \(change.keyPath) \(change.value)") }
    }
    return lines + dumpTree(scene.root)
}

@Suite("Scene round trip")
struct SceneRoundTripTests {
    /// load → write → load → write: the same bytes twice, and equal scenes field by field.
    func checkRoundTrip(_ url: URL) throws {
        let first = try Scene.load(contentsOf: url)
        let bytes1 = try first.jsonData()
        let second = try Scene(data: bytes1, baseURL: first.baseURL)
        let bytes2 = try second.jsonData()
        #expect(bytes1 == bytes2, "\(url.lastPathComponent): writing the re-read scene changed the bytes")
        let (a, b) = (dumpScene(first), dumpScene(second))
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) where x != y {
            Issue.record("\(url.lastPathComponent): \(x)  ≠  \(y)")
        }
        #expect(first.layerCount == second.layerCount)
        #expect(first.layersByName.keys.sorted() == second.layersByName.keys.sorted())
    }

    @Test(
        "Every shared reference scene round-trips",
        .enabled(if: SceneFiles.sharedAvailable, "../shared/scenes is absent: the shared scenes were not checked"),
        arguments: SceneFiles.scenes(in: SceneFiles.shared).map(\.lastPathComponent))
    func sharedScene(name: String) throws {
        try checkRoundTrip(SceneFiles.shared.appendingPathComponent(name))
    }

    @Test(
        "The shared reference scenes are all there",
        .enabled(if: SceneFiles.sharedAvailable, "../shared/scenes is absent: the shared scenes were not checked"))
    func sharedScenesPresent() {
        let scenes = SceneFiles.scenes(in: SceneFiles.shared)
        #expect(scenes.count >= 15, "expected the 15 reference scenes, found \(scenes.count)")
    }

    @Test("Fixture scenes with every field round-trip")
    func fixtureScenes() throws {
        let scenes = SceneFiles.scenes(in: SceneFiles.fixtures)
        #expect(!scenes.isEmpty)
        for url in scenes { try checkRoundTrip(url) }
    }

    @Test("Every field of the fixture (all non-default) is written back under its own name")
    func fieldsKept() throws {
        let url = SceneFiles.fixtures.appendingPathComponent("everything.scene.json")
        let original = try JSONValue.parse(Data(contentsOf: url))
        let written = try JSONValue.parse(Scene.load(contentsOf: url).jsonData())
        func keys(_ v: JSONValue, _ path: String, into out: inout [String]) {
            switch v {
            case .object(let o):
                for m in o.members {
                    out.append(path + "." + m.key)
                    // Values of these are rewritten (ops to matrices, shapes to path data), not their keys.
                    if !["transform", "sublayerTransform", "path", "shadowPath"].contains(m.key) {
                        keys(m.value, path + "." + m.key, into: &out)
                    }
                }
            case .array(let items):
                for (k, item) in items.enumerated() { keys(item, "\(path)[\(k)]", into: &out) }
            default: break
            }
        }
        var a: [String] = [], b: [String] = []
        keys(original, "", into: &a)
        keys(written, "", into: &b)
        #expect(a.sorted() == b.sorted())
    }

    @Test("Written files are sorted, leave defaults out and write transforms as 16 numbers")
    func writtenForm() throws {
        let scene = try Scene(
            data: Data(
                """
                {"size": [100, 50], "root": {"sublayers": [{"opacity": 0.4, "bounds": [0, 0, 10, 10],
                  "backgroundColor": "#FF8000", "borderColor": [1, 0, 0, 0.3], "transform": [{"translate": [1, 2, 3]}],
                  "doubleSided": true, "cornerRadius": 0}]}}
                """.utf8), baseURL: nil)
        let text = String(decoding: try scene.jsonData(), as: UTF8.self)
        #expect(
            text == """
                {
                  "root": {
                    "sublayers": [
                      {
                        "backgroundColor": "#ff8000",
                        "borderColor": [1, 0, 0, 0.3],
                        "bounds": [0, 0, 10, 10],
                        "opacity": 0.4,
                        "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]
                      }
                    ]
                  },
                  "size": [100, 50]
                }

                """)
    }

    @Test("A scene made in code writes, and reads back equal")
    func sceneMadeInCode() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        let shape = CAShapeLayer()
        shape.name = "shape"
        shape.fillColor = nil
        shape.opacity = 0.3
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0.1, y: 1.0 / 3.0))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: -1e-7, y: 2))
        path.closeSubpath()
        shape.path = path
        shape.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), 0.3, 0, 1, 0)
        let image = CGImage(width: 1, height: 1, pixels: [1, 2, 3, 4], label: "made")
        shape.contents = image
        root.addSublayer(shape)
        let scene = Scene(size: CGSize(width: 200, height: 100), root: root, background: CGColor(gray: 0.5, alpha: 1))
        // An image with no file cannot be written.
        #expect(
            throws: SceneError(
                path: "root.sublayers[0].contents",
                reason: "the image \"made\" has no file name (see Scene.setImageFile(_:for:))")
        ) {
            try scene.jsonData()
        }
        scene.setImageFile("images/dot.png", for: image)
        var animation = SceneAnimation(layer: shape, layerPath: "root.sublayers[0]", path: "", keyPath: "opacity")
        animation.toValue = .number(1)
        animation.duration = 2
        scene.animations = [animation]
        let data = try scene.jsonData()
        let back = try Scene(data: data, baseURL: SceneFiles.fixtures)
        // The image read from the file replaces ours: compare everything else.
        let withoutContents = { (lines: [String]) in lines.filter { !$0.contains(".contents =") } }
        #expect(withoutContents(dumpTree(back.root)) == withoutContents(dumpTree(scene.root)))
        #expect((back.layersByName["shape"]?.contents as? CGImage)?.width == 4)
        #expect(back.animations.count == 1)
        #expect(back.animations.first?.layer === back.layersByName["shape"])
        #expect(back.animations.first?.toValue == .number(1))
        #expect(back.animations.first?.duration == 2)
        #expect(try back.jsonData() == data)
    }

    @Test("instantiate() makes an equal, independent tree with retargeted animations")
    func instantiate() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let one = scene.instantiate(), two = scene.instantiate()
        #expect(dumpTree(one.root) == dumpTree(scene.root))
        #expect(dumpTree(two.root) == dumpTree(scene.root))
        #expect(one.root !== scene.root && one.root !== two.root)
        #expect(one.animations.count == scene.animations.count)
        for (copy, original) in zip(one.animations, scene.animations) {
            #expect(copy.layer !== original.layer)
            #expect(copy.layer.name == original.layer.name)
            #expect(copy.layer.rootLayer === one.root)
        }
        #expect(one.layersByName["plainMask"] === one.layersByName["plain"]?.mask)
        #expect(Set(one.layersByName.keys) == Set(scene.layersByName.keys))
        // Changing the copy leaves the scene alone.
        one.layersByName["plain"]?.opacity = 1
        #expect(scene.layersByName["plain"]?.opacity == 0.4)
        #expect(scene.makeTree().sublayers?.count == 5)
    }
}
