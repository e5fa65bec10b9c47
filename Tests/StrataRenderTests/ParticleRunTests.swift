import Foundation
import Testing
import _StrataTestSupport

@testable import Strata
@testable import StrataRender

/// Batches of runs: an emitter whose cells have no sub-cells keeps its births
/// packed in chunks that only grow, draws what the reference path draws
/// (kept or made anew, the same batch), and a renderer uploads each birth once.
@Suite struct ParticleRunTests {
    /// Cells without sub-cells, moving, turning, shrinking and fading, on a line.
    func fountain(_ mode: CAEmitterLayerRenderMode = .unordered, cells: Int = 2) -> (
        root: CALayer, emitter: CAEmitterLayer
    ) {
        let root = canvasRoot()
        let emitter = CAEmitterLayer()
        emitter.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        emitter.position = CGPoint(x: 100, y: 50)
        emitter.emitterPosition = CGPoint(x: 100, y: 80)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 80, height: 0)
        emitter.renderMode = mode
        emitter.seed = 5
        emitter._batchesParticles = true
        emitter.emitterCells = (0..<cells).map { k in
            let cell = CAEmitterCell()
            cell.name = "cell\(k)"
            cell.birthRate = 50 + 20 * Float(k)
            cell.lifetime = 1.5
            cell.lifetimeRange = 1
            cell.velocity = 50
            cell.velocityRange = 30
            cell.emissionLongitude = -.pi / 2 + CGFloat(k)
            cell.emissionRange = 1
            cell.yAcceleration = 40
            cell.spin = 1
            cell.spinRange = 4
            cell.scale = 1.2
            cell.scaleRange = 0.5
            cell.scaleSpeed = -0.3
            cell.alphaSpeed = -0.4
            cell.redRange = 0.5
            cell.contents = particleImage
            cell.contentsRect = CGRect(x: 0, y: 0, width: k == 0 ? 1 : 0.5, height: 1)
            return cell
        }
        root.addSublayer(emitter)
        return (root, emitter)
    }

    func batch(_ layer: CAEmitterLayer) throws -> ParticleBatch {
        guard case .emitter(let content) = layer.drawnContent else { throw CancellationError() }
        return try #require(content.batch)
    }

    /// The births of `batch`'s runs that draw at its time, with their looks,
    /// as `Shaders/particles.vert` decides: alive, with alpha and size left.
    func drawn(_ batch: ParticleBatch) -> [(birth: ParticleBirth, look: ParticleLook, age: Double)] {
        var out: [(ParticleBirth, ParticleLook, Double)] = []
        for run in batch.runs {
            let look = batch.looks[Int(run.look)]
            for k in 0..<run.count {
                let b = run.births[run.index(drawn: k)]
                let age = Double(max(Float(batch.time) - b.birth, 0) * look.speed)
                let alpha = min(max(Double(b.alpha) + Double(b.alphaSpeed) * age, 0), 1)
                let scale = Double(b.scale) + Double(b.scaleSpeed) * age
                guard age <= Double(b.lifetime), alpha > 0, scale > 0 else { continue }
                out.append((b, look, age))
            }
        }
        return out
    }

    @Test(arguments: [
        (CAEmitterLayerRenderMode.unordered, 2), (.additive, 2), (.oldestFirst, 1), (.oldestLast, 1),
        (.unordered, 1),
    ])
    func aBatchOfRunsDrawsWhatTheReferenceDraws(_ mode: CAEmitterLayerRenderMode, cells: Int) throws {
        let (root, _) = fountain(mode, cells: cells)
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        for time in [0.5, 1.7, 3.2, 70.4] {
            let layer = try #require(ticker.tick(at: time).sublayers?.first as? CAEmitterLayer)
            let batch = try batch(layer)
            #expect(batch.births.isEmpty && batch.runs.count >= cells)
            let reference = layer.particles().filter { $0.contents != nil && $0.alpha > 0 && $0.scale > 0 }
            let births = drawn(batch)
            #expect(births.count == reference.count && births.count > 20, "at \(time)")
            for ((birth, look, age), particle) in zip(births, reference) {
                #expect(look.image === particle.contents && look.contentsRect == particle.contentsRect)
                #expect(abs(age - particle.age) < 1e-4)
                let x = Double(birth.x) + Double(birth.vx) * age + 0.5 * Double(look.acceleration.x) * age * age
                let y = Double(birth.y) + Double(birth.vy) * age + 0.5 * Double(look.acceleration.y) * age * age
                #expect(abs(x - Double(particle.position.x)) < 1e-3 && abs(y - Double(particle.position.y)) < 1e-3)
                #expect(abs(Double(birth.spin) * age - Double(particle.angle)) < 1e-3)
                #expect(abs(Double(birth.scale) + Double(birth.scaleSpeed) * age - Double(particle.scale)) < 1e-4)
                // Every particle's rectangle, however turned, is inside the bounds.
                let r = 0.5 * hypot(Double(particle.size.width), Double(particle.size.height))
                let b = batch.bounds, x0 = Double(particle.position.x), y0 = Double(particle.position.y)
                #expect(Double(b.minX) <= x0 - r && Double(b.maxX) >= x0 + r)
                #expect(Double(b.minY) <= y0 - r && Double(b.maxY) >= y0 + r)
                // The smallest scale of the look is no more than any of its particles'.
                #expect(look.minimumScale <= Double(particle.scale) + 1e-9)
            }
        }
    }

    @Test func anAnimatedEmissionIsRunsOfItsSlots() throws {
        let (root, emitter) = fountain()
        let rate = CABasicAnimation(keyPath: "birthRate")
        rate.fromValue = NSNumber(value: 1)
        rate.toValue = NSNumber(value: 0.2)
        rate.duration = 3
        emitter.add(rate, forKey: "rate")
        let ticker = FrameTicker(rootLayer: root)
        ticker.tick(at: 0)
        for time in [0.9, 2.3] {
            let layer = try #require(ticker.tick(at: time).sublayers?.first as? CAEmitterLayer)
            #expect(layer._emission?.epochs.count(where: \.isSlot) ?? 0 > EmitterSimulation.maximumRunEpochs)
            let batch = try batch(layer)
            // A run or a few per cell, not one per 1/60 s slot.
            #expect(batch.births.isEmpty && batch.runs.count <= 4)
            let reference = layer.particles().filter { $0.contents != nil && $0.alpha > 0 && $0.scale > 0 }
            let births = drawn(batch)
            #expect(births.count == reference.count && births.count > 20, "at \(time)")
            for ((birth, look, age), particle) in zip(births, reference) {
                let x = Double(birth.x) + Double(birth.vx) * age + 0.5 * Double(look.acceleration.x) * age * age
                #expect(look.image === particle.contents && abs(x - Double(particle.position.x)) < 1e-3)
            }
        }
    }

    /// The emitter's batch at the tick's time, from the kept births and made afresh.
    func batches(_ tree: CALayer) throws -> (kept: ParticleBatch?, fresh: ParticleBatch?, slots: Int) {
        let emitter = try #require(tree.sublayers?.first as? CAEmitterLayer)
        var frame = try #require(emitter._emission)
        let mode = emitter._emitter.renderMode
        let kept = EmitterSimulation.batch(of: frame, renderMode: mode)?.batch
        frame.births = nil
        return (kept, EmitterSimulation.batch(of: frame, renderMode: mode)?.batch, frame.epochs.count(where: \.isSlot))
    }

    @Test func keptRunsGiveTheBatchMadeAnewAndTheirChunksOnlyGrow() throws {
        let (root, emitter) = fountain()
        let ticker = FrameTicker(rootLayer: root)
        func now(_ change: () -> Void) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change()
            CATransaction.commit()
        }
        let changes: [Int: () -> Void] = [
            20: { now { emitter.birthRate = 2 } },
            40: { now { emitter.setValue(90, forKeyPath: "emitterCells.cell0.velocity") } },
            60: { now { emitter.seed = 99 } },
            // Animated: each 1/60 s slot of the move is an epoch of its own.
            90: { emitter.emitterPosition = CGPoint(x: 40, y: 30) },
        ]
        var last: [UInt64: [ParticleBirth]] = [:]
        var kept = 0, slots = 0
        for k in 0...120 {
            changes[k]?()
            let (a, b, slotEpochs) = try batches(ticker.tick(at: Double(k) / 30))
            let same = a == b
            #expect(same, "frame \(k)")
            slots = max(slots, slotEpochs)
            guard let a else { continue }
            // The move's slots too: their births are a run of their own per cell.
            #expect(a.births.isEmpty, "frame \(k)")
            // A chunk seen before holds what it held, and more at its back.
            var seen: [UInt64: [ParticleBirth]] = [:]
            for run in a.runs {
                if let before = last[run.chunk] {
                    #expect(run.births.count >= before.count && Array(run.births.prefix(before.count)) == before)
                    kept += 1
                }
                seen[run.chunk] = run.births
            }
            last = seen
        }
        #expect(kept > 100 && slots > EmitterSimulation.maximumRunEpochs)
        // Played back from an earlier time: the same batches again.
        for t in [1.0, 0.5, 3.9] {
            let (a, b, _) = try batches(ticker.tick(at: t))
            let same = a == b
            #expect(same, "back at \(t)")
        }
    }

    @Test func aRendererUploadsEachBirthOnce() throws {
        let (root, emitter) = fountain()
        emitter.birthRate = 4
        let ticker = FrameTicker(rootLayer: root)
        let flattener = Flattener(size: CGSize(width: 200, height: 100))
        let builder = FrameBuilder()
        let backend = RecordingBackend()
        var uploaded = 0, drawn = 0
        for k in 0..<120 {
            let list = flattener.renderList(for: ticker.tick(at: Double(k) / 30))
            let plan = builder.plan(list, into: FrameTarget(id: 1, width: 200, height: 100, keepsPixels: false))
            backend.replay(plan)
            uploaded += plan.keptParticles?.uploads.reduce(0) { $0 + $1.births.count } ?? 0
            let draws = plan.passes.flatMap { $0.regions.flatMap(\.draws) }.compactMap(\.particles)
            #expect(draws.allSatisfy(\.kept) && !draws.isEmpty || k == 0)
            drawn += draws.reduce(0) { $0 + $1.births.count }
            // The pixels shaded count the runs' particles that draw.
            if k == 119 { #expect(list.coveredPixels() > 2000) }
        }
        #expect(backend.problems.isEmpty, "\(backend.problems)")
        // 4 s of two cells at 4 × (50 + 70) a second: about 1,900 births, each
        // uploaded once (and again when the buffer grows), against about
        // 30,000 drawn over the frames.
        #expect(uploaded < 2 * 4 * 120 * 4 && drawn > 10 * uploaded)
    }
}
