import Foundation

extension EmitterSimulation.Run {
    /// Adds to the batch the particles of top-level `cell` (one without
    /// sub-cells) born as `range` in `epoch`, from the births kept in
    /// `streams`, making only those not kept yet. Does what `spawn` and
    /// `collect` do for each birth, in the same order and with the same
    /// arithmetic, so the batch is the same as one made afresh; what does not
    /// depend on the frame's time is made once per birth instead of per frame.
    mutating func emitKept(
        _ cell: EmitterCellSnapshot, index: Int, epoch: EmitterEpoch, layer: EmitterLayerValues,
        range: ClosedRange<Int64>, rate: Double, phase: Double, cellKey: UInt64,
        center: (Double, Double, Double), order: UInt64
    ) {
        let v = cell.values
        let layerScale = Double(layer.scale)
        let key = EmitterBirthCache.Key(epoch: epoch.key, generation: epoch.generation, cell: index)
        var all = streams ?? [:]
        streams = nil
        defer { streams = all }
        let span = all[key, default: EmitterBirthCache.Stream()].cover(range) { n in
            guard
                let b = Self.topLevelBorn(
                    n, v, layer: layer, epoch: epoch, rate: rate, phase: phase, cellKey: cellKey, center: center)
            else { return nil }
            let packed = ParticleBirth(b, cell: v, layerScale: layerScale, birth: 0)
            return EmitterBirthCache.Entry(born: b, packed: packed)
        }
        all[key]!.used = true
        let entries = all[key]!.entries
        place(entries[span], v, layer: layer, order: order)
    }

    /// The part of `spawn` and `collect` that depends on the time, for kept births of cell values `v`.
    private mutating func place(
        _ entries: ArraySlice<EmitterBirthCache.Entry?>, _ v: EmitterCellValues, layer: EmitterLayerValues,
        order: UInt64
    ) {
        let acceleration = Vector3(Double(v.xAcceleration), Double(v.yAcceleration), Double(v.zAcceleration))
        let speed = Double(v.speed)
        let scaleSpeed = Double(v.scaleSpeed), layerScale = Double(layer.scale)
        let alphaSpeed = Double(v.alphaSpeed)
        // What `collect` finds the same for every particle of the cell.
        let image = v.contents as? CGImage
        let drawn = image.map { $0.width > 0 && $0.height > 0 } ?? false
        let k = v.contentsScale > 0 ? 1 / Double(v.contentsScale) : 1
        let natural = CGSize(
            width: Double(image?.width ?? 0) * abs(Double(v.contentsRect.width)) * k,
            height: Double(image?.height ?? 0) * abs(Double(v.contentsRect.height)) * k)
        let naturalWidth = Double(natural.width), naturalHeight = Double(natural.height)
        let acceleratesOffPlane = acceleration.z != 0
        var look: Int32 = -1
        guard var made = batch else { return }
        batch = nil
        defer { batch = made }
        for entry in entries where budget > 0 {
            guard let entry else { continue }
            let b = entry.born
            let age = (time - b.birth) * speed
            guard age.isFinite, age >= 0 && age <= b.life else { continue }
            let p = b.p0 + b.v0 * age + acceleration * (0.5 * age * age)
            let s = (b.scale0 + scaleSpeed * age) * layerScale
            guard p.isFinite && s.isFinite && (b.spin * age).isFinite else { continue }
            budget -= 1
            guard drawn, s > 0, Float(min(max(b.alpha0 + alphaSpeed * age, 0), 1)) > 0 else { continue }
            let width = naturalWidth * s, height = naturalHeight * s
            guard width > 0, height > 0, width.isFinite, height.isFinite else { continue }
            if look < 0 {
                let new = ParticleLook(
                    image: image!, contentsRect: v.contentsRect, size: natural,
                    acceleration: (Float(acceleration.x), Float(acceleration.y), Float(acceleration.z)),
                    speed: v.speed, minimumScale: s, mipmapped: v.readsMipLevels)
                look = Int32(made.lookIndex(for: new))
            }
            if s < made.looks[Int(look)].minimumScale { made.looks[Int(look)].minimumScale = s }
            var packed = entry.packed
            packed.birth = Float(b.birth - made.origin)
            packed.look = look
            made.births.append(packed)
            made.birthTimes.append(b.birth)
            made.cellOrders.append(order)
            if b.p0.z != 0 || b.v0.z != 0 || acceleratesOffPlane { made.leavesPlane = true }
            // However it is turned, the rectangle stays within half its diagonal of its centre.
            let r = 0.5 * (width * width + height * height).squareRoot()
            made.minX = min(made.minX, p.x - r)
            made.minY = min(made.minY, p.y - r)
            made.maxX = max(made.maxX, p.x + r)
            made.maxY = max(made.maxY, p.y + r)
        }
    }
}
