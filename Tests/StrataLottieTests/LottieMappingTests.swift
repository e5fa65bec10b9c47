import Foundation
import Strata
import Testing

@testable import StrataLottie

/// A file becomes a layer tree and keyframe animations: checked as data, no GPU.
@Suite struct LottieMappingTests {
    func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var out: [Float] = []
        for i in 1...2 {
            var p: [Float] = [0, 0]
            f.getControlPoint(at: i, values: &p)
            out += p
        }
        return out
    }

    @Test func keyframesBecomeOneKeyframeAnimation() throws {
        let tree = try LottieFiles.load("position_ease").makeLayerTree()
        let position = tree.animations(keyPath: "position")
        #expect(position.count == 1)
        let a = try #require(position.first?.animation)
        #expect(
            a.values?.compactMap { ($0 as? NSValue)?.pointValue } == [CGPoint(x: 30, y: 50), CGPoint(x: 170, y: 150)])
        #expect(a.keyTimes?.map(\.doubleValue) == [0, 1])
        #expect(a.timingFunctions.map { $0.map(controlPoints) } == [[0.33, 0, 0.67, 1]])
        #expect(abs(a.duration - 29.0 / 30) < 1e-9)
        #expect(a.beginTime == LottieAnimationFactory.beginTimeAtZero)
        #expect(a.fillMode == .both && !a.isRemovedOnCompletion)
        // The layer: anchor as its bounds origin, anchor point 0, 0.
        let layer = position[0].layer
        #expect(layer.anchorPoint == .zero)
        #expect(layer.bounds == .zero)
    }

    @Test func holdsJumpJustBeforeTheirFrame() throws {
        let tree = try LottieFiles.load("position_hold").makeLayerTree()
        let a = try #require(tree.animations(keyPath: "position").first?.animation)
        let times = a.keyTimes?.map { $0.doubleValue * a.duration * 30 } ?? []
        let points = a.values?.compactMap { ($0 as? NSValue)?.pointValue } ?? []
        // Held at (40, 100) until a hair before frame 12, then (100, 60).
        #expect(points.prefix(3) == [CGPoint(x: 40, y: 100), CGPoint(x: 40, y: 100), CGPoint(x: 100, y: 60)])
        #expect(abs(times[1] - (12 - LottieAnimationFactory.jumpEarly)) < 1e-6 && times[1] == times[2])
    }

    @Test func rotationAndScaleAreAdditiveValueFunctions() throws {
        let tree = try LottieFiles.load("scale_rotate").makeLayerTree()
        let parts = tree.animations(keyPath: "transform")
        #expect(parts.count == 2)
        #expect(parts.map { $0.animation.valueFunction?.name } == [.rotateZ, .scale])
        #expect(parts.allSatisfy { $0.animation.isAdditive })
        let rotation = parts[0].animation.values?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
        #expect(rotation.count == 2 && abs(rotation[1] - 400 * .pi / 180) < 1e-9)
        #expect(parts[0].layer.transform == CATransform3DIdentity)
    }

    @Test func presentationFollowsTheKeyframes() throws {
        let c = try LottieFiles.load("position_ease")
        for frame in [0.0, 7, 14.5, 29] {
            let tree = try presentation(c, frame: frame)
            let shapeOwner = try #require(allLayers(tree).first { $0.position != .zero && $0 !== tree })
            let expected = c.layers[0].transform.position.value(at: frame)
            #expect(abs(shapeOwner.position.x - expected.x) < 1e-3, "frame \(frame)")
            #expect(abs(shapeOwner.position.y - expected.y) < 1e-3, "frame \(frame)")
        }
    }

    @Test func pathsMorphAsKeyframesAndSampledPathsHitEveryFrame() throws {
        let morph = try LottieFiles.load("path_morph").makeLayerTree()
        let paths = morph.animations(keyPath: "path")
        #expect(paths.count == 1 && paths[0].animation.values?.count == 2)
        // A trimmed path changes in ways paths cannot mix: sampled at every frame (0…30).
        let trim = try LottieFiles.load("trim_fill").makeLayerTree()
        let sampled = try #require(trim.animations(keyPath: "path").first?.animation)
        #expect(sampled.values?.count == 31)
        #expect(sampled.timingFunctions == nil)
    }

    @Test func paintsBecomeShapeLayersInLottieOrder() throws {
        // group(rect, fill, stroke…): the first item is on top, so Core Animation gets them reversed.
        let tree = try LottieFiles.load("ellipse_stroke").makeLayerTree()
        let shapes = allLayers(tree.root).compactMap { $0 as? CAShapeLayer }
        #expect(shapes.count == 2)
        let stroke = try #require(shapes.first { $0.strokeColor != nil })
        let fill = try #require(shapes.first { $0.fillColor != nil })
        let parent = try #require(stroke.superlayer)
        #expect(
            parent.sublayers?.firstIndex { $0 === fill }! ?? 0 < parent.sublayers?.firstIndex { $0 === stroke }! ?? 0)
        #expect(stroke.lineWidth == 8)
        #expect(stroke.fillColor == nil)
        #expect(fill.path?.boundingBoxOfPath == CGRect(x: -60, y: -40, width: 120, height: 80))
    }

    @Test func gradientsAreMaskedGradientLayers() throws {
        let tree = try LottieFiles.load("gradient_opacity").makeLayerTree()
        let gradient = try #require(allLayers(tree.root).compactMap { $0 as? CAGradientLayer }.first)
        #expect(gradient.mask is CAShapeLayer)
        #expect(gradient.type == .axial)
        // Two colour stops and two opacity stops: four stops, each with colour and opacity.
        #expect(gradient.locations?.map(\.doubleValue) == [0, 0, 1, 1])
        let alphas = gradient.cgColors.map { Double($0.alpha) }
        #expect(zip(alphas, [1, 1, 0.2, 0.2]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func radialGradientsEndAtTheirRadius() throws {
        let tree = try LottieFiles.load("gradient_radial").makeLayerTree()
        let g = try #require(allLayers(tree.root).compactMap { $0 as? CAGradientLayer }.first)
        #expect(g.type == .radial)
        let start = CGPoint(x: g.startPoint.x * g.bounds.width, y: g.startPoint.y * g.bounds.height)
        let end = CGPoint(x: g.endPoint.x * g.bounds.width, y: g.endPoint.y * g.bounds.height)
        #expect(abs(hypot(end.x - start.x, end.y - start.y) - 80) < 1e-6)
    }

    @Test func radialGradientsSpreadFromTheirHighlight() throws {
        // h percent of the radius from the centre, a degrees from the direction to the end, in radii.
        let c = try LottieFiles.load("gradient_radial_highlight")
        func gradients(_ frame: Double) throws -> [CAGradientLayer] {
            allLayers(try presentation(c, frame: frame)).compactMap { $0 as? CAGradientLayer }
        }
        func near(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) < 1e-6 && abs(p.y - y) < 1e-6 }
        let still = (45.0 + 30) * .pi / 180
        for frame in [0.0, 29] {
            let g = try gradients(frame)
            #expect(g.count == 3 && g.allSatisfy { $0.type == .radial })
            guard g.count == 3 else { return }
            // Sublayers back to front (Lottie's first item on top): the stroke, the rectangle, the circle.
            // The circle's end points down-right (45°), the stroke's along x (a −90: straight up).
            #expect(near(g[2].radialFocus, 0.6 * cos(still), 0.6 * sin(still)), "\(g[2].radialFocus)")
            #expect(near(g[0].radialFocus, 0, -0.7), "\(g[0].radialFocus)")
        }
        // The moving highlight: h 0 -> 80, a 0 -> 270 from straight up: at frame 29, 0.8 radii to the left.
        #expect(try gradients(0)[1].radialFocus == .zero)
        let moved = try gradients(29)[1].radialFocus
        #expect(near(moved, -0.8, 0), "\(moved)")
    }

    @Test func mattesAndInvertedMattesMask() throws {
        let alpha = try LottieFiles.load("matte_alpha").makeLayerTree()
        let matted = try #require(allLayers(alpha.root).first { $0.name == "content (matted)" })
        #expect(matted.mask != nil)
        #expect(allLayers(alpha.root).filter { $0.name == "matte" }.count == 1)  // drawn only as the mask
        let inverted = try LottieFiles.load("matte_alpha_inverted").makeLayerTree()
        let xor = allLayers(inverted.root).filter { ($0.compositingFilter as? String) == "xor" }
        #expect(xor.count == 1)
        #expect(allLayers(inverted.root).contains { $0.name == "everything" && $0.backgroundColor == .black })
    }

    @Test func blendModesBecomeCompositingFilters() throws {
        let tree = try LottieFiles.load("blend_modes").makeLayerTree()
        // The canvas's layers, back to front: the background, the multiplied precomposition, add, screen, multiply.
        let filters = (tree.root.sublayers ?? []).map { $0.compositingFilter as? String }
        #expect(filters == [nil, "multiplyBlendMode", "plusL", "screenBlendMode", "multiplyBlendMode"])
        #expect(tree.warnings.isEmpty, "\(tree.warnings)")

        // A matted, parented layer blends whole (its matted wrapper, outside its parent's transform); the
        // W3C modes are drawn; hard mix and unknown modes are drawn as normal, with a warning each.
        let square =
            #"[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]"#
        let layers = #"""
            [\#(shapeLayer(square, extra: #""td":1"#)),
             \#(shapeLayer("[]", extra: #""tt":1,"bm":2,"parent":1,"nm":"glow""#)),
             \#(shapeLayer("[]", extra: #""bm":17"#)),
             \#(shapeLayer("[]", extra: #""bm":99"#)),
             \#(shapeLayer("[]", extra: #""bm":3,"nm":"overlaid""#)),
             {"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,0]}}}]
            """#
        let c = try lottie(layers: layers)
        #expect(
            c.warnings.map(\.description) == [
                "layers[2]: blend mode 17 (hard mix) is not supported; drawn as normal",
                "layers[3]: blend mode 99 is not supported; drawn as normal",
            ])
        let matted = try c.makeLayerTree()
        let glow = try #require(allLayers(matted.root).first { $0.name == "glow (matted)" })
        #expect((glow.compositingFilter as? String) == "screenBlendMode")
        #expect(matted.root.sublayers?.last === glow)
        #expect(allLayers(matted.root).filter { $0.compositingFilter != nil }.count == 2)
        #expect(allLayers(matted.root).contains { ($0.compositingFilter as? String) == "overlayBlendMode" })
        let modes = (3...15).compactMap { LottieLayer.BlendMode(rawValue: $0)?.compositingFilter }
        #expect(Set(modes).count == 13 && modes.allSatisfy { $0.hasSuffix("BlendMode") })
    }

    @Test func masksCombineAsLayersAndNestedMasks() throws {
        let tree = try LottieFiles.load("mask_subtract").makeLayerTree()
        let masked = try #require(allLayers(tree.root).first { $0.mask?.name == "masks" })
        let mask = try #require(masked.mask)
        // add, then subtract: the added mask masked by the inverted subtracted one.
        let inner = try #require(mask.sublayers?.first)
        #expect(inner.sublayers?.first is CAShapeLayer)
        #expect((inner.mask?.sublayers?.last?.compositingFilter as? String) == "xor")
    }

    @Test func precompositionsMapTheirTime() throws {
        let c = try LottieFiles.load("precomp_time")
        let tree = try c.makeLayerTree()
        let positions = tree.animations(keyPath: "position")
        #expect(positions.count == 2)
        // One copy starts 5 frames later (st 5), the other runs at 1/1.5 speed (sr 1.5).
        let begins = positions.map { ($0.animation.beginTime * 30).rounded() }.sorted()
        #expect(begins == [0, 5])
        let durations = positions.map { ($0.animation.duration * 30 * 1000).rounded() / 1000 }.sorted()
        #expect(durations == [20, 30])
        // Precompositions are clipped to their size.
        #expect(
            allLayers(tree.root).filter { $0.masksToBounds && $0.bounds.size == CGSize(width: 100, height: 100) }.count
                == 2)
    }

    @Test func timeRemappingIsSampled() throws {
        let c = try LottieFiles.load("precomp_timeremap")
        let tree = try c.makeLayerTree()
        let a = try #require(tree.animations(keyPath: "position").first?.animation)
        #expect(a.values?.count == 31)
        // Frame 0 shows the precomposition's second 1 (its frame 30): x = 85.
        #expect((a.values?.first as? NSValue)?.pointValue.x == 85)
    }

    @Test func parentsAreTransformOnlyCopies() throws {
        let tree = try LottieFiles.load("parenting").makeLayerTree()
        let names = allLayers(tree.root).compactMap(\.name)
        // The grandchild sits inside copies of its parent and grandparent transforms.
        #expect(names.filter { $0.contains("(parent") }.count == 3)
        let holders = allLayers(tree.root).filter { $0.name?.contains("(parent") == true }
        #expect(holders.allSatisfy { $0.opacity == 1 })
    }

    @Test func inAndOutPointsHideTheLayer() throws {
        let c = try LottieFiles.load("in_out_points")
        let tree = try c.makeLayerTree()
        let hidden = tree.animations(keyPath: "hidden")
        #expect(hidden.count == 2)
        #expect(hidden.allSatisfy { $0.animation.calculationMode == .discrete })
        for (frame, left, right) in [(0.0, true, false), (10, true, true), (20, false, true)] {
            let shown = try presentation(c, frame: frame)
            let visible = allLayers(shown).filter { $0 is CAShapeLayer }.filter { layer in
                var l: CALayer? = layer
                while let x = l { if x.isHidden { return false }; l = x.superlayer }
                return true
            }
            let xs = visible.compactMap { $0.superlayer?.position.x }
            #expect(xs.contains(60) == left, "frame \(frame)")
            #expect(xs.contains(140) == right, "frame \(frame)")
        }
    }

    @Test func repeatersCopyTheirItems() throws {
        let tree = try LottieFiles.load("repeater").makeLayerTree()
        let copies = allLayers(tree.root).filter { $0.name?.hasPrefix("copy ") == true }
        #expect(copies.count == 6)
        // From 100 % down by (30 − 100) / 6 per copy: the last copy stops short of 30 %, as After Effects draws it.
        let expected = (0..<6).map { 1 - 0.7 * Double($0) / 6 }
        #expect(zip(copies.map(\.opacity), expected).allSatisfy { abs(Double($0) - $1) < 1e-6 })
        #expect(allLayers(tree.root).filter { $0 is CAShapeLayer }.count == 6)
    }

    @Test func limitsAreErrors() throws {
        let cycle = #"[{"id":"a","layers":[{"ty":0,"refId":"a","ks":{},"ip":0,"op":30}]}]"#
        let c = try lottie(layers: #"[{"ty":0,"refId":"a","ks":{},"ip":0,"op":30}]"#, assets: cycle)
        #expect(throws: LottieError.self) { try c.makeLayerTree() }
        // A precomposition used twice per level, 30 levels deep: 2^30 layers.
        var assets: [String] = [#"{"id":"p0","layers":[{"ty":4,"ks":{},"ip":0,"op":30,"shapes":[]}]}"#]
        for i in 1...30 {
            let use = #"{"ty":0,"refId":"p\#(i - 1)","ks":{},"ip":0,"op":30}"#
            assets.append(#"{"id":"p\#(i)","layers":[\#(use),\#(use)]}"#)
        }
        let big = try lottie(
            layers: #"[{"ty":0,"refId":"p30","ks":{},"ip":0,"op":30}]"#,
            assets: "[" + assets.joined(separator: ",") + "]")
        do {
            _ = try big.makeLayerTree()
            Issue.record("expected an error")
        } catch {
            #expect(error.reason.contains("more than"))
        }
    }

    @Test func sceneTimeZeroIsTheFirstFrame() throws {
        let c = try lottie(
            layers: "["
                + shapeLayer(
                    #"[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]"#,
                    ks:
                        #"{"p":{"a":1,"k":[{"t":10,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[30,0]}]}}"#
                ) + "]",
            header: #""v":"5","fr":30,"ip":10,"op":40,"w":100,"h":100"#)
        let scene = try c.makeScene()
        #expect(abs(scene.animationEnd - 1) < 1e-9)
        let tree = try scene.presentationTree(at: 0.5)
        let moved = try #require(allLayers(tree).first { $0.position.x != 0 && $0 !== tree })
        #expect(abs(moved.position.x - 15) < 1e-6)
    }
}

@Suite struct LottieTrimMappingTests {
    @Test func aTrimmedStrokeIsTrimmedByCoreAnimation() throws {
        // The loader: one arc, its trim keyframed: the arc's path with strokeStart/strokeEnd keyframes.
        let tree = try LottieFiles.load("loader").makeLayerTree()
        #expect(tree.animations(keyPath: "path").isEmpty)
        let end = try #require(tree.animations(keyPath: "strokeEnd").first?.animation)
        #expect(end.values?.compactMap { ($0 as? NSNumber)?.doubleValue } == [0, 1])
        #expect(end.timingFunctions?.count == 1)
        let stroke = try #require(allLayers(tree.root).compactMap { $0 as? CAShapeLayer }.first)
        #expect(stroke.path?.boundingBoxOfPath == CGRect(x: -50, y: -50, width: 100, height: 100))
    }

    /// The shape layers of the presentation of `name` at `frame`, in drawing order.
    func shapes(_ name: String, frame: Double) throws -> [CAShapeLayer] {
        allLayers(try presentation(LottieFiles.load(name), frame: frame)).compactMap { $0 as? CAShapeLayer }
    }

    @Test func aTrimAfterThePaintsTrimsTheirPaths() throws {
        // [path, stroke, trim] and [group{path, stroke}, trim]: both lines grow with the trim's end;
        // [group{rect, fill}, trim]: the fill fills the trimmed outline.
        for (frame, end) in [(0.0, 0.0), (15, 15.0 / 29), (29, 1)] {
            let layers = try shapes("trim_after_paints", frame: frame)
            let strokes = layers.filter { $0.strokeColor != nil }
            #expect(strokes.count == 2)
            for stroke in strokes {
                #expect(
                    stroke.strokeStart == 0 && abs(stroke.strokeEnd - end) < 1e-6, "frame \(frame): \(stroke.strokeEnd)"
                )
                #expect(stroke.path?.boundingBoxOfPath == CGRect(x: 20, y: 30, width: 160, height: 0))
            }
        }
        // Frame 29: 40 % to 90 % of the rectangle (120 × 60, from its top right corner, clockwise):
        // from the bottom side, round the left side, to 84 along the top.
        let fill = try #require(try shapes("trim_after_paints", frame: 29).first { $0.fillColor != nil })
        let box = try #require(fill.path?.boundingBoxOfPath)
        #expect(abs(box.minX - 40) < 0.01 && abs(box.maxX - 124) < 0.01, "\(box)")
        #expect(abs(box.minY - 110) < 0.01 && abs(box.maxY - 170) < 0.01, "\(box)")
    }

    @Test func aTrimOfAllPathsAsOneSpansGroups() throws {
        // m 2 after two groups of 160-long lines (the second drawn at half width): 30 % to 90 % of 320,
        // measured before the group transforms, is 96…160 of the first line and 0…128 of the second.
        let strokes = try shapes("trim_individually_groups", frame: 29).filter { $0.strokeColor != nil }
        #expect(strokes.count == 2)
        let boxes = strokes.compactMap { $0.path?.boundingBoxOfPath }.sorted { $0.minX > $1.minX }
        #expect(boxes.count == 2)
        #expect(abs(boxes[0].minX - 116) < 0.05 && abs(boxes[0].maxX - 180) < 0.05, "\(boxes)")
        #expect(abs(boxes[1].minX - 20) < 0.05 && abs(boxes[1].maxX - 148) < 0.05, "\(boxes)")
        // Frame 0: 0 % to 10 %, all in the first line; the second draws nothing.
        let first = try shapes("trim_individually_groups", frame: 0).filter { $0.strokeColor != nil }
        let drawn = first.compactMap { $0.path?.boundingBoxOfPath }.filter { !$0.isNull }
        #expect(drawn.count == 1 && abs(drawn[0].minX - 20) < 0.05 && abs(drawn[0].maxX - 52) < 0.05, "\(drawn)")
    }

    @Test func trimsCompose() throws {
        // Each trim trims what the trims before it left (lottie-web): half of half of the line, whether
        // the second trim comes before the stroke or after it.
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
        let half = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
        for items in [[line, half, half, stroke], [line, half, stroke, half]] {
            let c = try lottie(layers: "[" + shapeLayer("[" + items.joined(separator: ",") + "]") + "]")
            let layers = allLayers(try c.makeLayerTree().root).compactMap { $0 as? CAShapeLayer }
            let stroked = try #require(layers.first)
            let box = try #require(stroked.path?.boundingBoxOfPath)
            let drawn = (box.maxX - box.minX) * (stroked.strokeEnd - stroked.strokeStart)
            #expect(
                abs(box.minX) < 1e-6 && abs(drawn - 25) < 1e-6, "\(box) \(stroked.strokeStart)…\(stroked.strokeEnd)")
        }
    }

    @Test func aStillEndIsNotHeldAtTheEmptyFirstFrame() throws {
        // Start 100 -> 0 over frames 0…20, end still at 100: empty at frame 0, then growing back from the end.
        for (frame, start) in [(0.0, 1.0), (10, 0.5), (20, 0), (29, 0)] {
            let stroke = try #require(try shapes("trim_start_keyframed", frame: frame).first)
            #expect(
                abs(stroke.strokeStart - start) < 1e-6 && stroke.strokeEnd == 1,
                "frame \(frame): \(stroke.strokeStart)…\(stroke.strokeEnd)")
        }
    }

    @Test func aWrappingTrimIsSampledAsPaths() throws {
        // An offset running round: the visible part wraps through the start, so the paths are trimmed per frame.
        let tree = try LottieFiles.load("trim_offset").makeLayerTree()
        #expect(tree.animations(keyPath: "path").count == 1)
        #expect(tree.animations(keyPath: "strokeEnd").isEmpty)
    }
}

@Suite struct LottieLayerTreeTests {
    @Test func animationsPlayWhereTheTreeIsAdded() throws {
        let c = try LottieFiles.load("position_ease")
        let tree = try c.makeLayerTree()
        let root = CALayer()
        root.addSublayer(tree.root)
        let ticker = FrameTicker(rootLayer: root, clock: CAMediaClock(time: 100))
        ticker.tick(at: 100)
        tree.addAnimations(beginTime: 100)
        let shown = ticker.tick(at: 100 + 10.0 / 30)
        let expected = c.layers[0].transform.position.value(at: 10)
        let moved = try #require(allLayers(shown).first { abs($0.position.x - expected.x) < 1e-3 })
        #expect(abs(moved.position.y - expected.y) < 1e-3)
    }
}
