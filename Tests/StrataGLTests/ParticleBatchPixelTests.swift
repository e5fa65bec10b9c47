import Foundation
import StrataHost
import StrataRender
import StrataScene
import Testing
import _StrataTestSupport

@testable import Strata

/// A batch of particles draws the pixels the reference path (an item per
/// particle) draws, at any time, and the same bytes every time.
@Suite struct ParticleBatchPixelTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Scenes")

    /// The largest channel difference, the number of pixels that differ by
    /// more than 1 and the mean channel difference.
    func compare(_ a: CGImage, _ b: CGImage) -> (largest: Int, over1: Int, mean: Double) {
        var largest = 0, over1 = 0, total = 0
        let p = a.pixels, q = b.pixels
        for i in stride(from: 0, to: min(p.count, q.count), by: 4) {
            var d = 0
            for c in 0..<4 {
                let e = abs(Int(p[i + c]) - Int(q[i + c]))
                d = max(d, e)
                total += e
            }
            largest = max(largest, d)
            if d > 1 { over1 += 1 }
        }
        return (largest, over1, Double(total) / Double(max(1, p.count)))
    }

    /// Renders `scene` at `time` with every emitter batched or not.
    func render(_ scene: Scene, at time: CFTimeInterval, batched: Bool, _ renderer: OffscreenRenderer) throws
        -> (image: CGImage, items: Int)
    {
        for case let emitter as CAEmitterLayer in scene.layersByName.values { emitter._batchesParticles = batched }
        let tree = try scene.presentationTree(at: time)
        let result = try renderer.render(tree, size: scene.size, background: scene.background)
        return (result.image, result.stats.items)
    }

    @Test(arguments: ["confetti.scene.json"])
    func aBatchDrawsWhatEachParticleDraws(_ name: String) throws {
        let scene = try Scene.load(contentsOf: Self.scenes.appendingPathComponent(name))
        let renderer = try OffscreenRenderer()
        for time in [0.4, 1.0, 2.3, 3.6] {
            let fast = try render(scene, at: time, batched: true, renderer)
            let reference = try render(scene, at: time, batched: false, renderer)
            // One item for the whole emitter, where the reference has one per particle.
            #expect(fast.items <= 1 && (fast.items == 0) == (reference.items == 0))
            // Positions differ by Float rounding at most: a step of the last bit on an edge.
            let d = compare(fast.image, reference.image)
            #expect(d.largest <= 2 && d.over1 <= 4, "at \(time) s: \(d)")
            // The same bytes again.
            #expect(try render(scene, at: time, batched: true, renderer).image.pixels == fast.image.pixels)
        }
    }

    /// A turned emitter with a sub-cell and two images, in a group with
    /// opacity (its particles overlap: the group is drawn offscreen).
    func sparks(_ mode: CAEmitterLayerRenderMode, clipped: Bool, subCells: Bool = true) -> Scene {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        let group = CALayer()
        group.frame = root.bounds
        group.opacity = 0.8
        root.addSublayer(group)
        let emitter = CAEmitterLayer()
        emitter.name = "sparks"
        emitter.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        emitter.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        emitter.masksToBounds = clipped
        emitter.cornerRadius = 20
        emitter.emitterPosition = CGPoint(x: 70, y: 80)
        emitter.renderMode = mode
        emitter.seed = 99
        let dot = CGImage(width: 6, height: 6, pixels: (0..<144).map { UInt8($0 % 4 == 3 ? 255 : ($0 * 37) % 256) })
        let strip = CGImage(width: 8, height: 3, pixels: [UInt8](repeating: 200, count: 96))
        let cell = CAEmitterCell()
        cell.contents = dot
        cell.birthRate = 80
        cell.lifetime = 2
        cell.velocity = 60
        cell.velocityRange = 30
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = 1.2
        cell.yAcceleration = 40
        cell.spin = 3
        cell.spinRange = 4
        cell.scale = 1.5
        cell.scaleRange = 1
        cell.scaleSpeed = -0.4
        cell.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 0.9)
        cell.greenRange = 0.4
        cell.alphaSpeed = -0.4
        let sub = CAEmitterCell()
        sub.contents = strip
        sub.birthRate = 4
        sub.lifetime = 0.6
        sub.velocity = 15
        sub.emissionRange = .pi
        if subCells { cell.emitterCells = [sub] }
        emitter.emitterCells = [cell]
        group.addSublayer(emitter)
        return Scene(
            size: root.bounds.size, root: root,
            background: CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1))
    }

    @Test(arguments: [CAEmitterLayerRenderMode.unordered, .additive, .oldestLast])
    func aTurnedGroupedBatchDrawsWhatEachParticleDraws(_ mode: CAEmitterLayerRenderMode) throws {
        let scene = sparks(mode, clipped: false)
        let renderer = try OffscreenRenderer()
        for time in [0.3, 1.1, 2.5] {
            let fast = try render(scene, at: time, batched: true, renderer)
            let reference = try render(scene, at: time, batched: false, renderer)
            // Float rounding of older particles' places, piled up where dozens overlap.
            let d = compare(fast.image, reference.image)
            #expect(d.largest <= 6 && d.mean < 0.01, "\(mode) at \(time) s: \(d)")
        }
    }

    /// Without the sub-cell, the batch is runs of births the renderer keeps
    /// between frames, drawn in either order: the same pixels, frame after frame.
    @Test(arguments: [CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast])
    func aBatchOfKeptRunsDrawsWhatEachParticleDraws(_ mode: CAEmitterLayerRenderMode) throws {
        let scene = sparks(mode, clipped: false, subCells: false)
        let renderer = try OffscreenRenderer()
        for time in [0.3, 1.1, 1.2, 2.5] {
            let fast = try render(scene, at: time, batched: true, renderer)
            let reference = try render(scene, at: time, batched: false, renderer)
            let d = compare(fast.image, reference.image)
            #expect(d.largest <= 6 && d.mean < 0.01, "\(mode) at \(time) s: \(d)")
        }
        // Drawn the other way round, the picture differs where particles overlap.
        if mode == .oldestLast {
            let other = sparks(.oldestFirst, clipped: false, subCells: false)
            let last = try render(scene, at: 2.5, batched: true, renderer).image
            let first = try render(other, at: 2.5, batched: true, renderer).image
            #expect(compare(last, first).over1 > 20)
        }
    }

    /// Clipped, the reference draws each particle with the layer program,
    /// whose edge ramps differ from the particle program's by a few levels
    /// on some edge pixels; the batch keeps the particle program and adds
    /// the clip test to it.
    @Test(arguments: [CAEmitterLayerRenderMode.unordered, .additive])
    func aClippedBatchDrawsWhatEachParticleDraws(_ mode: CAEmitterLayerRenderMode) throws {
        let scene = sparks(mode, clipped: true)
        let renderer = try OffscreenRenderer()
        for time in [0.3, 1.1, 2.5] {
            let fast = try render(scene, at: time, batched: true, renderer)
            let reference = try render(scene, at: time, batched: false, renderer)
            let d = compare(fast.image, reference.image)
            #expect(d.mean < 0.6 && d.largest <= 48, "\(mode) at \(time) s: \(d)")
        }
        // The clip cuts: with bounds that end above the emitter, most particles are outside them.
        let short = sparks(mode, clipped: true), free = sparks(mode, clipped: false)
        for scene in [short, free] { scene.layersByName["sparks"]?.bounds = CGRect(x: 0, y: 0, width: 140, height: 40) }
        let cut = try render(short, at: 1.1, batched: true, renderer).image
        let whole = try render(free, at: 1.1, batched: true, renderer).image
        let reference = try render(short, at: 1.1, batched: false, renderer).image
        #expect(compare(cut, whole).over1 > 200)
        #expect(compare(cut, reference).mean < 0.6)
    }
}
