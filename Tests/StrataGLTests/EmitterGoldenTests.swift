import Foundation
import Strata
import StrataHost
import StrataRender
import StrataScene
import Testing
import _StrataTestSupport

@testable import StrataGL

/// Emitters drawn headless: the confetti burst of `Resources/Scenes`, the
/// same bytes for the same seed and time, and the composite modes.
@Suite struct EmitterGoldenTests {
    static let confettiScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Scenes/confetti.scene.json")

    func render(_ tree: CALayer, _ scene: Scene, _ renderer: OffscreenRenderer) throws -> CGImage {
        try renderer.render(tree, size: scene.size, scale: Double(scene.scale), background: scene.background).image
    }

    @Test func confettiBurstGolden() throws {
        let scene = try Scene.load(contentsOf: Self.confettiScene)
        let renderer = try OffscreenRenderer()
        let tree = try scene.presentationTree(at: 1)
        let result = try renderer.render(tree, size: scene.size, background: scene.background)
        // 90 particles (6 cells × 60 a second for 0.25 s), one batch: a run of
        // births per cell, each drawn from where the renderer keeps it.
        #expect((tree.sublayers?.first as? CAEmitterLayer)?.particles().count == 90)
        #expect(result.stats.drawCalls == 6)
        #expect(result.stats.items == 1)
        GoldenImage.check(result.image, named: "emitter_confetti")
    }

    @Test func theSameSeedAndTimeDrawTheSameBytes() throws {
        let scene = try Scene.load(contentsOf: Self.confettiScene)
        let renderer = try OffscreenRenderer()
        // Straight to 1.2 s…
        let direct = try render(try scene.presentationTree(at: 1.2), scene, renderer)
        // …or played forward frame by frame, drawing each one.
        let player = try ScenePlayer(scene)
        var played: CGImage?
        for frame in 1...36 {
            played = try render(player.frame(at: Double(frame) / 30), scene, renderer)
        }
        #expect(played?.pixels == direct.pixels)
        // Another seed draws another picture.
        let reseeded = try #require(scene.layersByName["confetti"] as? CAEmitterLayer)
        reseeded.seed = 2025
        let other = try render(try scene.presentationTree(at: 1.2), scene, renderer)
        #expect(other.pixels != direct.pixels)
        reseeded.seed = 2024
        #expect(try render(try scene.presentationTree(at: 1.2), scene, renderer).pixels == direct.pixels)
    }

    /// Two particles at one spot, in `mode`, over black: the centre pixel.
    func twoParticles(_ mode: CAEmitterLayerRenderMode, masksToBounds: Bool = false) throws -> [Int] {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.position = CGPoint(x: 20, y: 20)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 20, y: 20)
        emitter.renderMode = mode
        emitter.masksToBounds = masksToBounds
        let cell = CAEmitterCell()
        cell.birthRate = 2
        cell.lifetime = 100
        cell.color = CGColor(red: 0.4, green: 0.2, blue: 0.1, alpha: 1)
        cell.contents = CGImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 256), label: "white")
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        let tree = ticker.tick(at: 1)
        #expect((tree.sublayers?.first as? CAEmitterLayer)?.particles().count == 2)
        let image = try OffscreenRenderer().render(tree, size: root.bounds.size, background: .black).image
        return pixel(image, 20, 20)
    }

    @Test func additiveParticlesAddUpAndOthersCover() throws {
        let over = try twoParticles(.unordered)
        #expect(abs(over[0] - 102) <= 1 && abs(over[1] - 51) <= 1 && abs(over[2] - 26) <= 1 && over[3] == 255)
        let added = try twoParticles(.additive)
        #expect(abs(added[0] - 204) <= 1 && abs(added[1] - 102) <= 1 && abs(added[2] - 51) <= 1)
        // Clipped to the layer's bounds, particles are drawn by the layer program: the same colours.
        #expect(try twoParticles(.unordered, masksToBounds: true) == over)
        #expect(try twoParticles(.additive, masksToBounds: true) == added)
    }

    @Test func aParticlesTintTakesTheBordersPlaceInTheInstance() {
        let rect = CGRect(x: -2, y: -1, width: 4, height: 2)
        var item = DrawItem(
            kind: .particle, mapping: .identity, quad: rect.insetBy(dx: -1, dy: -1),
            shape: rect,
            content: .texture(
                .image(CGImage(width: 1, height: 1, pixels: [255, 255, 255, 255])),
                uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: rect),
            borderColor: PremultipliedColor(r: 0.5, g: 0.25, b: 0, a: 0.5))
        let instance = LayerInstance(item) { _, _ in (0, 0, 1, 1) }
        // The layer program's body kind, tinted.
        #expect(instance.flags & 3 == 0)
        #expect(instance.flags & LayerInstance.Flags.hasTint != 0)
        #expect(instance.flags & LayerInstance.Flags.hasTexture != 0)
        #expect(instance.border == (0.5, 0.25, 0, 0.5))
        #expect(item.shading == .particle && item.layerFeatures == [.bodies, .textures])
        // A layer item with the same fields is not tinted.
        item.kind = .layer
        let plain = LayerInstance(item) { _, _ in (0, 0, 1, 1) }
        #expect(plain.flags & LayerInstance.Flags.hasTint == 0 && plain.border == (0.5, 0.25, 0, 0.5))
        #expect(item.shading == .layer)
    }
}
