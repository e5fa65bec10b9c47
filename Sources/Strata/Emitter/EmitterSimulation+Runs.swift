import Foundation

extension EmitterSimulation {
    /// A batch's births are packed with their time from a whole number of
    /// these seconds (``batchBase(at:)``): births made anew and kept ones
    /// pack alike, and a Float of the time since it keeps steps under 8 µs.
    static let baseSpacing: CFTimeInterval = 64
    /// The most epochs of records (not of an animation's slots) a batch of
    /// runs has: each cell of each is a run, and a draw, at least.
    static let maximumRunEpochs = 8

    /// The time births of a batch at `time` are counted from.
    static func batchBase(at time: CFTimeInterval) -> CFTimeInterval {
        (time / baseSpacing).rounded(.down) * baseSpacing
    }

    /// Whether `frame`'s batch is made of runs (``ParticleRun``): every cell
    /// is a top-level one without sub-cells, and the drawing order is the
    /// runs' one after another (cell by cell, or by birth, either way, where
    /// each epoch has one cell), so nothing is sorted and no particle is visited.
    static func drawsInRuns(_ frame: EmitterFrame, renderMode mode: CAEmitterLayerRenderMode) -> Bool {
        guard frame.epochs.count(where: { !$0.isSlot }) <= maximumRunEpochs,
            frame.epochs.allSatisfy({ $0.state.cells.allSatisfy(\.subcells.isEmpty) })
        else { return false }
        switch mode {
        case .oldestFirst, .oldestLast, .backToFront: return frame.epochs.allSatisfy { $0.state.cells.count <= 1 }
        default: return true
        }
    }
}

extension EmitterSimulation.Run {
    /// Adds to the batch the births `range` of top-level `cell` in `epoch`
    /// as runs: from the chunks kept in `chunkStreams` (making only births
    /// not kept yet), or made anew into chunks of their own. Nothing is
    /// done per particle but packing it once; the batch's bounds and the
    /// look's smallest scale come from the box of the births' values.
    mutating func emitRuns(
        _ cell: EmitterCellSnapshot, index: Int, epoch: EmitterEpoch, epochIndex: Int, layer: EmitterLayerValues,
        range: ClosedRange<Int64>, rate: Double, phase: Double, cellKey: UInt64, center: (Double, Double, Double)
    ) {
        let v = cell.values
        guard var made = batch else { return }
        batch = nil
        defer { batch = made }
        // A record's span ends the slots before it: their births are a run (or a few) of their own.
        if !epoch.isSlot { made.flushSlotBirths(of: index) }
        guard let image = v.contents as? CGImage, image.width > 0, image.height > 0, budget > 0 else { return }
        let base = made.origin
        let layerScale = Double(layer.scale)
        func make(_ n: Int64) -> ParticleBirth {
            guard
                let b = Self.topLevelBorn(
                    n, v, layer: layer, epoch: epoch, rate: rate, phase: phase, cellKey: cellKey, center: center)
            else { return .never }
            return ParticleBirth(b, cell: v, layerScale: layerScale, birth: Float(b.birth - base))
        }
        var stream: BirthChunkStream
        let key = EmitterBirthCache.Key(epoch: epoch.key, generation: epoch.generation, cell: index)
        if let kept = chunkStreams?.removeValue(forKey: key), kept.base == base {
            stream = kept
        } else {
            stream = BirthChunkStream(base: base)
        }
        var parts = stream.cover(range, make: make)
        if chunkStreams != nil {
            stream.used = true
            chunkStreams![key] = stream
        }
        // At most `budget` births, the oldest first.
        var total = 0
        for (i, part) in parts.enumerated() {
            if total + part.births.count > budget {
                parts[i].births = part.births.lowerBound..<(part.births.lowerBound + budget - total)
                parts.removeSubrange((i + 1)...)
                total = budget
                break
            }
            total += part.births.count
        }
        budget -= total
        var extent = BirthExtent()
        for part in parts {
            let chunk = stream.chunks[part.chunk]
            if part.births == 0..<chunk.births.count {
                extent.formUnion(chunk.extent)
            } else {
                for b in chunk.births[part.births] { extent.add(b) }
            }
        }
        guard !extent.isEmpty else { return }
        // The ages the births have now: the first is the oldest, the last the youngest.
        let speed = Double(v.speed)
        func age(_ n: Int64) -> Double { max(0, (time - (epoch.origin + (Double(n) + phase) / rate)) * speed) }
        let youngest = age(range.lowerBound + Int64(total) - 1)
        let oldest = min(Double(extent.longestLife), age(range.lowerBound))
        // None alive, or none with alpha or size left: nothing to draw.
        let alphaSpeed = Double(v.alphaSpeed)
        let scaleSpeed = Double(v.scaleSpeed) * layerScale
        let largestScale = Double(extent.highScale) + max(scaleSpeed * youngest, scaleSpeed * oldest)
        let smallestScale = Double(extent.lowScale) + min(scaleSpeed * youngest, scaleSpeed * oldest)
        guard youngest <= oldest, Double(extent.highAlpha) + max(alphaSpeed * youngest, alphaSpeed * oldest) > 0,
            largestScale > 0
        else { return }
        let acceleration = (Double(v.xAcceleration), Double(v.yAcceleration), Double(v.zAcceleration))
        let k = v.contentsScale > 0 ? 1 / Double(v.contentsScale) : 1
        let natural = CGSize(
            width: Double(image.width) * abs(Double(v.contentsRect.width)) * k,
            height: Double(image.height) * abs(Double(v.contentsRect.height)) * k)
        // However it is turned, a rectangle stays within half its diagonal of its
        // centre; a little more for the births' Float rounding.
        let r = 0.5 * hypot(Double(natural.width), Double(natural.height)) * largestScale + 1e-3
        let box = extent.box(ages: youngest...oldest, acceleration: (acceleration.0, acceleration.1), margin: r)
        made.minX = min(made.minX, box.minX)
        made.minY = min(made.minY, box.minY)
        made.maxX = max(made.maxX, box.maxX)
        made.maxY = max(made.maxY, box.maxY)
        if extent.leavesPlane || acceleration.2 != 0 { made.leavesPlane = true }
        let look = ParticleLook(
            image: image, contentsRect: v.contentsRect, size: natural,
            acceleration: (Float(acceleration.0), Float(acceleration.1), Float(acceleration.2)),
            speed: v.speed, minimumScale: max(smallestScale, 1e-6), mipmapped: v.readsMipLevels)
        let lookIndex = made.lookIndex(for: look)
        made.looks[lookIndex].minimumScale = min(made.looks[lookIndex].minimumScale, look.minimumScale)
        if epoch.isSlot {
            // An animation's slots are an epoch each, a few births apiece: their
            // births join the cell's run of slots, made anew each frame.
            made.addSlotBirths(
                parts.map { stream.chunks[$0.chunk].births[$0.births] }, of: index, epoch: epochIndex,
                look: Int32(lookIndex))
            return
        }
        for part in parts {
            let chunk = stream.chunks[part.chunk]
            made.runs.append(
                (
                    cell: index, epoch: epochIndex,
                    run: ParticleRun(chunk: chunk.id, births: chunk.births, range: part.births, look: Int32(lookIndex))
                ))
        }
    }
}
