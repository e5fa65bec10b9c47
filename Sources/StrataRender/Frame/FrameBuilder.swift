import Foundation
import Strata

/// Turns render lists into ``FramePlan``s, keeping what a renderer keeps from
/// frame to frame: where contents sit in the atlas, which offscreen targets
/// exist and which passes' pixels they hold, the gradient ramps uploaded, and
/// the last frame drawn into a target that keeps its pixels (to skip an
/// unchanged frame or redraw only the damage).
///
/// It decides everything a backend needs and calls no GPU, so tests drive it
/// with a ``RecordingBackend``. A backend that fails to replay a plan must
/// call ``discardAfterFailure()`` and drop its textures: the builder's record
/// of them is no longer true.
package final class FrameBuilder {
    /// The side of an atlas page.
    package let pageSize: Int
    /// Whether draws get the layer program compiled for just their features
    /// (default); off, every layer draw uses the whole program (for comparisons).
    package var specializesLayerProgram = true
    /// Whether round strokes and borders, and borders with nothing inside, are drawn as
    /// ring and frame meshes (``DrawGeometry``)
    /// rather than their quads: off only to check that both give the same pixels.
    package var drawsMeshes = true
    /// Whether small offscreen passes are drawn side by side into shared
    /// targets (``PassSheets``): off only to check that both give the same pixels.
    package var sharesPassTargets = true
    var atlas: AtlasPlanner
    var pool = PassTargetPool()
    /// Targets of cacheable passes by content key, with their sizes.
    var cached: [Int: (width: Int, height: Int)] = [:]
    var uploadedRamps: [GradientRamp] = []
    var last: (list: RenderList, target: FrameTarget, stats: RenderStats)?
    /// Where the backend keeps the births of particle runs.
    var keptParticles = KeptParticleSlots()

    /// A builder for a backend whose textures may be `maximumTextureSize` pixels wide.
    package init(maximumTextureSize: Int = 2048) {
        pageSize = min(2048, maximumTextureSize)
        atlas = AtlasPlanner(pageSize: pageSize)
    }

    /// The plan that draws `list` into `target`.
    package func plan(_ list: RenderList, into target: FrameTarget) -> FramePlan {
        var damage: [CGRect]?
        if target.keepsPixels, let last, last.target == target {
            // One walk of both lists: equal lists give no damage.
            damage = list.damage(since: last.list)
            if damage?.isEmpty == true {
                var stats = last.stats
                stats.drawCalls = 0
                stats.uploads = 0
                stats.uploadedBytes = 0
                stats.blurs = 0
                stats.damage = []
                stats.keptPasses = []
                stats.unchangedFrame = true
                var plan = FramePlan(target: target, stats: stats)
                plan.unchanged = true
                return plan
            }
        }
        last = nil
        var stats = RenderStats()
        stats.layers = list.layerCount
        stats.items = list.itemCount
        stats.passes = list.passes.count
        var plan = FramePlan(target: target, stats: stats)
        plan.atlas = atlas.prepare(list)
        plan.stats.uploads += plan.atlas.reduce(0) { n, upload in
            switch upload {
            case .dedicated, .slot, .coverageSlot: return n + 1
            default: return n
            }
        }
        plan.stats.uploadedBytes = plan.atlas.reduce(0) { $0 + $1.uploadedBytes }
        prepareSharedTextures(list, into: &plan)
        // Once for the frame: reserving per pass or damage region would
        // reallocate to each exact size in turn (no geometric growth).
        plan.instances.reserveCapacity(list.itemCount)
        let targets = assignTargets(list, into: &plan)
        let continuousClips = Self.continuousClips(list.clips)
        var sheetsCleared: Set<PassTarget> = []
        for index in targets.order {
            let pass = list.passes[index]
            guard let passTarget = targets.of[index] else {
                plan.stats.cachedPasses += 1
                plan.stats.keptPasses.insert(index)
                continue
            }
            let isScreen = index == list.passes.count - 1
            let w = isScreen ? target.width : Int(pass.bounds.width)
            let h = isScreen ? target.height : Int(pass.bounds.height)
            var planned = PlannedPass(
                index: index, purpose: pass.purpose, target: passTarget, width: w, height: h,
                origin: isScreen ? .zero : pass.bounds.origin, clear: isScreen ? list.background : pass.background,
                regions: [], blur: nil)
            if let corner = targets.origin[index] {
                planned.viewportX = corner.x
                planned.viewportY = corner.y
                planned.sharesTarget = true
                planned.clearsSharedTarget = sheetsCleared.insert(passTarget).inserted
            }
            if isScreen, let damage {
                for rect in damage {
                    let meeting = pass.items.filter { item in
                        let box = RenderList.deviceBounds(of: item, within: rect)
                        return !box.isNull && box.width > 0 && box.height > 0
                    }
                    planned.regions.append(
                        .init(
                            scissor: rect,
                            draws: draws(
                                meeting, targets, continuousClips,
                                area: (planned, rect), into: &plan)))
                }
                plan.stats.damage = damage
            } else {
                planned.regions.append(
                    .init(
                        scissor: nil,
                        draws: draws(
                            pass.items, targets, continuousClips,
                            area: (planned, nil), into: &plan)))
            }
            if !isScreen, let map = pass.colorMap, let scratch = targets.blurScratch[index] {
                planned.colorStep = .init(map: map, scratch: scratch)
            }
            if !isScreen, pass.blurSigma > 0.05, let scratch = targets.blurScratch[index] {
                planned.blur = .init(sigma: pass.blurSigma, scratch: scratch, axes: pass.blurAxes)
                plan.stats.blurs += 1
            }
            plan.stats.drawCalls += planned.drawCount
            plan.passes.append(planned)
        }
        plan.keptParticles = keptParticles.finish()
        // Births go up too: all of a frame's own, and the kept ones not uploaded before.
        let births = plan.particles.count + (plan.keptParticles?.uploads.reduce(0) { $0 + $1.births.count } ?? 0)
        plan.stats.uploadedBytes += births * MemoryLayout<ParticleBirth>.stride
        if target.keepsPixels { last = (list, target, plan.stats) }
        return plan
    }

    /// Forgets the last frame: the next one into any target is drawn whole
    /// (something else drew into it).
    package func forgetLastFrame() { last = nil }

    /// Forgets every texture and target, after a backend failed to replay a
    /// plan (and dropped its textures): the next plan makes them anew.
    package func discardAfterFailure() {
        last = nil
        atlas = AtlasPlanner(pageSize: pageSize)
        pool = PassTargetPool()
        cached = [:]
        uploadedRamps = []
        keptParticles = KeptParticleSlots()
    }

    /// What the renderer keeps between frames.
    package var resources: LayerRendererResources {
        var r = LayerRendererResources()
        r.dedicatedTextures = atlas.dedicated.count
        r.atlasPages = atlas.pageTextures.count + atlas.flatPageTextures.count
        r.maximumPages = atlas.maximumPages
        r.maximumPageBytes = pageSize * pageSize * 4 * 4 / 3
        r.atlasEntries = atlas.slots.count + atlas.flatSlots.count
        r.passTargets = pool.slots.count
        r.passTargetsNeeded = pool.peakBusy
        r.cachedPasses = cached.count
        r.blurScratch = pool.blurScratch.count
        r.textureBytes =
            atlas.textureBytes + pool.textureBytes
            + cached.values.reduce(0) { $0 + $1.width * $1.height * 4 }
            + (uploadedRamps.isEmpty ? 0 : GradientRamp.width * uploadedRamps.count * 4)
        r.particleSlots = keptParticles.slotsInUse
        r.particleSlotsMade = keptParticles.slotsMade
        return r
    }

    /// Gradient ramps (when they changed) and clips for this frame.
    func prepareSharedTextures(_ list: RenderList, into plan: inout FramePlan) {
        if !list.gradients.isEmpty && list.gradients != uploadedRamps {
            plan.ramps = list.gradients
            uploadedRamps = list.gradients
            plan.stats.uploads += 1
        }
        if !list.clips.isEmpty {
            var data: [Float] = []
            data.reserveCapacity(list.clips.count * ClipShape.texelsPerClip * 4)
            for clip in list.clips { clip.appendTexels(to: &data) }
            plan.clips = (data, list.clips.count)
            plan.stats.uploads += 1
        }
    }

    /// Where a pass's pixels are in its target's unit texture coordinates.
    struct PassPlacement {
        var scale: (x: Double, y: Double)
        var offset: (x: Double, y: Double)
    }

    /// The target of every pass drawn this frame (none: a cached pass whose
    /// pixels are kept), each target's size, and blur scratch targets.
    struct Targets {
        var of: [Int: PassTarget] = [:]
        var size: [PassTarget: (width: Int, height: Int)] = [:]
        var blurScratch: [Int: PassTarget] = [:]
        /// The target that holds pass `index`'s pixels (drawn or kept).
        var holding: [Int: PassTarget] = [:]
        /// The part of its target each pass uses (targets may be larger).
        var used: [Int: (width: Int, height: Int)] = [:]
        /// Where that part's lower-left corner is, for passes that share a
        /// target (``PassSheets``; GL rows count up); absent: the target's corner.
        var origin: [Int: (x: Int, y: Int)] = [:]
        /// The passes in the order they are drawn.
        var order: [Int] = []
    }

    func assignTargets(_ list: RenderList, into plan: inout FramePlan) -> Targets {
        var out = Targets()
        out.of[list.passes.count - 1] = .screen
        // The passes each pass's items sample (a run of items sampling one, as
        // the appearance atlas's, noted once): one walk of the items for the
        // drawing order and the targets' lifetimes.
        var sampled = [[Int]](repeating: [], count: list.passes.count)
        for (j, pass) in list.passes.enumerated() {
            for item in pass.items {
                if case .pass(let p)? = item.texture, sampled[j].last != p { sampled[j].append(p) }
                if case .pass(let p)? = item.mask, sampled[j].last != p { sampled[j].append(p) }
            }
        }
        let sheets = PassSheets(list, sampled: sampled, sharing: sharesPassTargets)
        out.order = sheets.order
        // Targets are busy from the pass drawn into them through the last
        // pass that samples them, in drawing order.
        var position = [Int](repeating: 0, count: list.passes.count)
        for (k, i) in sheets.order.enumerated() { position[i] = k }
        var lastUse: [Int: Int] = [:]
        for (j, passes) in sampled.enumerated() {
            for p in passes { lastUse[p] = max(lastUse[p] ?? 0, position[j]) }
        }
        func busyThrough(_ i: Int) -> Int { max(position[i], lastUse[i] ?? position[i]) }
        pool.beginFrame()
        var keptKeys: [Int: (width: Int, height: Int)] = [:]
        var sheetTargets: [Int: PassTarget] = [:]
        for i in sheets.order.dropLast() {
            let pass = list.passes[i]
            let w = max(1, Int(pass.bounds.width)), h = max(1, Int(pass.bounds.height))
            out.used[i] = (w, h)
            if let s = sheets.sheetOf[i] {
                let target: PassTarget
                if let made = sheetTargets[s] {
                    target = made
                } else {
                    let sheet = sheets.sheets[s]
                    let slot = pool.acquire(
                        width: sheet.width, height: sheet.height, at: position[i],
                        busyThrough: sheet.passes.map(busyThrough).max()!, changes: &plan.targets)
                    target = .pooled(slot.id)
                    sheetTargets[s] = target
                    out.size[target] = (slot.width, slot.height)
                }
                out.of[i] = target
                out.holding[i] = target
                out.origin[i] = sheets.origin[i]
            } else if let key = pass.cacheKey {
                // Cacheable passes own their target so it survives the frame;
                // one already drawn (this frame or before) is kept as it is.
                let target = PassTarget.cached(key)
                if let size = cached[key] ?? keptKeys[key] {
                    keptKeys[key] = size
                    out.size[target] = size
                } else {
                    keptKeys[key] = (w, h)
                    out.size[target] = (w, h)
                    out.of[i] = target
                    plan.targets.append(.make(target, width: w, height: h))
                }
                out.holding[i] = target
            } else {
                let slot = pool.acquire(
                    width: w, height: h, at: position[i], busyThrough: busyThrough(i),
                    changes: &plan.targets)
                let target = PassTarget.pooled(slot.id)
                out.of[i] = target
                out.holding[i] = target
                out.size[target] = (slot.width, slot.height)
            }
            if out.of[i] != nil, pass.blurSigma > 0.05 || pass.colorMap != nil {
                let scratch = pool.acquire(
                    width: w, height: h, at: position[i], busyThrough: position[i], changes: &plan.targets)
                pool.blurScratch.insert(scratch.id)
                out.blurScratch[i] = .pooled(scratch.id)
            }
        }
        for key in cached.keys.sorted() where keptKeys[key] == nil { plan.targets.append(.release(.cached(key))) }
        cached = keptKeys
        pool.endFrame(changes: &plan.targets)
        return out
    }

    /// For each clip, whether it or a clip enclosing it has continuous corners: the
    /// items it cuts need the layer program's continuous-corner code.
    static func continuousClips(_ clips: [ClipShape]) -> [Bool] {
        var out = [Bool](repeating: false, count: clips.count)
        for i in clips.indices {
            var index = i, steps = 0
            while index >= 0, index < clips.count, steps < 32 {
                if clips[index].continuousCorners { out[i] = true; break }
                index = Int(clips[index].parent)
                steps += 1
            }
        }
        return out
    }

    /// Packs `items` into the frame's instances and groups them into draws,
    /// for `area` (the pass, and the scissor of its region if any).
    func draws(
        _ items: [DrawItem], _ targets: Targets, _ continuousClips: [Bool],
        area: (pass: PlannedPass, scissor: CGRect?), into plan: inout FramePlan
    ) -> [PlannedDraw] {
        guard !items.isEmpty else { return [] }
        let base = plan.instances.count
        let (batches, order) = Batcher.plan(items, meshes: drawsMeshes) { source in
            switch source {
            case .pass(let p): return .pass(p)
            case .image, .raster: return .page(self.atlas.texture(of: source))
            }
        }
        /// The item drawn `n`th (an index into `items`).
        func drawn(_ n: Int) -> Int { order?[n] ?? n }
        // Most items sample one pass (the appearance atlas): its scale is
        // looked up once, not in three dictionaries per item.
        var lastPass: (pass: Int, placement: PassPlacement)?
        for n in items.indices {
            var instance = LayerInstance(items[drawn(n)]) { source, rect in
                guard case .pass(let p) = source else { return self.textureRect(source, rect, targets) }
                let placement: PassPlacement
                if let lastPass, lastPass.pass == p {
                    placement = lastPass.placement
                } else {
                    placement = Self.passPlacement(p, targets)
                    lastPass = (p, placement)
                }
                return Self.passRect(rect, placement)
            }
            // A bitmap kept as coverage is sampled as white: its paint comes with the tint.
            if atlas.holdsCoverage, case .texture(.raster(let raster), _, _)? = items[drawn(n)].content,
                raster.coverage != nil,
                let paint = atlas.coveragePaint(of: .raster(raster))
            {
                instance.multiplyTint(by: paint, itemTint: items[drawn(n)].tint)
            }
            plan.instances.append(instance)
        }
        func bound(_ texture: BatchTexture) -> BoundTexture {
            switch texture {
            case .none: return .none
            case .page(let n): return .atlas(n)
            case .pass(let p): return .target(targets.holding[p]!, pass: p)
            }
        }
        var out: [PlannedDraw] = []
        out.reserveCapacity(batches.count)
        for batch in batches {
            var features = batch.features
            if features.contains(.clips), !features.contains(.continuousCorners),
                batch.range.contains(where: {
                    let clip = items[drawn($0)].clip
                    return clip >= 0 && continuousClips[Int(clip)]
                })
            {
                features.insert(.continuousCorners)
            }
            var draw = PlannedDraw(
                instances: (base + batch.range.lowerBound)..<(base + batch.range.upperBound),
                texture: bound(batch.texture), mask: bound(batch.mask), shading: batch.shading,
                features: batch.shading == .layer ? (specializesLayerProgram ? features : .all) : [])
            draw.blend = batch.blend
            draw.geometry = batch.geometry
            if batch.blend.readsBackdrop {
                let blended = batch.range.map { items[drawn($0)] }
                guard let rect = Self.backdrop(of: blended, area.pass, scissor: area.scissor) else { continue }
                draw.backdrop = rect
            }
            if batch.shading == .particles {
                particleDraws(items[drawn(batch.range.lowerBound)], like: draw, into: &plan, &out)
            } else {
                out.append(draw)
            }
        }
        return out
    }

    /// The viewport pixels `items` can touch in `pass` (within `scissor`, in
    /// viewport pixels, if any): what a backdrop-reading draw of them copies
    /// first. Nil when they touch none (the draw is left out).
    static func backdrop(of items: [DrawItem], _ pass: PlannedPass, scissor: CGRect?) -> CGRect? {
        let viewport = CGRect(x: 0, y: 0, width: pass.width, height: pass.height)
        let area = scissor.map { $0.intersection(viewport) } ?? viewport
        guard !area.isNull, !area.isEmpty else { return nil }
        let device = area.offsetBy(dx: pass.origin.x, dy: pass.origin.y)
        var touched = CGRect.null
        for item in items { touched = touched.union(RenderList.deviceBounds(of: item, within: device)) }
        guard !touched.isNull else { return nil }
        let rect = touched.offsetBy(dx: -pass.origin.x, dy: -pass.origin.y).integral.intersection(area.integral)
        return rect.isNull || rect.isEmpty ? nil : rect
    }

    /// The draws of a `.particles` item: its births appended to the frame's,
    /// drawn in order, one draw per run of births whose images share an
    /// atlas page (one for the whole batch when they all do); then a draw
    /// per ``ParticleBatch/runs`` run, from the slot its chunk is kept in.
    func particleDraws(
        _ item: DrawItem, like draw: PlannedDraw, into plan: inout FramePlan,
        _ out: inout [PlannedDraw]
    ) {
        guard case .particles(let batch, let additive)? = item.content, batch.count > 0 else { return }
        var looks: [SIMD4<Float>] = []
        looks.reserveCapacity(batch.looks.count * PlannedParticles.vectorsPerLook)
        var pages: [Int] = []
        for look in batch.looks {
            let source = TextureSource.image(look.image)
            let uv = atlas.textureRect(source, look.contentsRect)
            looks.append(SIMD4(uv.0, uv.1, uv.2, uv.3))
            looks.append(SIMD4(Float(look.size.width), Float(look.size.height), look.speed, 0))
            looks.append(SIMD4(look.acceleration.x, look.acceleration.y, look.acceleration.z, 0))
            pages.append(atlas.texture(of: source))
        }
        let m = item.mapping
        let t = item.tint
        var particles = PlannedParticles(
            births: 0..<0, looks: looks, time: Float(batch.time), additive: additive,
            mapping: [
                Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m21), Float(m.m22), Float(m.m23),
                Float(m.m31), Float(m.m32), Float(m.m33),
            ],
            opacity: item.opacity, tint: SIMD4(t.r, t.g, t.b, t.a), clip: item.clip)
        func emit(_ births: Range<Int>, page: Int, look: Int32 = -1, kept: Bool = false, reversed: Bool = false) {
            guard !births.isEmpty else { return }
            var d = draw
            d.texture = .atlas(page)
            particles.births = births
            particles.look = look
            particles.kept = kept
            particles.reversed = reversed
            d.particles = particles
            out.append(d)
        }
        if !batch.births.isEmpty {
            let first = plan.particles.count
            if first == 0 { plan.particles = batch.births } else { plan.particles.append(contentsOf: batch.births) }
            var start = 0
            var page = pages[Int(batch.births[0].look)]
            for (i, birth) in batch.births.enumerated() where pages[Int(birth.look)] != page {
                emit((first + start)..<(first + i), page: page)
                start = i
                page = pages[Int(birth.look)]
            }
            emit((first + start)..<(first + batch.births.count), page: page)
        }
        // A run's births are uploaded once, into the slot of its chunk: a draw each.
        for run in batch.runs {
            let first = keptParticles.place(run)
            emit(
                first..<(first + run.count), page: pages[Int(run.look)], look: run.look, kept: true,
                reversed: run.reversed)
        }
    }

    /// Texture coordinates of `rect` (unit coordinates of the source, y down).
    func textureRect(_ source: TextureSource, _ rect: CGRect, _ targets: Targets) -> (Float, Float, Float, Float) {
        switch source {
        case .pass(let p):
            return Self.passRect(rect, Self.passPlacement(p, targets))
        case .image, .raster:
            return atlas.textureRect(source, rect)
        }
    }

    /// Where pass `p`'s pixels are in its target, in unit texture
    /// coordinates: the fraction of the target its pixels span, and the
    /// corner they start at (targets may be larger than the pass, and shared).
    private static func passPlacement(_ p: Int, _ targets: Targets) -> PassPlacement {
        let target = targets.holding[p]!
        let size = targets.size[target]!, used = targets.used[p] ?? size
        let corner = targets.origin[p] ?? (0, 0)
        return PassPlacement(
            scale: (Double(used.width) / Double(size.width), Double(used.height) / Double(size.height)),
            offset: (Double(corner.x) / Double(size.width), Double(corner.y) / Double(size.height)))
    }

    /// Texture coordinates of `rect` (unit coordinates of the pass, y down)
    /// in a pass placed so in its target: targets keep GL's bottom-up rows.
    private static func passRect(_ rect: CGRect, _ at: PassPlacement) -> (Float, Float, Float, Float) {
        let (scale, offset) = (at.scale, at.offset)
        return (
            Float(offset.x + rect.minX * scale.x), Float(offset.y + (1 - rect.minY) * scale.y),
            Float(offset.x + rect.maxX * scale.x), Float(offset.y + (1 - rect.maxY) * scale.y)
        )
    }
}
