import Foundation
import Testing
import _StrataTestSupport

@testable import Strata
@testable import StrataRender

/// Particle batches: the births hold what the reference path draws, in its
/// order, deterministically, and the frame builder plans them as one draw.
@Suite struct ParticleBatchTests {
    @Test func birthLayoutIsLocked() {
        let s = MemoryLayout<ParticleBirth>.self
        #expect(s.size == 80 && s.stride == 80)
        #expect(s.offset(of: \.x) == 0 && s.offset(of: \.vx) == 12 && s.offset(of: \.vy) == 16)
        #expect(s.offset(of: \.birth) == 24 && s.offset(of: \.lifetime) == 28 && s.offset(of: \.scale) == 32)
        #expect(s.offset(of: \.spin) == 40 && s.offset(of: \.look) == 44)
        #expect(s.offset(of: \.red) == 48 && s.offset(of: \.redSpeed) == 64)
    }

    /// A spray of two cells (one with a sub-cell) moving, turning, growing and fading.
    func spray(_ mode: CAEmitterLayerRenderMode, time: CFTimeInterval, batched: Bool = true) -> CAEmitterLayer {
        let (root, _) = emitterTree(time: time, batched: batched) { _, emitter, cell in
            emitter.renderMode = mode
            emitter.emitterShape = .line
            emitter.emitterSize = CGSize(width: 60, height: 0)
            emitter.seed = 7
            cell.birthRate = 40
            cell.lifetime = 2
            cell.lifetimeRange = 1
            cell.velocity = 40
            cell.velocityRange = 20
            cell.emissionRange = .pi / 2
            cell.yAcceleration = 30
            cell.spin = 2
            cell.spinRange = 3
            cell.scaleSpeed = -0.2
            cell.alphaSpeed = -0.3
            cell.redRange = 0.5
            let spark = CAEmitterCell()
            spark.birthRate = 3
            spark.lifetime = 0.5
            spark.velocity = 10
            spark.contents = particleImage
            cell.emitterCells = [spark]
            let other = CAEmitterCell()
            other.birthRate = 25
            other.lifetime = 3
            other.velocity = 25
            other.emissionLongitude = .pi
            other.contents = particleImage
            other.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
            emitter.emitterCells = [other]
        }
        return root.sublayers!.first as! CAEmitterLayer
    }

    func batch(_ layer: CAEmitterLayer) throws -> ParticleBatch {
        guard case .emitter(let content) = layer.drawnContent else { throw CancellationError() }
        return try #require(content.batch)
    }

    @Test(arguments: [CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .additive, .backToFront])
    func theBatchHoldsWhatIsDrawnInItsOrder(_ mode: CAEmitterLayerRenderMode) throws {
        for time in [0.5, 1.7, 3.2] {
            let layer = spray(mode, time: time)
            if mode == .backToFront {
                // The cone spreads particles off the plane: their order would change with time, so no batch.
                guard case .emitter(let content) = layer.drawnContent else { throw CancellationError() }
                #expect(content.batch == nil && !content.particles.isEmpty)
                continue
            }
            let batch = try batch(layer)
            // The reference: every particle with something to draw, in drawing order.
            let drawn = layer.particles().filter { $0.contents != nil && $0.alpha > 0 && $0.scale > 0 }
            #expect(batch.count == drawn.count && batch.count > 20)
            for (birth, particle) in zip(batch.births, drawn) {
                let look = batch.looks[Int(birth.look)]
                #expect(look.image === particle.contents && look.contentsRect == particle.contentsRect)
                // The closed form at the batch's time, in Float, lands where the reference does.
                let age = Double((Float(batch.time) - birth.birth) * look.speed)
                #expect(abs(age - particle.age) < 1e-4)
                let x = Double(birth.x) + Double(birth.vx) * age + 0.5 * Double(look.acceleration.x) * age * age
                let y = Double(birth.y) + Double(birth.vy) * age + 0.5 * Double(look.acceleration.y) * age * age
                #expect(abs(x - Double(particle.position.x)) < 1e-3 && abs(y - Double(particle.position.y)) < 1e-3)
                #expect(abs(Double(birth.spin) * age - Double(particle.angle)) < 1e-4)
                #expect(abs(Double(birth.scale) + Double(birth.scaleSpeed) * age - Double(particle.scale)) < 1e-5)
                let alpha = min(max(Double(birth.alpha) + Double(birth.alphaSpeed) * age, 0), 1)
                #expect(abs(alpha - Double(particle.alpha)) < 1e-5)
                // Every particle's rectangle, however turned, is inside the bounds.
                let r = 0.5 * hypot(Double(particle.size.width), Double(particle.size.height))
                let b = batch.bounds, x0 = Double(particle.position.x), y0 = Double(particle.position.y)
                #expect(Double(b.minX) <= x0 - r + 1e-6 && Double(b.maxX) >= x0 + r - 1e-6)
                #expect(Double(b.minY) <= y0 - r + 1e-6 && Double(b.maxY) >= y0 + r - 1e-6)
            }
        }
    }

    @Test func theSameSeedAndTimeGiveTheSameBatch() throws {
        let a = try batch(spray(.unordered, time: 1.7))
        let b = try batch(spray(.unordered, time: 1.7))
        #expect(a == b)
        // Played forward frame by frame first: the same batch.
        func model() -> CALayer {
            let root = canvasRoot()
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            emitter.emitterPosition = CGPoint(x: 100, y: 50)
            let cell = CAEmitterCell()
            cell.birthRate = 5
            cell.lifetime = 10
            cell.velocity = 30
            cell.emissionRange = 1
            cell.contents = particleImage
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            return root
        }
        let playedRoot = model(), directRoot = model()
        let ticker = FrameTicker(rootLayer: playedRoot)
        for k in 0...20 { _ = ticker.tick(at: Double(k) / 10) }
        let played = try batch(ticker.tick(at: 2).sublayers!.first as! CAEmitterLayer)
        let other = FrameTicker(rootLayer: directRoot)
        other.tick(at: 0)
        let direct = try batch(other.tick(at: 2).sublayers!.first as! CAEmitterLayer)
        #expect(played == direct && played.count == 10)
    }

    @Test func particlesOffThePlaneThatKeepTheirDepthAreDrawnOneByOne() {
        let (root, _) = emitterTree(batched: true) { _, emitter, _ in
            emitter.preservesDepth = true
            emitter.emitterZPosition = 100
        }
        guard case .emitter(let content)? = root.sublayers?.first?.drawnContent else {
            Issue.record("no emitter")
            return
        }
        #expect(content.batch == nil && content.particles.count == 10)
    }

    @Test func aBatchIsOneItemAndOneDrawInPaintersOrder() throws {
        let (root, _) = emitterTree(batched: true) { root, emitter, cell in
            emitter.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            cell.velocity = 10
            cell.emissionRange = 2 * .pi
            let below = CALayer()
            below.name = "below"
            below.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            below.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(below)
        }
        let list = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root)
        let items = list.screen.items
        let index = try #require(items.firstIndex { $0.kind == .particles })
        // Above the layer added before the emitter and the emitter's background.
        #expect(list.labels(of: items) == ["below", "emitter", "emitter.particles"] && index == 2)
        #expect(items[index].shading == .particles && items[index].clip == -1)
        guard case .particles(let batch, let additive)? = items[index].content else {
            Issue.record("no batch")
            return
        }
        #expect(batch.count == 10 && !additive)
        let builder = FrameBuilder()
        let plan = builder.plan(list, into: FrameTarget(id: 0, width: 200, height: 100, keepsPixels: false))
        let backend = RecordingBackend()
        backend.replay(plan)
        #expect(backend.problems.isEmpty)
        // One cell without sub-cells: its births are a run, kept by the renderer in a slot of their own.
        #expect(batch.births.isEmpty && batch.runs.count == 1)
        #expect(backend.commands.contains(.keptParticles(slots: 1, births: 10)) && plan.particles.isEmpty)
        let draws = plan.passes.flatMap { $0.regions.flatMap(\.draws) }
        let particleDraws = draws.filter { $0.particles != nil }
        #expect(particleDraws.count == 1 && particleDraws[0].shading == .particles)
        #expect(particleDraws[0].particles?.births == 0..<10 && particleDraws[0].particles?.kept == true)
        #expect(particleDraws[0].particles?.look == 0)
        #expect(particleDraws[0].particles?.looks.count == PlannedParticles.vectorsPerLook)
        #expect(draws.count == 2 && draws.last?.particles != nil)
    }
}

/// A particle's image is read from mip levels where it is drawn smaller than
/// its pixels only when its cell's `minificationFilter` is trilinear, as in
/// Core Animation (its default, linear, reads the image as it is): batched or
/// drawn one by one, the atlas plans the same page.
@Suite struct ParticleMinificationTests {
    /// The atlas pages a frame of shrunk particles (a quarter of their image) is planned with.
    func pages(filter: CALayerContentsFilter?, batched: Bool) -> [String] {
        let (root, _) = emitterTree(time: 1, batched: batched) { _, _, cell in
            cell.scale = 0.25
            if let filter { cell.minificationFilter = filter.rawValue }
        }
        let list = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root)
        let plan = FrameBuilder().plan(list, into: FrameTarget(id: 1, width: 200, height: 100, keepsPixels: true))
        return plan.atlas.map(\.description).filter { $0.hasPrefix("page") }
    }

    @Test(arguments: [true, false])
    func aShrunkParticleIsReadWithoutMipLevelsUnlessItsCellAsks(batched: Bool) {
        #expect(pages(filter: nil, batched: batched) == ["page 0 256² levels 0…0"])
        #expect(pages(filter: .linear, batched: batched) == ["page 0 256² levels 0…0"])
        #expect(pages(filter: .trilinear, batched: batched) == ["page 0 256² levels 0…3"])
    }
}
