import Foundation
import Strata

/// A backend that draws nothing and records what it is asked to do, checking
/// as it goes what a GPU would not forgive: drawing into or sampling a target
/// that was never made or already let go, sampling the target being drawn,
/// sampling a target that no longer holds the pass the draw wants, passes
/// sharing a target whose parts (with their gutters) overlap or that draw
/// into it before it is cleared, or a contents texture that does not exist.
/// For tests of the frame builder
/// without EGL (as sokol_gfx's dummy backend).
package final class RecordingBackend: RenderBackend {
    package typealias Failure = Never

    package enum Command: Hashable, Sendable {
        case atlas(String)
        case target(TargetChange)
        case ramps(Int)
        case clips(Int)
        case instances(Int)
        case particles(Int)
        /// Kept births: the buffer's slots when sized, and the births written.
        case keptParticles(slots: Int?, births: Int)
        case pass(index: Int, target: PassTarget, width: Int, height: Int)
        case region(scissor: CGRect?)
        case backdrop(CGRect)
        case draw(PlannedDraw)
        case blur(PassTarget, scratch: PassTarget)
        case recolor(PassTarget, scratch: PassTarget)
        case end
    }

    package private(set) var commands: [Command] = []
    /// What went wrong, one line each; empty for a sound plan.
    package private(set) var problems: [String] = []
    /// Live targets and the passes whose pixels each holds, with the part of
    /// the target each pass drew (viewport pixels, GL rows; several when
    /// passes share the target; empty: none yet).
    package private(set) var targets: [PassTarget: [Int: CGRect]] = [:]
    /// Contents textures that exist.
    package private(set) var textures: Set<Int> = []
    /// Every target made so far (for counting reuse).
    package private(set) var targetsMade = 0
    var current: PlannedPass?
    /// Shared targets cleared this frame (by their first pass).
    var sharedTargetsCleared: Set<PassTarget> = []

    package init() {}

    /// Forgets the commands (keeps the targets and textures, as a GPU would).
    package func clearCommands() { commands = [] }

    package func apply(_ upload: AtlasUpload) {
        commands.append(.atlas(upload.description))
        switch upload {
        case .reset: textures = []
        case .page(let index, _, _), .dedicated(let index, _, _, _, _, _):
            if !textures.insert(index).inserted { problems.append("texture \(index) made twice") }
        case .grownPage(let index, _, _):
            if !textures.contains(index) { problems.append("missing texture \(index) grown") }
        case .slot(let index, _, _, _, _), .coverageSlot(let index, _, _, _):
            if !textures.contains(index) { problems.append("slot in missing texture \(index)") }
        case .coveragePage(let index, _):
            textures.insert(index)
        }
    }

    package func apply(_ change: TargetChange) {
        commands.append(.target(change))
        switch change {
        case .make(let target, _, _):
            if targets[target] != nil { problems.append("\(target) made twice") }
            targets[target] = [:]
            targetsMade += 1
        case .release(let target):
            if targets.removeValue(forKey: target) == nil { problems.append("\(target) released but not made") }
        }
    }

    package func uploadRamps(_ ramps: [GradientRamp]) { commands.append(.ramps(ramps.count)) }
    package func uploadClips(_ texels: [Float], count: Int) { commands.append(.clips(count)) }
    package func uploadInstances(_ instances: [LayerInstance]) { commands.append(.instances(instances.count)) }
    package func uploadParticles(_ births: [ParticleBirth]) { commands.append(.particles(births.count)) }

    /// Slots of kept births and how many births each holds, from its start.
    package private(set) var keptSlots = 0
    private var keptFilled: [Int: Int] = [:]

    package func updateKeptParticles(_ update: KeptParticleUpdate) {
        commands.append(.keptParticles(slots: update.slots, births: update.uploads.reduce(0) { $0 + $1.births.count }))
        if let slots = update.slots {
            keptSlots = slots
            keptFilled = [:]
        }
        for upload in update.uploads {
            if upload.slot >= keptSlots { problems.append("kept births written past the slots") }
            if upload.from != keptFilled[upload.slot, default: 0] {
                problems.append("kept births of slot \(upload.slot) written from \(upload.from), not where they end")
            }
            keptFilled[upload.slot] = upload.from + upload.births.count
            if keptFilled[upload.slot]! > ParticleRun.chunkCapacity {
                problems.append("a slot of kept births overflows")
            }
        }
    }

    package func begin(_ pass: PlannedPass, of plan: FramePlan) {
        commands.append(.pass(index: pass.index, target: pass.target, width: pass.width, height: pass.height))
        current = pass
        if pass.clearsSharedTarget { sharedTargetsCleared.insert(pass.target) }
        guard pass.target != .screen else { return }
        guard let held = targets[pass.target] else {
            problems.append("pass \(pass.index) draws into missing \(pass.target)")
            return
        }
        let part = CGRect(x: pass.viewportX, y: pass.viewportY, width: pass.width, height: pass.height)
        guard pass.sharesTarget, !pass.clearsSharedTarget else {
            targets[pass.target] = [pass.index: part]
            return
        }
        if !sharedTargetsCleared.contains(pass.target) {
            problems.append("pass \(pass.index) shares \(pass.target), which no pass cleared this frame")
        }
        // Each part's one-pixel gutter is its own.
        for (other, rect) in held {
            let common = rect.insetBy(dx: -1, dy: -1).intersection(part.insetBy(dx: -1, dy: -1))
            guard !common.isNull, common.width > 0, common.height > 0 else { continue }
            problems.append("pass \(pass.index) overlaps pass \(other) in \(pass.target)")
        }
        targets[pass.target]![pass.index] = part
    }

    package func begin(_ region: PlannedPass.Region, of pass: PlannedPass) {
        commands.append(.region(scissor: region.scissor))
    }

    package func copyBackdrop(_ rect: CGRect, of pass: PlannedPass) {
        commands.append(.backdrop(rect))
        if rect.isEmpty || rect != rect.integral || rect.minX < 0 || rect.minY < 0
            || rect.maxX > CGFloat(pass.width) || rect.maxY > CGFloat(pass.height)
        {
            problems.append(
                "pass \(pass.index) copies backdrop \(RenderList.text(rect)) outside its \(pass.width)x\(pass.height)")
        }
    }

    package func draw(_ draw: PlannedDraw, of plan: FramePlan) {
        commands.append(.draw(draw))
        if draw.blend.readsBackdrop != (draw.backdrop != nil) {
            problems.append("draw blends \(draw.blend.name) with\(draw.backdrop == nil ? "out" : "") a backdrop")
        }
        if let last = commands.dropLast().last, draw.backdrop != nil, last != .backdrop(draw.backdrop!) {
            problems.append("draw reads a backdrop not copied just before it")
        }
        if draw.instances.upperBound > plan.instances.count { problems.append("draw past the instances") }
        if let particles = draw.particles, particles.kept {
            let slot = particles.births.lowerBound / ParticleRun.chunkCapacity
            let end = slot * ParticleRun.chunkCapacity + keptFilled[slot, default: 0]
            if slot >= keptSlots || particles.births.upperBound > end { problems.append("draw past the kept births") }
        } else if let particles = draw.particles, particles.births.upperBound > plan.particles.count {
            problems.append("draw past the particles")
        }
        for texture in [draw.texture, draw.mask] {
            switch texture {
            case .none: break
            case .atlas(let n):
                if !textures.contains(n) { problems.append("draw samples missing texture \(n)") }
            case let .target(target, pass):
                guard let holder = targets[target] else {
                    problems.append("draw samples missing \(target)")
                    continue
                }
                if target == current?.target { problems.append("pass \(current!.index) samples its own \(target)") }
                if holder[pass] == nil {
                    let held = holder.keys.sorted().map(String.init).joined(separator: ", ")
                    problems.append(
                        "draw wants pass \(pass) from \(target), which holds \(held.isEmpty ? "nothing" : held)")
                }
            }
        }
    }

    package func blur(_ blur: PlannedPass.Blur, of pass: PlannedPass) {
        commands.append(.blur(pass.target, scratch: blur.scratch))
        if targets[blur.scratch] == nil { problems.append("blur through missing \(blur.scratch)") }
        if blur.scratch == pass.target { problems.append("pass \(pass.index) blurs through its own target") }
        targets[blur.scratch] = [:]
    }

    package func recolor(_ step: PlannedPass.ColorStep, of pass: PlannedPass) {
        commands.append(.recolor(pass.target, scratch: step.scratch))
        if targets[step.scratch] == nil { problems.append("recolour through missing \(step.scratch)") }
        if step.scratch == pass.target { problems.append("pass \(pass.index) recolours through its own target") }
        targets[step.scratch] = [:]
    }

    package func end(_ plan: FramePlan) {
        commands.append(.end)
        current = nil
        sharedTargetsCleared = []
    }
}
