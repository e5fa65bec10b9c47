import Foundation
import Testing
import _StrataTestSupport

@testable import Strata
@testable import StrataRender

/// A 4×2 white image for particles.
let particleImage = CGImage(width: 4, height: 2, pixels: [UInt8](repeating: 255, count: 32), label: "particle")

/// A tree with one emitter of `count`-ish particles a second at (100, 50) (no
/// motion), drawn by a tick at `time`: the presentation tree to flatten.
/// Unless `batched`, its particles are drawn each as its own item (the
/// reference a ``ParticleBatch`` is held to).
func emitterTree(
    time: CFTimeInterval = 2, batched: Bool = false,
    configure: (CALayer, CAEmitterLayer, CAEmitterCell) -> Void = { _, _, _ in }
)
    -> (root: CALayer, emitter: CAEmitterLayer)
{
    let root = canvasRoot()
    let emitter = CAEmitterLayer()
    emitter.name = "emitter"
    emitter.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
    emitter.position = CGPoint(x: 100, y: 50)
    emitter.emitterPosition = CGPoint(x: 100, y: 50)
    emitter._batchesParticles = batched
    let cell = CAEmitterCell()
    cell.birthRate = 5
    cell.lifetime = 10
    cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
    cell.contents = particleImage
    configure(root, emitter, cell)
    emitter.emitterCells = [cell]
    root.addSublayer(emitter)
    let ticker = FrameTicker(rootLayer: root)
    ticker.tick(at: 0)
    return (ticker.tick(at: time), emitter)
}

@Suite struct EmitterFlattenTests {
    let flattener = Flattener(size: CGSize(width: 200, height: 100))

    func particleItems(_ list: RenderList) -> [DrawItem] {
        list.screen.items.filter { list.label(of: $0).hasSuffix(".particles") }
    }

    @Test func eachParticleIsATintedQuadOfItsImage() throws {
        let (root, emitter) = emitterTree { _, _, cell in cell.spin = 1 }
        let presented = try #require(root.sublayers?.first as? CAEmitterLayer)
        let particles = presented.particles()
        #expect(particles.count == 10)
        let list = flattener.renderList(for: root)
        let items = particleItems(list)
        #expect(items.count == particles.count)
        for (item, particle) in zip(items, particles) {
            #expect(list.label(of: item) == "emitter.particles")
            #expect(item.kind == .particle && item.fill.isClear && item.borderWidth == 0)
            // The image's natural size, centred on the particle…
            #expect(item.shape == CGRect(x: -2, y: -1, width: 4, height: 2))
            #expect(item.quad.contains(item.shape))
            guard case .texture(.image(let image), let uv, let rect)? = item.content else {
                Issue.record("no image")
                continue
            }
            #expect(image === particleImage && uv == CGRect(x: 0, y: 0, width: 1, height: 1) && rect == item.shape)
            // …turned by its angle about its position (the emitter layer's space is the canvas here).
            let centre = try #require(item.mapping.project(0, 0))
            #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 50) < 1e-9)
            let end = try #require(item.mapping.project(2, 0))
            let angle = Double(particle.angle)
            #expect(abs(end.x - (100 + 2 * cos(angle))) < 1e-9 && abs(end.y - (50 + 2 * sin(angle))) < 1e-9)
            // The colour tints the image, premultiplied.
            #expect(item.borderColor == PremultipliedColor(r: 0.5, g: 0.25, b: 0, a: 0.5))
        }
        // One image: one batch, one draw call, with the particle program.
        let batches = Batcher.batches(items) { _ in .page(0) }
        #expect(batches.count == 1 && batches.first?.shading == .particle)
        _ = emitter
    }

    @Test func additiveParticlesCarryTheirColourWithoutAlpha() {
        let (root, _) = emitterTree { _, emitter, _ in emitter.renderMode = .additive }
        let items = particleItems(flattener.renderList(for: root))
        #expect(!items.isEmpty)
        for item in items { #expect(item.borderColor == PremultipliedColor(r: 0.5, g: 0.25, b: 0, a: 0)) }
    }

    @Test func particlesOutsideTheLayerAreDrawnUnlessItMasksToBounds() {
        // A zero-sized emitter layer (the usual way to place one) whose particles fly off to the right.
        let (root, _) = emitterTree { _, emitter, cell in
            emitter.bounds = .zero
            emitter.position = CGPoint(x: 20, y: 20)
            emitter.emitterPosition = .zero
            cell.velocity = 30
        }
        let free = particleItems(flattener.renderList(for: root))
        #expect(free.count == 10)
        let (clippedRoot, _) = emitterTree { _, emitter, cell in
            emitter.emitterPosition = CGPoint(x: 10, y: 10)
            emitter.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            emitter.masksToBounds = true
            cell.velocity = 30
        }
        let list = flattener.renderList(for: clippedRoot)
        let clipped = particleItems(list)
        // Particles reaching the layer's edge are clipped; those wholly inside it test no clip.
        let cut = clipped.filter { $0.clip >= 0 }
        #expect(!cut.isEmpty && cut.count < clipped.count)
        // Clipped particles need the layer program (its clip test).
        #expect(cut.allSatisfy { $0.shading == .layer && $0.layerFeatures.contains([.textures, .clips]) })
        #expect(list.clips.last?.rect == CGRect(x: 0, y: 0, width: 40, height: 40))
        // Particles that left the canvas are dropped.
        let (gone, _) = emitterTree(time: 9) { _, _, cell in cell.velocity = 200 }
        let alive = (gone.sublayers?.first as? CAEmitterLayer)?.particles().count ?? 0
        #expect(alive == 45)
        #expect(particleItems(flattener.renderList(for: gone)).count <= 3)
    }

    @Test func preservingDepthPutsParticlesThroughThePerspective() throws {
        func tree(_ preserves: Bool) -> CALayer {
            emitterTree { root, emitter, cell in
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 300
                root.sublayerTransform = perspective
                emitter.preservesDepth = preserves
                emitter.emitterZPosition = 100
            }.root
        }
        let flat = particleItems(flattener.renderList(for: tree(false)))
        let deep = particleItems(flattener.renderList(for: tree(true)))
        #expect(flat.count == deep.count && !flat.isEmpty)
        // Flattened, a particle is its image's size; 100 points nearer the eye
        // (at 300), it is drawn half as large again.
        func width(_ item: DrawItem) throws -> Double {
            let a = try #require(item.mapping.project(-2, 0)), b = try #require(item.mapping.project(2, 0))
            return hypot(b.x - a.x, b.y - a.y)
        }
        #expect(abs(try width(flat[0]) - 4) < 1e-9)
        #expect(abs(try width(deep[0]) - 6) < 1e-9)
    }

    @Test func theRenderListIsTheSameForTheSameTime() {
        let a = flattener.renderList(
            for: emitterTree(time: 3) { _, _, cell in
                cell.velocityRange = 50; cell.emissionRange = 3
            }.root)
        let b = flattener.renderList(
            for: emitterTree(time: 3) { _, _, cell in
                cell.velocityRange = 50; cell.emissionRange = 3
            }.root)
        #expect(a == b)
        let c = flattener.renderList(
            for: emitterTree(time: 3) { _, emitter, cell in
                cell.velocityRange = 50
                cell.emissionRange = 3
                emitter.seed = 1
            }.root)
        #expect(a != c)
    }
}
