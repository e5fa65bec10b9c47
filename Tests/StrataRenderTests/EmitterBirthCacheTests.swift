import Foundation
import Testing

@testable import Strata
@testable import StrataRender

/// Births kept from frame to frame (`EmitterBirthCache`) give the batch a
/// frame made afresh gives, through time and through every kind of change
/// to the emission.
@Suite struct EmitterBirthCacheTests {
    /// A moving, turning, fading line emitter of two cells, one with a sub-cell (made afresh each frame).
    func model() -> (root: CALayer, emitter: CAEmitterLayer) {
        let root = canvasRoot()
        let emitter = CAEmitterLayer()
        emitter.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        emitter.position = CGPoint(x: 100, y: 50)
        emitter.emitterPosition = CGPoint(x: 100, y: 80)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 80, height: 0)
        emitter.seed = 11
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 60
        spark.lifetime = 1.5
        spark.lifetimeRange = 1
        spark.velocity = 50
        spark.velocityRange = 30
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = 1
        spark.yAcceleration = 20
        spark.spin = 1
        spark.spinRange = 4
        spark.scaleSpeed = -0.3
        spark.alphaSpeed = -0.4
        spark.redRange = 0.5
        spark.contents = particleImage
        let ember = CAEmitterCell()
        ember.name = "ember"
        ember.birthRate = 10
        ember.lifetime = 1
        ember.velocity = 20
        ember.contents = particleImage
        let trail = CAEmitterCell()
        trail.birthRate = 4
        trail.lifetime = 0.3
        trail.contents = particleImage
        ember.emitterCells = [trail]
        emitter.emitterCells = [spark, ember]
        root.addSublayer(emitter)
        return (root, emitter)
    }

    /// The emitter's batch at the tick's time, from the kept births and made afresh.
    func batches(_ tree: CALayer) throws -> (kept: ParticleBatch?, fresh: ParticleBatch?, keptCount: Int) {
        let emitter = try #require(tree.sublayers?.first as? CAEmitterLayer)
        var frame = try #require(emitter._emission)
        let cache = try #require(frame.births)
        let mode = emitter._emitter.renderMode
        let kept = EmitterSimulation.batch(of: frame, renderMode: mode)?.batch
        frame.births = nil
        let fresh = EmitterSimulation.batch(of: frame, renderMode: mode)?.batch
        return (kept, fresh, cache.count)
    }

    @Test func keptBirthsGiveTheFreshBatchFrameAfterFrame() throws {
        let (root, _) = model()
        let ticker = FrameTicker(rootLayer: root)
        var kept = 0
        for k in 0...90 {
            let (a, b, count) = try batches(ticker.tick(at: Double(k) / 30))
            let same = a == b
            #expect(same, "frame \(k)")
            kept = max(kept, count)
        }
        // The top-level cell without sub-cells is kept: about its rate × its longest life.
        #expect(kept > 60)
        // Played back from an earlier time: the same batches again.
        for t in [1.0, 0.5, 2.9] {
            let (a, b, _) = try batches(ticker.tick(at: t))
            let same = a == b
            #expect(same, "back at \(t)")
        }
    }

    @Test func changesToTheEmissionTakeEffectInKeptBirths() throws {
        let (root, emitter) = model()
        let ticker = FrameTicker(rootLayer: root)
        let changes: [Int: () -> Void] = [
            10: { emitter.birthRate = 2 },
            20: { emitter.lifetime = 0.5 },
            30: { emitter.emitterPosition = CGPoint(x: 40, y: 30) },
            35: {
                emitter.velocity = 3; emitter.scale = 2; emitter.spin = -1
            },
            40: { emitter.setValue(90, forKeyPath: "emitterCells.spark.velocity") },
            45: {
                emitter.setValue(CGColor(red: 0, green: 1, blue: 0, alpha: 1), forKeyPath: "emitterCells.spark.color")
            },
            50: { emitter.seed = 99 },
            55: {
                emitter.emitterShape = .circle; emitter.emitterMode = .outline
            },
            60: {
                let moving = CABasicAnimation(keyPath: "emitterPosition")
                moving.fromValue = CGPoint(x: 20, y: 20)
                moving.toValue = CGPoint(x: 180, y: 80)
                moving.duration = 0.5
                emitter.add(moving, forKey: "move")
            },
            70: {
                let rate = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
                rate.fromValue = 1000
                rate.toValue = 2000
                rate.duration = 1
                emitter.add(rate, forKey: "rate")
            },
            72: { emitter.removeAnimation(forKey: "rate") },
            80: {
                let other = CAEmitterCell()
                other.birthRate = 30
                other.lifetime = 2
                other.velocity = 40
                other.contents = particleImage
                emitter.emitterCells = [other]
            },
            85: { emitter.renderMode = .oldestLast },
            95: { emitter.beginTime = 3 },
        ]
        // Ticks off the 1/60 s grid animations are evaluated on: a slot the
        // frame's time cuts is evaluated before and after an animation's removal.
        for k in 0...120 {
            changes[k]?()
            let (a, b, _) = try batches(ticker.tick(at: Double(k) / 25))
            let same = a == b
            #expect(same, "frame \(k)")
        }
    }

    @Test func aPlayedEmitterDrawsWhatOneDrawnOnceDraws() throws {
        // Kept births over 60 frames against a tree ticked only at the end (nothing kept).
        let (playedRoot, _) = model(), (directRoot, _) = model()
        let played = FrameTicker(rootLayer: playedRoot)
        for k in 0..<60 { played.tick(at: Double(k) / 30) }
        let direct = FrameTicker(rootLayer: directRoot)
        direct.tick(at: 0)
        let flattener = Flattener(size: CGSize(width: 200, height: 100))
        let a = flattener.renderList(for: played.tick(at: 2)), b = flattener.renderList(for: direct.tick(at: 2))
        let same = a == b
        #expect(same && a.passes.last?.items.isEmpty == false)
    }
}
