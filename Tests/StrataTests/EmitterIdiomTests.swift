import Foundation
import Testing

@testable import Strata

// Particle code as iOS apps write it (our own renditions of the usual
// confetti, fire and snow helpers), with UIKit taken out: a `UIView` is a
// root `CALayer`, a `UIColor` a `CGColor`, a `UIImage` a `CGImage`. Every
// QuartzCore call is as it would be on iOS.

/// A confetti overlay: a line emitter along the top edge, one cell per colour.
final class ConfettiOverlay {
    let layer = CALayer()
    private(set) var emitter: CAEmitterLayer?
    var colors: [CGColor] = [
        CGColor(red: 0.95, green: 0.26, blue: 0.21, alpha: 1),
        CGColor(red: 1.00, green: 0.76, blue: 0.03, alpha: 1),
        CGColor(red: 0.30, green: 0.69, blue: 0.31, alpha: 1),
        CGColor(red: 0.13, green: 0.59, blue: 0.95, alpha: 1),
    ]
    var intensity: Float = 0.5
    let piece: CGImage

    init(frame: CGRect, piece: CGImage) {
        layer.frame = frame
        self.piece = piece
    }

    func startConfetti() {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: layer.bounds.width / 2.0, y: 0)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: layer.bounds.width, height: 1)
        var cells = [CAEmitterCell]()
        for color in colors {
            cells.append(confetti(with: color))
        }
        emitter.emitterCells = cells
        emitter.beginTime = CACurrentMediaTime()
        layer.addSublayer(emitter)
        self.emitter = emitter
    }

    func stopConfetti() {
        emitter?.birthRate = 0
    }

    private func confetti(with color: CGColor) -> CAEmitterCell {
        let confetti = CAEmitterCell()
        confetti.birthRate = 6.0 * intensity
        confetti.lifetime = 14.0 * intensity
        confetti.lifetimeRange = 0
        confetti.color = color
        confetti.velocity = CGFloat(350.0 * intensity)
        confetti.velocityRange = CGFloat(80.0 * intensity)
        confetti.emissionLongitude = CGFloat(Double.pi / 2)
        confetti.emissionRange = CGFloat(Double.pi / 4)
        confetti.spin = CGFloat(3.5 * intensity)
        confetti.spinRange = CGFloat(4.0 * intensity)
        confetti.scaleRange = CGFloat(intensity)
        confetti.scaleSpeed = CGFloat(-0.1 * intensity)
        confetti.contents = piece
        return confetti
    }
}

/// A campfire: an additive rectangle emitter whose flames gust by animating
/// a cell's birth rate through the layer's key path.
final class Campfire {
    let layer = CALayer()
    let fireEmitter = CAEmitterLayer()
    let smokeEmitter = CAEmitterLayer()

    init(spark: CGImage) {
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        fireEmitter.emitterPosition = CGPoint(x: 150, y: 270)
        fireEmitter.emitterSize = CGSize(width: 60, height: 10)
        fireEmitter.renderMode = CAEmitterLayerRenderMode.additive
        fireEmitter.emitterShape = CAEmitterLayerEmitterShape.rectangle
        fireEmitter.emitterMode = .outline

        let fire = CAEmitterCell()
        fire.birthRate = 120
        fire.lifetime = 1.2
        fire.lifetimeRange = 0.3
        fire.color = CGColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.6)
        fire.contents = spark
        fire.velocity = 80
        fire.velocityRange = 20
        fire.emissionLongitude = -CGFloat.pi / 2
        fire.emissionRange = CGFloat.pi / 8
        fire.scaleSpeed = 0.3
        fire.spin = 2
        fire.alphaSpeed = -0.4
        fire.setValue("fire", forKey: "name")
        fireEmitter.emitterCells = [fire]

        smokeEmitter.emitterPosition = CGPoint(x: 150, y: 200)
        smokeEmitter.seed = 7
        let smoke = CAEmitterCell()
        smoke.name = "smoke"
        smoke.birthRate = 10
        smoke.lifetime = 4
        smoke.emissionLongitude = -.pi / 2
        smoke.velocity = 30
        smoke.color = CGColor(gray: 0.5, alpha: 0.3)
        smoke.contents = spark
        smoke.isEnabled = false
        smokeEmitter.emitterCells = [smoke]

        layer.addSublayer(smokeEmitter)
        layer.addSublayer(fireEmitter)
    }

    func gust() {
        let gust = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        gust.fromValue = NSNumber(value: 120)
        gust.toValue = NSNumber(value: 400)
        gust.duration = 0.5
        gust.autoreverses = true
        fireEmitter.add(gust, forKey: "gust")
    }

    func stoke() {
        fireEmitter.setValue(1.6, forKeyPath: "emitterCells.fire.lifetime")
        smokeEmitter.setValue(true, forKeyPath: "emitterCells.smoke.enabled")
    }
}

/// Snow over a scene: a wide line above the top edge, slow flakes, some drift.
func makeSnow(width: CGFloat, flake: CGImage) -> CAEmitterLayer {
    let snowEmitter = CAEmitterLayer()
    snowEmitter.emitterPosition = CGPoint(x: width / 2, y: -30)
    snowEmitter.emitterSize = CGSize(width: width * 2, height: 0)
    snowEmitter.emitterShape = .line
    snowEmitter.emitterMode = .outline
    snowEmitter.renderMode = .oldestFirst
    let flakeCell = CAEmitterCell()
    flakeCell.birthRate = 40
    flakeCell.lifetime = 20
    flakeCell.velocity = 50
    flakeCell.velocityRange = 20
    flakeCell.yAcceleration = 2
    flakeCell.xAcceleration = 4
    flakeCell.emissionRange = .pi
    flakeCell.emissionLongitude = .pi / 2
    flakeCell.spinRange = 0.25 * .pi
    flakeCell.scale = 0.5
    flakeCell.scaleRange = 0.3
    flakeCell.contents = flake
    flakeCell.color = CGColor(gray: 1, alpha: 0.9)
    flakeCell.alphaRange = 0.2
    snowEmitter.emitterCells = [flakeCell]
    snowEmitter.preservesDepth = true
    return snowEmitter
}

@Suite struct EmitterIdiomTests {
    @Test func confettiStartsAtItsBeginTimeFallsAndStops() throws {
        let stage = Stage(at: 1000)
        let overlay = ConfettiOverlay(frame: CGRect(x: 0, y: 0, width: 375, height: 667), piece: emitterTestImage)
        stage.root.addSublayer(overlay.layer)
        stage.ticker.clock.withCurrent { overlay.startConfetti() }
        let emitter = try #require(overlay.emitter)
        #expect(emitter.beginTime == 1000)
        // The layer's time starts at its beginTime: nothing before, three
        // particles a second per cell from then (6 × intensity 0.5).
        #expect(stage.sample(emitter, at: 1000).particles().isEmpty)
        let early = stage.sample(emitter, at: 1002).particles()
        #expect((20...28).contains(early.count), "\(early.count)")
        for p in early {
            #expect(p.birthTime >= 0 && p.birthTime <= 2)
            // Launched downwards from the top edge, within π/8 of straight down…
            #expect(p.position.y >= 0)
            #expect(p.position.x >= -200 && p.position.x <= 575)
            // …with colours among the four, unchanged (no colour ranges or speeds).
            #expect(
                overlay.colors.contains {
                    abs($0.rgba.r - CGFloat(p.red)) < 1e-6 && abs($0.rgba.g - CGFloat(p.green)) < 1e-6
                })
            #expect(p.lifetime == 7)
            #expect(p.scale <= 1.25 && p.scale >= 0.25 - 0.05 * p.age)
        }
        stage.ticker.clock.withCurrent { overlay.stopConfetti() }
        // The stop is a change like any other: an implicit animation of the layer's birthRate.
        #expect(emitter.animation(forKey: "birthRate") != nil)
        let after = stage.sample(emitter, at: 1006).particles()
        #expect(after.allSatisfy { $0.birthTime <= 2.25 })
        #expect(!after.isEmpty)
        #expect(stage.sample(emitter, at: 1010).particles().isEmpty)
    }

    @Test func campfireBurnsAdditivelyAndGusts() throws {
        let stage = Stage()
        let fire = Campfire(spark: emitterTestImage)
        stage.show(fire.layer)
        #expect(fire.fireEmitter.renderMode == .additive)
        #expect(fire.fireEmitter.value(forKeyPath: "emitterCells.fire.birthRate") as? NSNumber == 120)
        let steady = stage.sample(fire.fireEmitter, at: 5).particles().count
        // 120 a second living 1.2 ± 0.15 s.
        #expect((125...165).contains(steady), "\(steady)")
        for p in stage.sample(fire.fireEmitter, at: 5).particles() {
            // Flames rise (y down on iOS) from the rectangle's outline, within π/16 of straight up.
            #expect(p.position.y <= 275 + 1e-6)
            #expect(p.alpha <= 0.6 + 1e-6)
        }
        #expect(stage.sample(fire.smokeEmitter, at: 5).particles().isEmpty)
        fire.gust()
        let mid = stage.sample(fire.fireEmitter, at: 5.5)
        #expect((mid.value(forKeyPath: "emitterCells.fire.birthRate") as? NSNumber)?.doubleValue == 400)
        let gusting = stage.sample(fire.fireEmitter, at: 6).particles().count
        #expect(gusting > steady + 100, "\(gusting) vs \(steady)")
        #expect(fire.fireEmitter.emitterCells?.first?.birthRate == 120)
        fire.stoke()
        #expect(fire.fireEmitter.emitterCells?.first?.lifetime == 1.6)
        #expect(fire.smokeEmitter.emitterCells?.first?.isEnabled == true)
        let smoke = stage.sample(fire.smokeEmitter, at: 9).particles()
        #expect((25...35).contains(smoke.count), "\(smoke.count)")
        #expect(smoke.allSatisfy { $0.birthTime >= 6 })
    }

    @Test func snowFallsInDepthOldestFirst() {
        let stage = Stage()
        let snow = makeSnow(width: 400, flake: emitterTestImage)
        stage.show(snow)
        let flakes = stage.sample(snow, at: 30).particles()
        #expect((760...840).contains(flakes.count), "\(flakes.count)")
        #expect(flakes.map(\.birthTime) == flakes.map(\.birthTime).sorted())
        #expect(flakes.contains { $0.zPosition != 0 })
        #expect(flakes.allSatisfy { $0.position.x >= -400 - 1500 && $0.position.x <= 800 + 1500 })
        // Falling: older flakes are lower on average.
        let old = flakes.filter { $0.age > 10 }, young = flakes.filter { $0.age < 5 }
        let meanY = { (ps: [EmitterParticle]) in ps.map { Double($0.position.y) }.reduce(0, +) / Double(ps.count) }
        #expect(meanY(old) > meanY(young) + 200)
    }

    @Test func removingAnEmissionAnimationStopsItsBirthsWhenRemoved() throws {
        let stage = Stage()
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 50, y: 50)
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = 0
        cell.lifetime = 100
        cell.contents = emitterTestImage
        emitter.emitterCells = [cell]
        stage.show(emitter)
        let burst = CABasicAnimation(keyPath: "emitterCells.dot.birthRate")
        burst.fromValue = 100
        burst.toValue = 100
        burst.duration = 10
        emitter.add(burst, forKey: "burst")
        stage.tick(0)
        stage.tick(1)
        // The clock is between frames (1.5) when the animation goes: births stop then, not at the next frame (3).
        stage.ticker.clock.set(time: 1.5)
        emitter.removeAnimation(forKey: "burst")
        let later = stage.sample(emitter, at: 3).particles()
        #expect((145...155).contains(later.count), "\(later.count)")
        #expect(later.allSatisfy { $0.birthTime <= 1.5 + EmitterHistory.slotLength })
    }
}
