import Foundation

extension EmitterSimulation {
    /// What a particle is at its birth, whatever the time it is seen at: the
    /// values drawn from its random stream and where and how it starts. A
    /// function of its cell's and layer's values, its key and its birth, so
    /// it can be kept from frame to frame (``EmitterBirthCache``).
    struct Born {
        /// Layer time of the birth.
        var birth: Double
        /// In its cell's time.
        var life: Double
        var p0: Vector3
        var v0: Vector3
        var scale0: Double
        var spin: Double
        var red0: Double, green0: Double, blue0: Double, alpha0: Double
    }
}

extension EmitterSimulation.Run {
    /// The particle keyed `key` of a cell with values `v`, born at `birth`
    /// from `source`; nil when its lifetime is not above 0.
    static func born(
        _ v: EmitterCellValues, layer: EmitterLayerValues, key: UInt64, birth: Double, from source: Source,
        basis: Basis
    ) -> EmitterSimulation.Born? {
        var random = ParticleRandom(key: key)
        // The draws are always made in this order, so a value's change never shifts another's.
        let life = random.around(Double(v.lifetime), Double(v.lifetimeRange)) * Double(layer.lifetime)
        let u0 = random.unit(), u1 = random.unit(), u2 = random.unit()
        let d0 = random.unit(), d1 = random.unit()
        let speedMagnitude = random.around(Double(v.velocity), Double(v.velocityRange)) * Double(layer.velocity)
        let scale0 = random.around(Double(v.scale), Double(v.scaleRange))
        let spin = random.around(Double(v.spin), Double(v.spinRange)) * Double(layer.spin)
        let base = v.color?.rgba ?? (r: 1, g: 1, b: 1, a: 1)
        let red0 = random.around(Double(base.r), Double(v.redRange))
        let green0 = random.around(Double(base.g), Double(v.greenRange))
        let blue0 = random.around(Double(base.b), Double(v.blueRange))
        let alpha0 = random.around(Double(base.a), Double(v.alphaRange))
        guard life > 0, life.isFinite else { return nil }

        let p0: Vector3
        switch source {
        case .shape(let c): p0 = EmitterShapeSampler.point(layer, center: c, u0, u1, u2)
        case .point(let p): p0 = p
        }
        let frame: (Vector3, Vector3, Vector3)
        switch basis {
        case .layer: frame = (Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1))
        case .along(let direction): frame = Vector3.frame(along: direction)
        }
        let axis = Vector3.direction(
            latitude: Double(v.emissionLatitude), longitude: Double(v.emissionLongitude),
            in: frame)
        let direction = Vector3.inCone(around: axis, fullAngle: Double(v.emissionRange), d0, d1)
        return EmitterSimulation.Born(
            birth: birth, life: life, p0: p0, v0: direction * speedMagnitude, scale0: scale0, spin: spin,
            red0: red0, green0: green0, blue0: blue0, alpha0: alpha0)
    }

    /// Birth `n` of a top-level cell of values `v` emitting `rate` a second
    /// from `epoch` (with `phase` and `cellKey`, as `emitTopLevel` finds
    /// them) on the emitter shape around `center`; nil when it never lives.
    static func topLevelBorn(
        _ n: Int64, _ v: EmitterCellValues, layer: EmitterLayerValues, epoch: EmitterEpoch, rate: Double,
        phase: Double, cellKey: UInt64, center: (Double, Double, Double)
    ) -> EmitterSimulation.Born? {
        let birth = epoch.origin + (Double(n) + phase) / rate
        guard
            let b = born(
                v, layer: layer, key: ParticleRandom.combine(cellKey, UInt64(bitPattern: n)), birth: birth,
                from: .shape(center), basis: .layer),
            b.p0.isFinite, b.v0.isFinite
        else { return nil }
        return b
    }
}
