import Foundation

/// The particles alive at a time, in closed form.
///
/// A cell emits `birthRate × layer.birthRate` particles a second, evenly
/// spaced from a random phase: in an epoch counted from `origin`, birth `n`
/// is at `origin + (n + φ) / rate`. So the births that can be alive at `t`
/// (those within a lifetime of it) are found by arithmetic, not by stepping,
/// and each particle's values come from its own random stream, keyed by the
/// seed, the epoch, its cell and `n` (``ParticleRandom``). A particle born at
/// `b` is at `p₀ + v·a + ½·acc·a²` at age `a = (t − b) × cell speed`; its
/// scale, rotation and colour are linear in `a`. A cell's sub-cells are
/// emitted the same way from each of its particles, counted from the
/// particle's birth, at the particle's position and relative to its
/// direction of travel then.
package enum EmitterSimulation {
    /// Sub-cells deeper than this are ignored (a cell inside itself would never end).
    package static let maximumCellDepth = 8
    /// At most this many particles per emitter and frame; past it the oldest births are left out.
    static let maximumParticles = 100_000
    /// No particle is followed for longer than this (seconds of the layer's time).
    static let maximumReach: CFTimeInterval = 3600

    /// How far back births under `state` can still be on screen.
    package static func reach(of state: EmitterSnapshot) -> CFTimeInterval {
        state.cells.map { reach(of: $0, layer: state.layer, depth: 1) }.max() ?? 0
    }

    /// How long after its birth a particle of `cell` (or one of its sub-particles) can be on screen.
    static func reach(of cell: EmitterCellSnapshot, layer: EmitterLayerValues, depth: Int) -> CFTimeInterval {
        let v = cell.values
        let speed = Double(v.speed)
        guard v.isEnabled, speed > 0, speed.isFinite else { return 0 }
        let life = (Double(v.lifetime) + abs(Double(v.lifetimeRange)) / 2) * Double(layer.lifetime) / speed
        guard life.isFinite else { return maximumReach }
        var sub = 0.0
        if depth < maximumCellDepth {
            for c in cell.subcells { sub = max(sub, reach(of: c, layer: layer, depth: depth + 1)) }
        }
        return min(max(0, life) + sub, maximumReach)
    }

    /// The particles of `frame` at its time, in `mode`'s drawing order.
    static func particles(of frame: EmitterFrame, renderMode mode: CAEmitterLayerRenderMode) -> [EmitterParticle] {
        var run = Run(time: frame.time)
        for epoch in frame.epochs {
            let layer = epoch.state.layer
            for (i, cell) in epoch.state.cells.enumerated() where run.budget > 0 {
                run.emitTopLevel(cell, index: i, epoch: epoch, layer: layer)
            }
        }
        return ordered(run.out, mode: mode)
    }

    /// `particles` sorted for drawing. Every order ends with the order they
    /// were made in, so it is total and the same every run.
    static func ordered(_ particles: [EmitterParticle], mode: CAEmitterLayerRenderMode) -> [EmitterParticle] {
        // Indices are sorted, not the particles (a particle is a hundred bytes).
        guard
            let order = drawingOrder(
                count: particles.count, mode: mode, birth: { particles[$0].birthTime },
                cellOrder: { particles[$0].cellOrder }, z: { Double(particles[$0].zPosition) })
        else { return particles }
        return order.map { particles[$0] }
    }

    /// The drawing order of `count` particles made in index order (nil: that
    /// order itself), given each one's birth time, cell order and z.
    static func drawingOrder(
        count: Int, mode: CAEmitterLayerRenderMode, birth: (Int) -> Double, cellOrder: (Int) -> UInt64,
        z: (Int) -> Double
    ) -> [Int]? {
        func precedes(_ a: Int, _ b: Int) -> Bool {
            switch mode {
            case .oldestFirst: (birth(a), a) < (birth(b), b)
            case .oldestLast: (birth(a), b) > (birth(b), a)
            case .backToFront: (z(a), birth(a), a) < (z(b), birth(b), b)
            // Cell by cell (sub-cells after their cell), each cell's oldest first.
            default: (cellOrder(a), birth(a), a) < (cellOrder(b), birth(b), b)
            }
        }
        // Most emitters make their particles in drawing order already (one
        // cell, one state): one pass finds it and nothing is sorted.
        var sorted = true
        var i = 1
        while sorted && i < count {
            sorted = precedes(i - 1, i)
            i += 1
        }
        if sorted { return nil }
        var order = Array(0..<count)
        order.sort(by: precedes)
        return order
    }

    /// One frame's enumeration.
    package struct Run {
        let time: CFTimeInterval
        var out: [EmitterParticle] = []
        /// Births instead of particles, when making a batch.
        var batch: BatchBuilder?
        /// The births kept from earlier frames (``EmitterBirthCache``), when making a batch with them.
        var streams: [EmitterBirthCache.Key: EmitterBirthCache.Stream]?
        /// The births kept packed in chunks, when making a batch of runs with them.
        var chunkStreams: [EmitterBirthCache.Key: BirthChunkStream]?
        /// Whether the batch is made of runs (``EmitterSimulation/drawsInRuns(_:renderMode:)``).
        var inRuns = false
        /// The index in the frame's epochs of the epoch being emitted.
        var epochIndex = 0
        /// Particles still allowed.
        var budget = EmitterSimulation.maximumParticles
        /// Births still allowed to be looked at (lifetimes drawn short make some births show nothing).
        var births = 4 * EmitterSimulation.maximumParticles

        init(time: CFTimeInterval) { self.time = time }

        /// The emitter-time span in which a cell emits: its timing from `base`
        /// (the emitter's time 0, or its particle's birth), nil when never.
        package static func activeSpan(_ v: EmitterCellValues) -> (start: Double, end: Double)? {
            let speed = Double(v.speed)
            guard speed > 0, speed.isFinite, v.beginTime.isFinite else { return nil }
            let offset = v.timeOffset.isFinite ? v.timeOffset : 0
            var active = Double.infinity
            if v.duration > 0 && v.duration.isFinite {
                if v.repeatDuration > 0 {
                    active = v.repeatDuration
                } else if v.repeatCount >= .greatestFiniteMagnitude {
                    active = .infinity
                } else {
                    active = v.duration * Double(max(1, v.repeatCount)) * (v.autoreverses ? 2 : 1)
                }
            }
            return (v.beginTime - offset / speed, v.beginTime + (active - offset) / speed)
        }

        /// The birth indices `n` whose times `origin + (n + φ)/rate` lie in
        /// `lo...hi` (`hi` itself only when `closed`); nil when none.
        static func indices(
            origin: Double, rate: Double, phase: Double, lo: Double, hi: Double,
            closed: Bool
        ) -> ClosedRange<Int64>? {
            guard hi >= lo, rate > 0 else { return nil }
            let a = ((lo - origin) * rate - phase).rounded(.up)
            let top = (hi - origin) * rate - phase
            let b = closed ? top.rounded(.down) : top.rounded(.up) - 1
            let limit = 9.0e15
            guard a.isFinite, b.isFinite, a <= b, abs(a) < limit, abs(b) < limit else { return nil }
            return Int64(a)...Int64(b)
        }

        mutating func emitTopLevel(
            _ cell: EmitterCellSnapshot, index: Int, epoch: EmitterEpoch, layer: EmitterLayerValues
        ) {
            let v = cell.values
            guard v.isEnabled, births > 0, let span = Self.activeSpan(v) else { return }
            let speed = Double(v.speed)
            let rate = Double(v.birthRate) * Double(layer.birthRate) * speed
            guard rate > 0, rate.isFinite else { return }
            let reach = EmitterSimulation.reach(of: cell, layer: layer, depth: 1)
            let lo = max(epoch.start, time - reach, span.start)
            let hi = min(epoch.end, span.end, time)
            let closed = hi == time && epoch.end >= time && span.end > time
            let cellKey = ParticleRandom.combine(ParticleRandom.combine(UInt64(layer.seed), epoch.key), UInt64(index))
            var phaseRandom = ParticleRandom(key: ParticleRandom.combine(cellKey, 0x5048_4153_45))
            let phase = phaseRandom.unit()
            guard
                var range = Self.indices(origin: epoch.origin, rate: rate, phase: phase, lo: lo, hi: hi, closed: closed)
            else { return }
            if range.count > births { range = (range.upperBound - Int64(births) + 1)...range.upperBound }
            births -= range.count
            let order = UInt64(min(index + 1, 255)) << 56
            let center = (
                Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition)
            )
            if inRuns && batch != nil {
                emitRuns(
                    cell, index: index, epoch: epoch, epochIndex: epochIndex, layer: layer, range: range, rate: rate,
                    phase: phase, cellKey: cellKey, center: center)
                return
            }
            if streams != nil && batch != nil && cell.subcells.isEmpty {
                emitKept(
                    cell, index: index, epoch: epoch, layer: layer, range: range, rate: rate, phase: phase,
                    cellKey: cellKey, center: center, order: order)
                return
            }
            for n in range where budget > 0 {
                let birth = epoch.origin + (Double(n) + phase) / rate
                spawn(
                    cell, layer: layer, key: ParticleRandom.combine(cellKey, UInt64(bitPattern: n)), birth: birth,
                    from: .shape(center), basis: .layer, order: order, depth: 1)
            }
        }

        /// Where a particle starts: on the emitter shape, or at a point (a parent particle).
        enum Source {
            case shape((Double, Double, Double))
            case point(Vector3)
        }

        /// The directions emission angles are measured in: the layer's axes,
        /// or a parent particle's direction of travel.
        enum Basis {
            case layer
            case along(Vector3)
        }

        mutating func spawn(
            _ cell: EmitterCellSnapshot, layer: EmitterLayerValues, key: UInt64, birth: Double,
            from source: Source, basis: Basis, order: UInt64, depth: Int
        ) {
            let v = cell.values
            guard let born = Self.born(v, layer: layer, key: key, birth: birth, from: source, basis: basis) else {
                return
            }
            let life = born.life, p0 = born.p0, v0 = born.v0, scale0 = born.scale0, spin = born.spin
            let acceleration = Vector3(Double(v.xAcceleration), Double(v.yAcceleration), Double(v.zAcceleration))
            let speed = Double(v.speed)
            let age = (time - birth) * speed
            guard age.isFinite, p0.isFinite, v0.isFinite else { return }
            let (red0, green0, blue0, alpha0) = (born.red0, born.green0, born.blue0, born.alpha0)

            if age >= 0 && age <= life && budget > 0 {
                let p = p0 + v0 * age + acceleration * (0.5 * age * age)
                let s = (scale0 + Double(v.scaleSpeed) * age) * Double(layer.scale)
                if p.isFinite && s.isFinite && (spin * age).isFinite {
                    if batch != nil {
                        collect(
                            v, layer: layer, p0: p0, v0: v0, acceleration: acceleration, birth: birth,
                            life: life, age: age, position: p, scale: s, scale0: scale0, spin: spin,
                            color: (red0, green0, blue0, alpha0), order: order)
                    } else {
                        func channel(_ c0: Double, _ rate: Float) -> Float {
                            Float(min(max(c0 + Double(rate) * age, 0), 1))
                        }
                        out.append(
                            EmitterParticle(
                                position: CGPoint(x: p.x, y: p.y), zPosition: CGFloat(p.z),
                                angle: CGFloat(spin * age), scale: CGFloat(max(0, s)),
                                red: channel(red0, v.redSpeed), green: channel(green0, v.greenSpeed),
                                blue: channel(blue0, v.blueSpeed), alpha: channel(alpha0, v.alphaSpeed),
                                contents: v.contents as? CGImage, contentsRect: v.contentsRect,
                                contentsScale: v.contentsScale,
                                birthTime: birth, age: age, lifetime: life, cellName: v.name, cellOrder: order,
                                mipmapped: v.readsMipLevels))
                    }
                    budget -= 1
                }
            }
            guard depth < EmitterSimulation.maximumCellDepth else { return }
            for (j, sub) in cell.subcells.enumerated() where budget > 0 {
                emitSub(
                    sub, index: j, parentKey: key, parentBirth: birth, parentSpeed: speed, parentLife: life,
                    p0: p0, v0: v0, acceleration: acceleration, layer: layer,
                    order: order | UInt64(min(j + 1, 255)) << UInt64(56 - 8 * depth), depth: depth + 1)
            }
        }

        /// The particles `sub` emits from one particle of its parent cell.
        mutating func emitSub(
            _ sub: EmitterCellSnapshot, index: Int, parentKey: UInt64, parentBirth: Double,
            parentSpeed: Double, parentLife: Double, p0: Vector3, v0: Vector3,
            acceleration: Vector3, layer: EmitterLayerValues, order: UInt64, depth: Int
        ) {
            let v = sub.values
            guard v.isEnabled, births > 0, let span = Self.activeSpan(v) else { return }
            let rate = Double(v.birthRate) * Double(layer.birthRate) * Double(v.speed)
            guard rate > 0, rate.isFinite else { return }
            // In the parent's age: from its birth to its death, and only births that can still be on screen.
            let reach = EmitterSimulation.reach(of: sub, layer: layer, depth: depth)
            let nowAge = (time - parentBirth) * parentSpeed
            let lo = max(span.start, 0, (time - reach - parentBirth) * parentSpeed)
            let hi = min(span.end, parentLife, nowAge)
            let closed = hi == nowAge
            let cellKey = ParticleRandom.combine(parentKey, UInt64(index) &+ 0x5355_4243)
            var phaseRandom = ParticleRandom(key: ParticleRandom.combine(cellKey, 0x5048_4153_45))
            let phase = phaseRandom.unit()
            guard var range = Self.indices(origin: 0, rate: rate, phase: phase, lo: lo, hi: hi, closed: closed),
                births > 0
            else { return }
            if range.count > births { range = (range.upperBound - Int64(births) + 1)...range.upperBound }
            births -= range.count
            for m in range where budget > 0 {
                let a = (Double(m) + phase) / rate
                let position = p0 + v0 * a + acceleration * (0.5 * a * a)
                let velocity = v0 + acceleration * a
                spawn(
                    sub, layer: layer, key: ParticleRandom.combine(cellKey, UInt64(bitPattern: m)),
                    birth: parentBirth + a / parentSpeed, from: .point(position), basis: .along(velocity),
                    order: order, depth: depth)
            }
        }
    }
}
