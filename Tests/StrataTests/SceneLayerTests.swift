import Foundation
import Testing

@testable import Strata
@testable import StrataScene

private func load(_ text: String, baseURL: URL? = nil) throws -> Scene {
    try Scene(data: Data(text.utf8), baseURL: baseURL)
}

/// Components of an 8-bit colour, as hex colours read.
private func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> [CGFloat] {
    [CGFloat(r) / 255, CGFloat(g) / 255, CGFloat(b) / 255, a]
}

@Suite("Scene layers")
struct SceneLayerTests {
    @Test("The root gets the canvas bounds and the centre when the file does not say")
    func rootDefaults() throws {
        let plain = try load(#"{"size": [800, 600], "root": {}}"#).root
        #expect(plain.bounds == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(plain.position == CGPoint(x: 400, y: 300))
        let sized = try load(#"{"size": [800, 600], "root": {"bounds": [0, 0, 100, 100]}}"#).root
        #expect(sized.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(sized.position == CGPoint(x: 400, y: 300))
        let placed = try load(#"{"size": [800, 600], "root": {"position": [0, 0]}}"#).root
        #expect(placed.bounds == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(placed.position == .zero)
        // Written back, the explicit [0, 0] stays and the defaults are left out.
        let text = String(
            decoding: try load(#"{"size": [800, 600], "root": {"position": [0, 0]}}"#).jsonData(), as: UTF8.self)
        #expect(text.contains(#""position": [0, 0]"#) && !text.contains("bounds"))
        // Sublayers do not get the root's defaults.
        let sub = try #require(try load(#"{"size": [800, 600], "root": {"sublayers": [{}]}}"#).root.sublayers?.first)
        #expect(sub.bounds == .zero && sub.position == .zero)
    }

    @Test("Scene-level fields and their defaults")
    func sceneFields() throws {
        let bare = try load(#"{"size": [10, 20], "root": {}}"#)
        #expect(bare.size == CGSize(width: 10, height: 20))
        #expect(bare.scale == 1 && bare.time == 0 && bare.background == nil)
        #expect(bare.animations.isEmpty && bare.timeline.isEmpty)
        let full = try load(
            ##"{"size": [10, 20], "scale": 2.5, "background": "#102030", "time": 1.5, "root": {}, "timeline": []}"##)
        #expect(full.scale == 2.5 && full.time == 1.5)
        #expect(full.background?.components == rgb(16, 32, 48))
    }

    @Test("A layer with no fields has Core Animation's defaults")
    func layerDefaults() throws {
        let scene = try load(
            #"{"size": [10, 10], "root": {"sublayers": [{}, {"type": "shapeLayer"}, {"type": "textLayer"}, {"type": "gradientLayer"}, {"type": "transformLayer"}]}}"#
        )
        let layers = try #require(scene.root.sublayers)
        let fresh: [CALayer] = [CALayer(), CAShapeLayer(), CATextLayer(), CAGradientLayer(), CATransformLayer()]
        for (layer, expected) in zip(layers, fresh) {
            #expect(type(of: layer) == type(of: expected))
            #expect(dumpTree(layer) == dumpTree(expected))
        }
    }

    @Test("Every plain layer field")
    func layerFields() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let l = try #require(scene.layersByName["plain"])
        #expect(type(of: l) == CALayer.self)
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 100, height: 50))
        #expect(l.position == CGPoint(x: 120.5, y: 80))
        #expect(l.anchorPoint == CGPoint(x: 0, y: 1))
        #expect(l.anchorPointZ == 4 && l.zPosition == -2)
        var t = CATransform3DTranslate(CATransform3DIdentity, 10, 0, 5)
        t = CATransform3DRotate(t, 30 * .pi / 180, 1, 1, 0)
        t = CATransform3DScale(t, 2, 0.5, 1)
        #expect(l.transform == t)
        #expect(l.opacity == 0.4 && l.isHidden && !l.isDoubleSided && l.masksToBounds)
        #expect(l.cornerRadius == 12)
        #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(l.cornerCurve == .continuous)
        #expect(l.backgroundColor?.components == [0.1, 0.2, 0.3, 0.5])
        #expect(l.borderWidth == 3)
        #expect(l.borderColor?.components == rgb(255, 128, 0))
        #expect(l.shadowColor?.components == rgb(0, 0, 0, 128.0 / 255))
        #expect(l.shadowOpacity == 0.3 && l.shadowRadius == 7)
        #expect(l.shadowOffset == CGSize(width: 2, height: 5))
        #expect(l.shadowPath?.elements.count == 5)
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 4 && image.height == 2)
        #expect(Array(image.pixels.prefix(16)) == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128])
        #expect(scene.imageFile(for: image) == "images/dot.png")
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(l.contentsGravity == .resizeAspectFill)
        #expect(l.contentsScale == 2 && l.shouldRasterize && l.rasterizationScale == 3)
        let root = scene.root
        #expect(root.name == "root")
        #expect(root.sublayerTransform.m34 == -1.0 / 800)
    }

    @Test("Masks are layers owned by their layer, not sublayers")
    func masks() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let plain = try #require(scene.layersByName["plain"])
        let mask = try #require(plain.mask as? CAShapeLayer)
        #expect(mask.name == "plainMask")
        #expect(mask.superlayer == nil)
        #expect(mask.isDescendant(of: plain))
        #expect(mask.rootLayer === scene.root)
        #expect(scene.layersByName["plainMask"] === mask)
        #expect(plain.sublayers == nil)
        #expect(scene.layerCount == 8)
    }

    @Test("Gradient layer fields")
    func gradientFields() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let g = try #require(scene.layersByName["gradient"] as? CAGradientLayer)
        #expect(
            g.cgColors.map { $0.components ?? [] } == [rgb(255, 0, 0), [0, 1, 0, 0.25], rgb(0, 0, 255, 204.0 / 255)])
        #expect(g.locations == [0, 0.3, 1])
        #expect(g.startPoint == CGPoint(x: 0, y: 0.5) && g.endPoint == CGPoint(x: 1, y: 0.5))
        #expect(g.type == .radial)
        #expect(g.transform == CATransform3DMakeTranslation(5, 6, 7))
        #expect(g.superlayer is CATransformLayer)
        // Without locations they stay nil (evenly spaced).
        let shared = try load(
            ##"{"size": [10, 10], "root": {"type": "gradientLayer", "colors": ["#000000", "#ffffff"]}}"##)
        let plain = try #require(shared.root as? CAGradientLayer)
        #expect(plain.locations == nil && plain.colors?.count == 2)
        #expect(
            plain.startPoint == CGPoint(x: 0.5, y: 0) && plain.endPoint == CGPoint(x: 0.5, y: 1) && plain.type == .axial
        )
    }

    @Test("Shape layer fields")
    func shapeFields() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let s = try #require(scene.layersByName["shape"] as? CAShapeLayer)
        #expect(s.path?.elements.first == .moveTo(CGPoint(x: 10, y: 10)))
        #expect(s.path?.elements.count == 5)
        #expect(s.fillColor == nil)
        #expect(s.fillRule == .evenOdd)
        #expect(s.strokeColor?.components == rgb(0x33, 0x66, 0x99))
        #expect(s.lineWidth == 4 && s.lineCap == .round && s.lineJoin == .bevel && s.miterLimit == 4)
        #expect(s.lineDashPattern == [8, 4, 2] && s.lineDashPhase == 3)
        #expect(s.strokeStart == 0.1 && s.strokeEnd == 0.9)
        let e = try #require(scene.layersByName["ellipse"] as? CAShapeLayer)
        #expect(e.fillColor == .black)
        #expect(e.path?.elements.first == .moveTo(CGPoint(x: 80, y: 20)))
    }

    @Test("Text layer fields")
    func textFields() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        let t = try #require(scene.layersByName["label"] as? CATextLayer)
        #expect(t.string as? String == "Hello, \"Strata\" é世")
        #expect(t.fontSize == 24)
        #expect(t.foregroundColor?.components == rgb(0x20, 0x20, 0x20))
        #expect(t.alignmentMode == .center)
        #expect(t.isWrapped)
        let bare = try #require(try load(#"{"size": [10, 10], "root": {"type": "textLayer"}}"#).root as? CATextLayer)
        #expect(bare.string == nil && bare.fontSize == 36 && bare.foregroundColor == .white)
        #expect(bare.alignmentMode == .natural && !bare.isWrapped)
    }

    @Test("Animations are kept as data, with their layer and paths")
    func animations() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        #expect(scene.animations.count == 3)
        let spin = scene.animations[0]
        #expect(spin.layer === scene.layersByName["plain"])
        #expect(spin.layerPath == "root.sublayers[0]")
        #expect(spin.path == "root.sublayers[0].animations[0]")
        #expect(spin.keyPath == "transform.rotation.y")
        #expect(spin.fromValue == .number(0) && spin.toValue == .number(90) && spin.byValue == nil)
        #expect(!spin.isKeyframe)
        #expect(spin.duration == 0.5 && spin.beginTime == 0.1 && spin.repeatCount == 2.5)
        #expect(spin.autoreverses && spin.fillMode == .both && spin.isAdditive && spin.isCumulative)
        #expect(spin.timingFunction == .controlPoints(0.3, 0, 0.7, 1))
        #expect(try scene.decodeValue(spin.toValue!, forKeyPath: spin.keyPath, at: spin.path) as? CGFloat == .pi / 2)
        let path = scene.animations[1]
        #expect(path.isKeyframe)
        #expect(path.values?.count == 3)
        #expect(path.keyTimes == [0, 0.25, 1])
        #expect(path.timingFunctions == [.easeIn, .easeOut])
        #expect(path.calculationMode == "cubic")
        #expect(path.timingFunction == nil && path.duration == 0 && path.effectiveDuration == 0.25)
        let stroke = scene.animations[2]
        #expect(stroke.layer === scene.layersByName["shape"])
        #expect(stroke.fillMode == .removed && stroke.repeatCount == 0 && !stroke.autoreverses)
    }

    @Test("The timeline keeps file order, targets and values")
    func timeline() throws {
        let scene = try Scene.load(contentsOf: SceneFiles.fixtures.appendingPathComponent("everything.scene.json"))
        #expect(scene.timeline.count == 2)
        let first = scene.timeline[0]
        #expect(first.at == 0.5 && !first.disableActions && first.duration == 0.25 && first.timingFunction == .default)
        #expect(first.set.map(\.target) == ["plain", "shape", "label"])
        #expect(first.set.map(\.keyPath) == ["opacity", "strokeColor", "position.x"])
        #expect(first.set.map(\.value) == [.number(1), .null, .number(300)])
        #expect(first.set[0].path == #"timeline[0].set["plain.opacity"]"#)
        #expect(first.path == "timeline[0]")
        let second = scene.timeline[1]
        #expect(second.at == 1 && second.disableActions && second.duration == 0.5 && second.timingFunction == .easeOut)
        let transform =
            try scene.decodeValue(
                second.set[0].value, forKeyPath: second.set[0].keyPath,
                of: .transformLayer, at: second.set[0].path) as? CATransform3D
        #expect(transform == CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
    }

    @Test("Loading sets stored values: no actions, and the tree links are consistent")
    func treeLinks() throws {
        let scene = try load(
            #"{"size": [10, 10], "root": {"sublayers": [{"name": "a", "sublayers": [{"name": "b"}]}, {"name": "c"}]}}"#)
        let a = try #require(scene.layersByName["a"]), b = try #require(scene.layersByName["b"])
        #expect(a.superlayer === scene.root && b.superlayer === a)
        #expect(scene.root.sublayers?.map(\.name) == ["a", "c"])
        a.removeFromSuperlayer()
        #expect(scene.root.sublayers?.map(\.name) == ["c"])
        scene.reindexNames()
        #expect(scene.layersByName["a"] == nil && scene.layersByName["c"] != nil)
    }
}
