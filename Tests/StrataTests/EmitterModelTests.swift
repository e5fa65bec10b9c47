import Foundation
import Testing

@testable import Strata

/// A 4×2 white image: the contents particles are drawn with.
let emitterTestImage = CGImage(width: 4, height: 2, pixels: [UInt8](repeating: 255, count: 32), label: "white")

/// An emitter with one named cell at a point, on a stage: nothing random but
/// the birth phase (no ranges, no cone).
func pointEmitter(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void = { _, _ in }) -> (
    Stage, CAEmitterLayer, CAEmitterCell
) {
    let stage = Stage()
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: 100, y: 50)
    let cell = CAEmitterCell()
    cell.name = "dot"
    cell.birthRate = 1
    cell.lifetime = 3
    cell.velocity = 20
    cell.yAcceleration = 10
    cell.contents = emitterTestImage
    configure(emitter, cell)
    emitter.emitterCells = [cell]
    stage.show(emitter)
    return (stage, emitter, cell)
}

@Suite struct EmitterModelTests {
    // MARK: Defaults, as Apple documents them

    @Test func layerDefaults() {
        let e = CAEmitterLayer()
        #expect(e.emitterCells == nil)
        #expect(e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
        #expect(e.emitterPosition == .zero && e.emitterZPosition == 0)
        #expect(e.emitterSize == .zero && e.emitterDepth == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered)
        #expect(e.preservesDepth == false && e.seed == 0)
        #expect(CAEmitterLayer.defaultValue(forKey: "birthRate") as? NSNumber == 1)
        #expect(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String == "volume")
        #expect(CAEmitterLayerEmitterShape.sphere.rawValue == "sphere")
        #expect(CAEmitterLayerRenderMode.backToFront.rawValue == "backToFront")
    }

    @Test func cellDefaults() {
        let c = CAEmitterCell()
        #expect(c.name == nil && c.isEnabled)
        #expect(c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
        #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
        #expect(c.velocity == 0 && c.velocityRange == 0)
        #expect(c.xAcceleration == 0 && c.yAcceleration == 0 && c.zAcceleration == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0 && c.spin == 0 && c.spinRange == 0)
        #expect(c.color?.rgba.r == 1 && c.color?.rgba.g == 1 && c.color?.rgba.b == 1 && c.color?.rgba.a == 1)
        #expect([c.redRange, c.greenRange, c.blueRange, c.alphaRange] == [0, 0, 0, 0])
        #expect([c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed] == [0, 0, 0, 0])
        #expect(c.contents == nil && c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.contentsScale == 1)
        #expect(c.minificationFilter == CALayerContentsFilter.linear.rawValue)
        #expect(c.magnificationFilter == "linear" && c.minificationFilterBias == 0)
        #expect(c.emitterCells == nil && c.style == nil)
        #expect(c.beginTime == 0 && c.duration == 0 && c.speed == 1 && c.timeOffset == 0)
        #expect(c.repeatCount == 0 && c.repeatDuration == 0 && !c.autoreverses && c.fillMode == .removed)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? NSNumber == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "enabled") as? NSNumber == true)
        #expect(CAEmitterCell.defaultValue(forKey: "nonsense") == nil)
        // As a CAMediaTiming, like a layer or an animation.
        let timing: CAMediaTiming = c
        timing.beginTime = 2
        #expect(c.beginTime == 2)
    }

    // MARK: Key-value coding

    @Test func cellKeyValueCoding() {
        let c = CAEmitterCell()
        c.setValue(12, forKey: "birthRate")
        #expect(c.birthRate == 12)
        #expect(c.value(forKey: "birthRate") as? NSNumber == 12)
        c.setValue(false, forKey: "enabled")
        #expect(!c.isEnabled && c.value(forKey: "enabled") as? NSNumber == false)
        c.setValue(0.5, forKeyPath: "contentsRect.size.width")
        #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(c.value(forKeyPath: "contentsRect.size.width") as? NSNumber == 0.5)
        c.setValue("spark", forKey: "name")
        #expect(c.name == "spark")
        c.setValue("kept", forKey: "custom")
        #expect(c.value(forKey: "custom") as? String == "kept")
        // A value of the wrong type is ignored.
        c.setValue("not a number", forKey: "lifetime")
        #expect(c.lifetime == 0)
        // Sub-cells by name.
        let sub = CAEmitterCell()
        sub.name = "trail"
        c.emitterCells = [sub]
        c.setValue(3, forKeyPath: "emitterCells.trail.lifetime")
        #expect(sub.lifetime == 3)
        #expect(c.value(forKeyPath: "emitterCells.trail.lifetime") as? NSNumber == 3)
        #expect(c.value(forKeyPath: "emitterCells.missing.lifetime") == nil)
    }

    @Test func layerKeyPathsReachCellsByName() {
        let emitter = CAEmitterLayer()
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        let spark = CAEmitterCell()
        spark.name = "spark"
        rocket.emitterCells = [spark]
        emitter.emitterCells = [rocket]
        emitter.setValue(0, forKeyPath: "emitterCells.rocket.birthRate")
        emitter.setValue(7, forKeyPath: "emitterCells.rocket.emitterCells.spark.lifetime")
        #expect(rocket.birthRate == 0 && spark.lifetime == 7)
        #expect(emitter.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.lifetime") as? NSNumber == 7)
        emitter.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKeyPath: "emitterCells.rocket.color")
        #expect(rocket.color?.rgba.g == 0)
        emitter.setValue(0.25, forKeyPath: "emitterCells.rocket.contentsRect.origin.x")
        #expect(rocket.contentsRect.origin.x == 0.25)
        // The layer's own keys: numbers, constants as their strings.
        emitter.setValue("circle", forKey: "emitterShape")
        #expect(emitter.emitterShape == .circle && emitter.value(forKey: "emitterShape") as? String == "circle")
        emitter.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        emitter.setValue(9, forKeyPath: "emitterPosition.y")
        #expect(emitter.emitterPosition == CGPoint(x: 3, y: 9))
        emitter.setValue(99, forKey: "seed")
        #expect(emitter.seed == 99 && emitter.value(forKey: "seed") as? NSNumber == 99)
        #expect((emitter.value(forKey: "emitterCells") as? [CAEmitterCell])?.first === rocket)
        // A path to no cell reads nothing and sets nothing.
        emitter.setValue(5, forKeyPath: "emitterCells.nobody.birthRate")
        #expect(emitter.value(forKeyPath: "emitterCells.nobody.birthRate") as? NSNumber == 0)
    }

    @Test func changesOfADrawnEmitterAnimateImplicitly() {
        let (stage, emitter, _) = pointEmitter()
        emitter.birthRate = 0
        let implicit = emitter.animation(forKey: "birthRate") as? CABasicAnimation
        #expect(implicit != nil)
        #expect(implicit?.duration == 0.25)
        // Half-way through its time, the default curve is 80 % of the way.
        let halfway = stage.sample(emitter, at: 0.125)
        #expect(near(Double(halfway.birthRate), 0.2, 0.01))
    }

    // MARK: The simulation: closed form

    @Test func particlesFollowTheClosedForm() throws {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.spin = 2
            cell.scaleSpeed = 0.5
            cell.alphaSpeed = -0.2
            cell.greenSpeed = -0.1
        }
        let particles = stage.sample(emitter, at: 10).particles()
        // One a second, three seconds each: three alive, a second apart.
        #expect(particles.count == 3)
        for p in particles {
            let a = p.age
            #expect(near(a, 10 - p.birthTime, 1e-9))
            #expect(a >= 0 && a <= 3 && p.lifetime == 3)
            #expect(near(p.position, CGPoint(x: 100 + 20 * a, y: 50 + 5 * a * a), 1e-9))
            #expect(near(Double(p.angle), 2 * a, 1e-9))
            #expect(near(Double(p.scale), 1 + 0.5 * a, 1e-9))
            #expect(near(Double(p.alpha), 1 - 0.2 * a, 1e-6))
            #expect(near(Double(p.green), 1 - 0.1 * a, 1e-6) && p.red == 1)
            #expect(p.contents === emitterTestImage && p.cellName == "dot")
            #expect(p.size == CGSize(width: 4 * p.scale, height: 2 * p.scale))
        }
        let births = particles.map(\.birthTime).sorted()
        #expect(near(births[1] - births[0], 1, 1e-9) && near(births[2] - births[1], 1, 1e-9))
    }

    @Test func layerValuesMultiplyTheCells() {
        let (stage, emitter, _) = pointEmitter { emitter, cell in
            emitter.birthRate = 4
            emitter.lifetime = 0.5
            emitter.velocity = 2
            emitter.scale = 3
            emitter.spin = 0.5
            cell.spin = 2
            cell.scaleSpeed = 0.5
        }
        let particles = stage.sample(emitter, at: 10).particles()
        // Four a second for 1.5 s each.
        #expect(particles.count == 6)
        for p in particles {
            let a = p.age
            #expect(p.lifetime == 1.5)
            #expect(near(p.position, CGPoint(x: 100 + 40 * a, y: 50 + 5 * a * a), 1e-9))
            #expect(near(Double(p.scale), 3 * (1 + 0.5 * a), 1e-9))
            #expect(near(Double(p.angle), a, 1e-9))
        }
    }

    @Test func longitudeIsMeasuredFromXTowardsY() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.yAcceleration = 0
            cell.emissionLongitude = .pi / 2
        }
        for p in stage.sample(emitter, at: 5).particles() {
            #expect(near(p.position, CGPoint(x: 100, y: 50 + 20 * p.age), 1e-9))
        }
        // Latitude tilts the direction out of the plane, towards +z.
        emitter.emitterCells?.first?.emissionLatitude = .pi / 2
        for p in stage.sample(emitter, at: 15).particles() {
            #expect(near(p.position, CGPoint(x: 100, y: 50), 1e-9) && near(Double(p.zPosition), 20 * p.age, 1e-9))
        }
    }

    @Test func rangesSpreadValuesAroundTheMean() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 200
            cell.lifetime = 2
            cell.lifetimeRange = 1
            cell.velocityRange = 10
            cell.scaleRange = 0.5
            cell.emissionRange = .pi / 2
            cell.alphaRange = 0.4
            cell.yAcceleration = 0
        }
        let particles = stage.sample(emitter, at: 5).particles()
        #expect(particles.count > 250)
        for p in particles {
            // [M − R/2, M + R/2]
            #expect(p.lifetime >= 1.5 && p.lifetime <= 2.5)
            #expect(p.scale >= 0.75 && p.scale <= 1.25)
            #expect(p.alpha >= 0.8 - 1e-6)
            // Within the cone of full angle π/2 around +x.
            let dx = Double(p.position.x) - 100, dy = Double(p.position.y) - 50, dz = Double(p.zPosition)
            let length = (dx * dx + dy * dy + dz * dz).squareRoot()
            if length > 1e-6 { #expect(dx / length >= cos(Double.pi / 4) - 1e-9) }
            #expect(length <= 25 * p.age + 1e-9 && length >= 15 * p.age - 1e-9)
        }
        let scales = particles.map(\.scale)
        #expect(scales.min()! < 0.8 && scales.max()! > 1.2)
    }

    // MARK: Shapes and modes

    @Test(arguments: [
        (CAEmitterLayerEmitterShape.point, CAEmitterLayerEmitterMode.volume),
        (.line, .outline), (.rectangle, .surface), (.rectangle, .outline), (.circle, .outline), (.circle, .volume),
        (.sphere, .surface), (.sphere, .volume), (.cuboid, .volume), (.cuboid, .surface), (.cuboid, .outline),
    ])
    func particlesStartOnTheShape(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) {
        let (stage, emitter, _) = pointEmitter { emitter, cell in
            emitter.emitterShape = shape
            emitter.emitterMode = mode
            emitter.emitterPosition = CGPoint(x: 200, y: 150)
            emitter.emitterZPosition = 5
            emitter.emitterSize = CGSize(width: 80, height: 40)
            emitter.emitterDepth = 20
            cell.birthRate = 300
            cell.velocity = 0
            cell.yAcceleration = 0
        }
        let particles = stage.sample(emitter, at: 5).particles()
        #expect(particles.count > 800)
        for p in particles {
            let x = Double(p.position.x) - 200, y = Double(p.position.y) - 150, z = Double(p.zPosition) - 5
            let e = 1e-9
            switch (shape, mode) {
            case (.point, _): #expect(x == 0 && y == 0 && z == 0)
            case (.line, _): #expect(abs(x) <= 40 && y == 0 && z == 0)
            case (.rectangle, .outline):
                #expect(abs(x) <= 40 + e && abs(y) <= 20 + e && z == 0)
                #expect(abs(abs(x) - 40) < e || abs(abs(y) - 20) < e)
            case (.rectangle, _): #expect(abs(x) <= 40 && abs(y) <= 20 && z == 0)
            case (.circle, .outline): #expect(abs((x * x + y * y).squareRoot() - 80) < 1e-6 && z == 0)
            case (.circle, _): #expect((x * x + y * y).squareRoot() <= 80 + e && z == 0)
            case (.sphere, .surface): #expect(abs((x * x + y * y + z * z).squareRoot() - 80) < 1e-6)
            case (.sphere, _): #expect((x * x + y * y + z * z).squareRoot() <= 80 + e)
            case (.cuboid, .volume): #expect(abs(x) <= 40 && abs(y) <= 20 && abs(z) <= 10)
            case (.cuboid, .surface):
                #expect(abs(x) <= 40 + e && abs(y) <= 20 + e && abs(z) <= 10 + e)
                #expect(abs(abs(x) - 40) < e || abs(abs(y) - 20) < e || abs(abs(z) - 10) < e)
            case (.cuboid, _):
                // On an edge: two of the three coordinates at their extremes.
                let extremes = [abs(abs(x) - 40) < e, abs(abs(y) - 20) < e, abs(abs(z) - 10) < e].filter { $0 }.count
                #expect(extremes >= 2)
            default: Issue.record("untested shape")
            }
        }
        // The shape is covered, not a few points of it.
        #expect(Set(particles.map { Int($0.position.x / 4) }).count > (shape == .point ? 0 : 5))
    }

    // MARK: Render modes

    @Test func renderModesOrderTheParticles() {
        let (stage, emitter, cell) = pointEmitter { emitter, cell in
            emitter.emitterShape = .sphere
            emitter.emitterSize = CGSize(width: 50, height: 0)
            cell.birthRate = 50
        }
        let second = CAEmitterCell()
        second.birthRate = 30
        second.lifetime = 2
        second.contents = emitterTestImage
        emitter.emitterCells = [cell, second]
        func particles(_ mode: CAEmitterLayerRenderMode) -> [EmitterParticle] {
            emitter.renderMode = mode
            return stage.sample(emitter, at: 8).particles()
        }
        let unordered = particles(.unordered)
        #expect(unordered.count > 150)
        // Cell by cell, each oldest first.
        let firstOfSecond = unordered.firstIndex { $0.cellName == nil }!
        #expect(unordered[..<firstOfSecond].allSatisfy { $0.cellName == "dot" })
        #expect(unordered[firstOfSecond...].allSatisfy { $0.cellName == nil })
        #expect(unordered[..<firstOfSecond].map(\.birthTime) == unordered[..<firstOfSecond].map(\.birthTime).sorted())
        let oldestFirst = particles(.oldestFirst)
        #expect(oldestFirst.map(\.birthTime) == oldestFirst.map(\.birthTime).sorted())
        let oldestLast = particles(.oldestLast)
        #expect(oldestLast.map(\.birthTime) == oldestLast.map(\.birthTime).sorted(by: >))
        let backToFront = particles(.backToFront)
        #expect(backToFront.map(\.zPosition) == backToFront.map(\.zPosition).sorted())
        #expect(Set(backToFront.map(\.birthTime)) == Set(unordered.map(\.birthTime)))
        #expect(particles(.additive) == unordered)
    }

    // MARK: Time: changes, animations, determinism

    @Test func aStoppedEmitterKeepsItsParticles() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 10
            cell.lifetime = 5
        }
        stage.tick(2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.setValue(0, forKeyPath: "emitterCells.dot.birthRate")
        CATransaction.commit()
        let at4 = stage.sample(emitter, at: 4).particles()
        #expect(at4.count == 20)
        #expect(at4.allSatisfy { $0.birthTime <= 2 })
        #expect(stage.sample(emitter, at: 8).particles().isEmpty)
        // Changing the cell itself works the same way: emission resumes from now.
        emitter.emitterCells?.first?.birthRate = 2
        let at10 = stage.sample(emitter, at: 10).particles()
        #expect(at10.count == 4)
        #expect(at10.allSatisfy { $0.birthTime >= 8 })
    }

    @Test func anAnimatedBirthRateEmitsItsIntegral() throws {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 0
            cell.lifetime = 100
        }
        let ramp = CABasicAnimation(keyPath: "emitterCells.dot.birthRate")
        ramp.fromValue = 0
        ramp.toValue = 100
        ramp.duration = 1
        emitter.add(ramp, forKey: "ramp")
        let halfway = stage.sample(emitter, at: 0.5)
        #expect(
            near((halfway.value(forKeyPath: "emitterCells.dot.birthRate") as? NSNumber)?.doubleValue ?? 0, 50, 1e-6))
        #expect(near(Double(halfway.emitterCells?.first?.birthRate ?? 0), 50, 1e-6))
        #expect(emitter.emitterCells?.first?.birthRate == 0)
        // ∫₀¹ 100·t dt = 50 particles, on 1/60 s slots with random rounding.
        let count = stage.sample(emitter, at: 1).particles().count
        #expect((44...56).contains(count), "\(count)")
        // The animation is gone, its particles are not.
        let later = stage.sample(emitter, at: 3)
        #expect(emitter.animation(forKey: "ramp") == nil)
        #expect(later.particles().count == count)
        #expect(later.particles().allSatisfy { $0.birthTime <= 1 })
    }

    @Test func anAnimatedEmitterPositionLeavesATrail() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 60
            cell.velocity = 0
            cell.yAcceleration = 0
        }
        let move = CABasicAnimation(keyPath: "emitterPosition.x")
        move.fromValue = 0
        move.toValue = 300
        move.duration = 1
        emitter.add(move, forKey: "move")
        let particles = stage.sample(emitter, at: 1).particles()
        // Each particle stays where the emitter was at its birth (within the slot's 5 points).
        for p in particles { #expect(abs(Double(p.position.x) - 300 * p.birthTime) <= 5.01) }
        #expect(Set(particles.map { Int($0.position.x / 50) }).count == 6)
    }

    /// Builds the same emitter on a new stage, each time.
    func confettiStage(seed: UInt32) -> (Stage, CAEmitterLayer) {
        let stage = Stage()
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 200, y: 0)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 300, height: 0)
        emitter.seed = seed
        emitter.emitterCells = (0..<3).map { i in
            let cell = CAEmitterCell()
            cell.name = "c\(i)"
            cell.birthRate = 20
            cell.lifetime = 4
            cell.lifetimeRange = 1
            cell.velocity = 100
            cell.velocityRange = 50
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 3
            cell.spinRange = 5
            cell.scaleRange = 0.5
            cell.redRange = 0.5
            cell.contents = emitterTestImage
            return cell
        }
        stage.show(emitter)
        return (stage, emitter)
    }

    @Test func theSameSeedAndTimeGiveTheSameParticlesWhateverFramesCameBefore() {
        // One tree drawn every frame, one drawn only when something changes and at the end.
        let (smooth, a) = confettiStage(seed: 42)
        let (sparse, b) = confettiStage(seed: 42)
        func change(_ emitter: CAEmitterLayer) {
            emitter.setValue(5, forKeyPath: "emitterCells.c1.birthRate")
            emitter.emitterPosition = CGPoint(x: 100, y: 20)
        }
        for frame in 1...90 {
            smooth.tick(Double(frame) / 60)
            if frame == 60 { change(a) }
        }
        sparse.tick(1)
        change(b)
        let pa = smooth.sample(a, at: 3.5).particles()
        let pb = sparse.sample(b, at: 3.5).particles()
        #expect(pa.count > 100)
        #expect(pa == pb)
        // Another seed, other particles.
        let (other, c) = confettiStage(seed: 43)
        other.tick(1)
        change(c)
        let pc = other.sample(c, at: 3.5).particles()
        #expect(pc != pa)
        #expect(Set(pc.map(\.position.x)).isDisjoint(with: Set(pa.map(\.position.x))))
    }

    @Test func cellTimingGatesEmission() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 20
            cell.lifetime = 100
            cell.beginTime = 1
            cell.duration = 0.5
        }
        let particles = stage.sample(emitter, at: 4).particles()
        #expect(particles.count == 10)
        #expect(particles.allSatisfy { $0.birthTime >= 1 && $0.birthTime < 1.5 })
        // A cell's speed runs its emission and its particles' lives faster.
        let (fast, fastEmitter, _) = pointEmitter { _, cell in cell.speed = 2 }
        let sped = fast.sample(fastEmitter, at: 10).particles()
        #expect(sped.count == 3)  // twice the births, each living half as long
        for p in sped { #expect(near(p.age, 2 * (10 - p.birthTime), 1e-9)) }
    }

    @Test func restartingTheLayerTimeRestartsTheSimulation() {
        let (stage, emitter, _) = pointEmitter { _, cell in cell.lifetime = 100 }
        #expect(stage.sample(emitter, at: 20).particles().count == 20)
        // The burst idiom: the layer's time starts now.
        stage.ticker.clock.withCurrent { emitter.beginTime = CACurrentMediaTime() }
        let restarted = stage.sample(emitter, at: 22).particles()
        #expect(restarted.count == 2)
        #expect(restarted.allSatisfy { $0.birthTime < 2 })
    }

    @Test func subCellsEmitFromTheirParticles() {
        let (stage, emitter, rocket) = pointEmitter { _, cell in
            cell.name = "rocket"
            cell.birthRate = 1
            cell.lifetime = 1.5
            cell.velocity = 100
            cell.emissionLongitude = -.pi / 2
            cell.yAcceleration = 0
        }
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 200
        spark.beginTime = 1
        spark.duration = 0.05
        spark.lifetime = 2
        spark.velocity = 30
        spark.emissionRange = 2 * .pi
        spark.contents = emitterTestImage
        rocket.emitterCells = [spark]
        let particles = stage.sample(emitter, at: 10).particles()
        let sparks = particles.filter { $0.cellName == "spark" }
        // Rockets born in (7, 9] have burst (each 10 sparks at age 1…1.05), and their sparks live 2 s.
        #expect((18...22).contains(sparks.count), "\(sparks.count)")
        for s in sparks {
            // Each spark started where its rocket was at the burst: 100 to 105 points above the emitter.
            let reach = 30 * s.age + 1e-6
            #expect(hypot(Double(s.position.x) - 100, Double(s.zPosition)) <= reach)
            #expect(Double(s.position.y) >= -55 - reach && Double(s.position.y) <= -50 + reach)
        }
        #expect(particles.filter { $0.cellName == "rocket" }.count == 2)
        // Sub-cells of sub-cells are key paths too.
        emitter.setValue(0, forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate")
        #expect(spark.birthRate == 0)
    }

    // MARK: Bad input

    @Test func hugeOrBrokenValuesNeitherHangNorCrash() {
        let (stage, emitter, _) = pointEmitter { _, cell in
            cell.birthRate = 1e9
            cell.lifetime = 1e6
        }
        #expect(stage.sample(emitter, at: 100).particles().count == EmitterSimulation.maximumParticles)
        for bad in [Float.nan, .infinity, -.infinity, -5] {
            let (stage, emitter, _) = pointEmitter { _, cell in cell.birthRate = bad }
            #expect(stage.sample(emitter, at: 10).particles().isEmpty)
        }
        let (broken, brokenEmitter, cell) = pointEmitter { _, cell in
            cell.velocity = .nan
            cell.lifetime = .infinity
            cell.spin = .infinity
        }
        _ = broken.sample(brokenEmitter, at: 10).particles()
        cell.velocity = 1
        brokenEmitter.emitterPosition = CGPoint(x: CGFloat.infinity, y: .nan)
        _ = broken.sample(brokenEmitter, at: 11).particles()
        // A cell inside itself is followed only so deep.
        let loop = CAEmitterCell()
        loop.birthRate = 1
        loop.lifetime = 1
        loop.emitterCells = [loop]
        brokenEmitter.emitterPosition = .zero
        brokenEmitter.emitterCells = [loop]
        #expect(!broken.sample(brokenEmitter, at: 20).particles().isEmpty)
    }
}
