import Foundation

extension EmitterSimulation {
    /// The births of the particles of `frame` that draw something at its
    /// time, in `mode`'s drawing order: the same particles, in the same
    /// order, as ``particles(of:renderMode:)`` lists with an image, alpha
    /// and scale above 0; `leavesPlane` when some particle's z is not 0 now
    /// or later. Nil when their order would depend on their z
    /// (`backToFront` with particles off the layer's plane).
    static func batch(of frame: EmitterFrame, renderMode mode: CAEmitterLayerRenderMode)
        -> (batch: ParticleBatch, leavesPlane: Bool)?
    {
        var run = Run(time: frame.time)
        run.inRuns = drawsInRuns(frame, renderMode: mode)
        // Runs keep their births from frame to frame: their times count from a base that stays.
        let origin = run.inRuns ? batchBase(at: frame.time) : frame.time
        run.batch = BatchBuilder(origin: origin)
        func emit(_ run: inout Run) {
            for (e, epoch) in frame.epochs.enumerated() {
                let layer = epoch.state.layer
                run.epochIndex = e
                for (i, cell) in epoch.state.cells.enumerated() where run.budget > 0 {
                    run.emitTopLevel(cell, index: i, epoch: epoch, layer: layer)
                }
            }
        }
        if let kept = frame.births {
            kept.withStreams { streams, chunkStreams in
                // Moved, not copied: the streams' arrays stay uniquely held and grow in place.
                run.streams = streams
                run.chunkStreams = chunkStreams
                streams = [:]
                chunkStreams = [:]
                emit(&run)
                streams = run.streams ?? [:]
                chunkStreams = run.chunkStreams ?? [:]
                run.streams = nil
                run.chunkStreams = nil
            }
        } else {
            emit(&run)
        }
        guard var made = run.batch else { return nil }
        for cell in made.slotBirths.keys.sorted() { made.flushSlotBirths(of: cell) }
        if mode == .backToFront && made.leavesPlane { return nil }
        if let order = drawingOrder(
            count: made.births.count, mode: mode, birth: { made.birthTimes[$0] },
            cellOrder: { made.cellOrders[$0] }, z: { _ in 0 })
        {
            made.births = order.map { made.births[$0] }
        }
        // Cell by cell, each cell's epochs in time (with one cell per epoch: by
        // birth), or the other way round, each run back to front.
        var runs = made.runs.enumerated().sorted { a, b in
            (a.element.cell, a.element.epoch, a.offset) < (b.element.cell, b.element.epoch, b.offset)
        }.map(\.element.run)
        if mode == .oldestLast {
            runs.reverse()
            for k in runs.indices { runs[k].reversed = true }
        }
        let bounds =
            made.births.isEmpty && runs.isEmpty
            ? CGRect.null
            : CGRect(x: made.minX, y: made.minY, width: made.maxX - made.minX, height: made.maxY - made.minY)
        var batch = ParticleBatch(births: made.births, looks: made.looks, time: frame.time - origin, bounds: bounds)
        batch.runs = runs
        return (batch, made.leavesPlane)
    }

    /// A batch being made: births in the order they are made, with what
    /// ordering them needs.
    struct BatchBuilder {
        /// The layer time births are counted from (the frame's: ages stay exact in Float).
        let origin: Double
        var births: [ParticleBirth] = []
        var birthTimes: [Double] = []
        var cellOrders: [UInt64] = []
        var looks: [ParticleLook] = []
        /// Runs of births, with the cell and epoch that made each (they are drawn in that order).
        var runs: [(cell: Int, epoch: Int, run: ParticleRun)] = []
        /// Per cell, the births of an animation's slots since its last record's span, with their look.
        var slotBirths: [Int: (epoch: Int, look: Int32, births: [ParticleBirth])] = [:]

        /// Adds births of the slot epoch `epoch` of cell `cell`, of look `look`.
        mutating func addSlotBirths(_ parts: [ArraySlice<ParticleBirth>], of cell: Int, epoch: Int, look: Int32) {
            if let pending = slotBirths[cell], pending.look != look { flushSlotBirths(of: cell) }
            var pending = slotBirths.removeValue(forKey: cell) ?? (epoch, look, [])
            for part in parts { pending.births.append(contentsOf: part) }
            slotBirths[cell] = pending
        }

        /// Ends cell `cell`'s births of slots: runs of chunks made for this frame.
        mutating func flushSlotBirths(of cell: Int) {
            guard let pending = slotBirths.removeValue(forKey: cell) else { return }
            for start in stride(from: 0, to: pending.births.count, by: ParticleRun.chunkCapacity) {
                let births = Array(pending.births[start..<min(start + ParticleRun.chunkCapacity, pending.births.count)])
                runs.append(
                    (
                        cell, pending.epoch,
                        ParticleRun(
                            chunk: BirthChunk.nextID(), births: births, range: 0..<births.count, look: pending.look)
                    ))
            }
        }

        /// The box every particle's rectangle stays in, however it is turned.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        /// Whether some particle's z is not 0 now or later (its position,
        /// velocity or acceleration along z).
        var leavesPlane = false

        /// The index of the look `look` draws like, added when there is none.
        mutating func lookIndex(for look: ParticleLook) -> Int {
            // The cell's look is almost always the last one added.
            var index = looks.count - 1
            if index < 0 || !looks[index].drawsLike(look) {
                index = looks.firstIndex { $0.drawsLike(look) } ?? looks.count
                if index == looks.count { looks.append(look) }
            }
            return index
        }
    }
}

extension EmitterSimulation.Run {
    /// Adds a particle alive now to the batch, if it draws something (see
    /// `FlattenState.particleItem`, whose tests these mirror).
    mutating func collect(
        _ v: EmitterCellValues, layer: EmitterLayerValues, p0: Vector3, v0: Vector3, acceleration: Vector3,
        birth: Double, life: Double, age: Double, position p: Vector3, scale s: Double, scale0: Double,
        spin: Double, color: (Double, Double, Double, Double), order: UInt64
    ) {
        guard let image = v.contents as? CGImage, image.width > 0, image.height > 0, s > 0 else { return }
        func channel(_ c0: Double, _ rate: Float) -> Float { Float(min(max(c0 + Double(rate) * age, 0), 1)) }
        guard channel(color.3, v.alphaSpeed) > 0 else { return }
        let k = v.contentsScale > 0 ? 1 / Double(v.contentsScale) : 1
        let natural = CGSize(
            width: Double(image.width) * abs(Double(v.contentsRect.width)) * k,
            height: Double(image.height) * abs(Double(v.contentsRect.height)) * k)
        let width = Double(natural.width) * s, height = Double(natural.height) * s
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return }
        let look = ParticleLook(
            image: image, contentsRect: v.contentsRect, size: natural,
            acceleration: (Float(acceleration.x), Float(acceleration.y), Float(acceleration.z)),
            speed: v.speed, minimumScale: s, mipmapped: v.readsMipLevels)
        let index = batch!.lookIndex(for: look)
        if s < batch!.looks[index].minimumScale { batch!.looks[index].minimumScale = s }
        let layerScale = Double(layer.scale)
        batch!.births.append(
            ParticleBirth(
                x: Float(p0.x), y: Float(p0.y), z: Float(p0.z),
                vx: Float(v0.x), vy: Float(v0.y), vz: Float(v0.z),
                birth: Float(birth - batch!.origin), lifetime: Float(life),
                scale: Float(scale0 * layerScale), scaleSpeed: Float(Double(v.scaleSpeed) * layerScale),
                spin: Float(spin), look: Int32(index),
                red: Float(color.0), green: Float(color.1), blue: Float(color.2), alpha: Float(color.3),
                redSpeed: v.redSpeed, greenSpeed: v.greenSpeed, blueSpeed: v.blueSpeed, alphaSpeed: v.alphaSpeed))
        batch!.birthTimes.append(birth)
        batch!.cellOrders.append(order)
        if p0.z != 0 || v0.z != 0 || acceleration.z != 0 { batch!.leavesPlane = true }
        // However it is turned, the rectangle stays within half its diagonal of its centre.
        let r = 0.5 * (width * width + height * height).squareRoot()
        batch!.minX = min(batch!.minX, p.x - r)
        batch!.minY = min(batch!.minY, p.y - r)
        batch!.maxX = max(batch!.maxX, p.x + r)
        batch!.maxY = max(batch!.maxY, p.y + r)
    }
}
