import Foundation
import Strata
import StrataScene
import Testing
import _StrataTestSupport

@testable import StrataLayerRaster
@testable import StrataRender

/// Layer-space passes (rasterization, blurred shadows) are sized by bounds
/// functions that make no items. Each is checked against the old way of
/// measuring, drawing the subtree once more and dropping it (`LayerSpaceProbe`): the bounds must
/// hold everything the drawing reached (a smaller pass cuts pixels off) and be
/// at most a pixel or so larger on each side (whole pixels where a pass could
/// be made).
@Suite struct LayerSpaceBoundsTests {
    /// How much larger than the drawn box, per side, a measured box may be:
    /// group opacity and blending round out to whole pixels, and do so even
    /// where the drawing folds the opacity into the items instead.
    static let slack = 1.01

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The scene files of the repository, and the shared scenes beside it when present.
    static var sceneFiles: [URL] {
        let folders = [
            "Tests/Scenes", "Resources/Scenes", "Tests/StrataGLTests/Scenes", "../shared/scenes",
            "../shared/scenes/surface",
        ]
        return folders.flatMap { folder -> [URL] in
            let url = packageRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".scene.json") }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    /// Flattens `root` with the probe beside the bounds functions and checks each pass's extent.
    static func check(
        _ root: CALayer, size: CGSize, scale: Double = 1, forcesBlurredShadows: Bool = false,
        rasterizer: LayerRasterizer? = ShapeLayerRasterizer(), _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var flattener = Flattener(size: size, scale: scale, rasterizer: rasterizer)
        flattener.forcesBlurredShadows = forcesBlurredShadows
        let (_, probes) = flattener.renderListComparingProbes(for: [root])
        for (bounds, probe) in probes {
            if probe.isNull {
                #expect(
                    bounds.isNull, "\(name): the bounds \(bounds) where the drawing reached nothing",
                    sourceLocation: sourceLocation)
                continue
            }
            let contains =
                !bounds.isNull && bounds.minX <= probe.minX + 1e-6 && bounds.minY <= probe.minY + 1e-6
                && bounds.maxX >= probe.maxX - 1e-6 && bounds.maxY >= probe.maxY - 1e-6
            #expect(
                contains, "\(name): the bounds \(bounds) leave out part of the drawing \(probe)",
                sourceLocation: sourceLocation)
            guard contains else { continue }
            let grown =
                [
                    probe.minX - bounds.minX, probe.minY - bounds.minY, bounds.maxX - probe.maxX,
                    bounds.maxY - probe.maxY,
                ].map { Double($0) }.max() ?? 0
            #expect(
                grown <= slack, "\(name): the bounds \(bounds) are much larger than the drawing \(probe)",
                sourceLocation: sourceLocation)
        }
        return probes.count
    }

    /// Every layer rasterized (a transform layer cannot be): nested
    /// layer-space passes all the way down.
    static func rasterizeAll(_ layer: CALayer) {
        if !(layer is CATransformLayer) { layer.shouldRasterize = true }
        layer.sublayers?.forEach(rasterizeAll)
    }

    @Test func everySceneFileMeasuresWhatItDraws() throws {
        let files = Self.sceneFiles
        #expect(files.count >= 10, "found \(files.count) scene files")
        let rasterizer = StandardLayerRasterizer.shapesAndTextIfFonts()
        var measured = 0
        for file in files {
            let scene = try Scene.load(contentsOf: file)
            let name = file.lastPathComponent
            for forced in [false, true] {
                let tree = try scene.presentationTree(at: scene.time)
                measured += Self.check(
                    tree, size: scene.size, scale: Double(scene.scale), forcesBlurredShadows: forced,
                    rasterizer: rasterizer, name + (forced ? " (blurred shadows)" : ""))
            }
            let tree = try scene.presentationTree(at: scene.time)
            tree.sublayers?.forEach(Self.rasterizeAll)
            measured += Self.check(
                tree, size: scene.size, scale: Double(scene.scale), rasterizer: rasterizer,
                name + " (rasterized)")
        }
        #expect(measured > 50, "only \(measured) layer-space passes measured")
    }

    /// One rasterized card, turned in perspective, holding most of what the
    /// bounds functions handle: group opacity, a mask, a blend, a replicator,
    /// a 3D context, a shape past its bounds, a shadow (closed-form, then
    /// blurred) and a clip. Emitters come from the confetti scene.
    @Test func everyKindOfSubtreeInsideARasterizedLayer() {
        let root = canvasRoot(CGSize(width: 400, height: 300))
        let card = makeLayer(
            "card", bounds: CGRect(x: 0, y: 0, width: 240, height: 180),
            position: CGPoint(x: 200, y: 150))
        card.shouldRasterize = true
        card.rasterizationScale = 2
        var tilt = CATransform3DIdentity
        tilt.m34 = -1 / 600
        card.transform = CATransform3DRotate(tilt, 0.4, 0, 1, 0)

        let group = makeLayer(
            "group", bounds: CGRect(x: 0, y: 0, width: 60, height: 60), position: CGPoint(x: 45, y: 40))
        group.opacity = 0.5
        group.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 15, y: 20)))
        group.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 35, y: 30)))
        card.addSublayer(group)

        let masked = makeLayer(
            "masked", bounds: CGRect(x: 0, y: 0, width: 80, height: 50), position: CGPoint(x: 200, y: 30))
        masked.mask = makeLayer(
            "mask", bounds: CGRect(x: 0, y: 0, width: 60, height: 90), position: CGPoint(x: 50, y: 40))
        card.addSublayer(masked)

        let blended = makeLayer(
            "blended", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 250, y: 170))
        blended.compositingFilter = "multiplyBlendMode"
        blended.addSublayer(
            makeLayer("inner", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 20, y: 20)))
        card.addSublayer(blended)

        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 20, y: 100, width: 40, height: 40)
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(45, 8, 0)
        replicator.addSublayer(
            makeLayer("dot", bounds: CGRect(x: 0, y: 0, width: 12, height: 12), position: CGPoint(x: 6, y: 6)))
        card.addSublayer(replicator)

        let context = CATransformLayer()
        context.frame = CGRect(x: 120, y: 60, width: 60, height: 60)
        let face = makeLayer("face", bounds: CGRect(x: 0, y: 0, width: 60, height: 60), position: CGPoint(x: 30, y: 30))
        face.transform = CATransform3DRotate(tilt, 0.9, 1, 0, 0)
        face.zPosition = 40
        context.addSublayer(face)
        card.addSublayer(context)

        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 150, width: 0, height: 0)
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: -30, y: -10, width: 90, height: 50))
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        shape.strokeColor = CGColor.black
        shape.lineWidth = 6
        card.addSublayer(shape)

        let shadowed = makeLayer(
            "shadowed", bounds: CGRect(x: 0, y: 0, width: 50, height: 30), position: CGPoint(x: 180, y: 140))
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 9
        shadowed.shadowOffset = CGSize(width: 12, height: 20)
        shadowed.addSublayer(
            makeLayer("badge", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: 55, y: 0)))
        card.addSublayer(shadowed)

        let clipper = makeLayer(
            "clipper", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: 120, y: 160))
        clipper.masksToBounds = true
        clipper.cornerRadius = 10
        clipper.addSublayer(
            makeLayer("overflow", bounds: CGRect(x: 0, y: 0, width: 90, height: 20), position: CGPoint(x: 60, y: 10)))
        card.addSublayer(clipper)

        root.addSublayer(card)
        for forced in [false, true] {
            let passes = Self.check(
                root, size: CGSize(width: 400, height: 300), scale: 2, forcesBlurredShadows: forced,
                "card")
            #expect(passes >= 1 + (forced ? 1 : 0))
        }
    }

    /// The pass of a rasterized layer reaches as far as its drawing does, on
    /// every side, also past its own bounds (a sublayer at negative coordinates).
    @Test func rasterizedPassCoversSublayersOutsideItsBounds() {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let layer = makeLayer(
            "host", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 100, y: 100))
        layer.shouldRasterize = true
        layer.addSublayer(
            makeLayer("left", bounds: CGRect(x: 0, y: 0, width: 20, height: 20), position: CGPoint(x: -30, y: 70)))
        root.addSublayer(layer)
        let list = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: root)
        let raster = list.passes.first { $0.purpose == .rasterize }
        #expect(raster != nil)
        // The host and its sublayer: x from −40 to 50, y from 0 to 80, with 1.5 of
        // antialiasing and the pass's margin of 1 on each side.
        #expect(raster?.bounds.width == 95 && raster?.bounds.height == 85)
    }

    /// A group composited through a pass (overlapping sublayers at half
    /// opacity) that lies left of and above a rasterized layer's origin: the
    /// old measure cut its group pass at the origin, so the rasterized
    /// picture lost the group's left and top; the bounds keep all of it.
    @Test func groupPassPastTheOriginOfARasterizedLayerKeepsItsPixels() {
        let root = canvasRoot(CGSize(width: 200, height: 200))
        let host = makeLayer(
            "host", bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 120, y: 120))
        host.shouldRasterize = true
        let group = makeLayer(
            "group", bounds: CGRect(x: 0, y: 0, width: 40, height: 40), position: CGPoint(x: -10, y: -10),
            color: nil)
        group.opacity = 0.5
        group.addSublayer(
            makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 15, y: 15)))
        group.addSublayer(
            makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 25, y: 25)))
        host.addSublayer(group)
        root.addSublayer(host)
        let (list, probes) = Flattener(size: CGSize(width: 200, height: 200)).renderListComparingProbes(
            for: [root])
        // The group spans −30…10 on both axes (a and b: −30…0 and −20…10, antialiased
        // by 1.5 and rounded out to whole pixels), the host 0…50.
        #expect(probes.count == 1 && probes.first?.bounds == CGRect(x: -32, y: -32, width: 83.5, height: 83.5))
        // The drawing measured itself with its group pass cut at 0.
        #expect(probes.first?.probe.minX == -1.5)
        let raster = list.passes.first { $0.purpose == .rasterize }
        let groupPass = list.passes.first { $0.purpose == .groupOpacity }
        #expect(raster?.bounds.width == 86 && raster?.bounds.height == 86)
        // In the pass the group lies whole: from pass pixel 1 (the margin) on.
        #expect(groupPass?.bounds == CGRect(x: 1, y: 1, width: 44, height: 44))
    }

    /// A sublayer in the middle of a push and a fade inside a rasterized
    /// layer: both renderings, shifted in the sublayer's plane, are measured.
    @Test func transitionsInsideARasterizedLayer() {
        for (type, opacity) in [(CATransitionType.push, Float(1)), (.fade, 0.5)] {
            CATransaction.flush()
            let root = canvasRoot()
            let host = makeLayer(
                "host", bounds: CGRect(x: 0, y: 0, width: 120, height: 60), position: CGPoint(x: 100, y: 50),
                color: nil)
            host.shouldRasterize = true
            // Clear of the host's origin: the drawing measured itself with group passes cut there.
            let card = makeLayer(
                "card", bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 60, y: 30))
            card.cornerRadius = 8
            card.opacity = opacity
            card.addSublayer(
                makeLayer("chip", bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 20, y: 20)))
            host.addSublayer(card)
            root.addSublayer(host)
            let ticker = FrameTicker(rootLayer: root)
            ticker.tick(at: 0)
            let transition = CATransition()
            transition.type = type
            transition.subtype = .fromRight
            transition.duration = 1
            card.add(transition, forKey: kCATransition)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            ticker.tick(at: 0)
            let passes = Self.check(ticker.tick(at: 0.5), size: CGSize(width: 200, height: 100), "\(type.rawValue)")
            #expect(passes == 1)
        }
    }
}
