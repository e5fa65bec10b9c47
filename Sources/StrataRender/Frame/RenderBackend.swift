import Foundation
import Strata

/// What draws a ``FramePlan``: the GL renderer, or a ``RecordingBackend`` in
/// tests. A backend does what each call says and decides nothing; the order
/// of calls is ``replay(_:)``'s.
package protocol RenderBackend: AnyObject {
    associatedtype Failure: Error
    /// Makes, fills or drops a contents texture.
    func apply(_ upload: AtlasUpload) throws(Failure)
    /// Makes or lets go of an offscreen target.
    func apply(_ change: TargetChange) throws(Failure)
    /// Replaces the gradient ramp texture (one ramp per row).
    func uploadRamps(_ ramps: [GradientRamp]) throws(Failure)
    /// Replaces the clip texture (``ClipShape/texelsPerClip`` texels per row).
    func uploadClips(_ texels: [Float], count: Int) throws(Failure)
    /// Replaces the frame's instance buffer.
    func uploadInstances(_ instances: [LayerInstance]) throws(Failure)
    /// Fills the particle buffer the particle draws read (called only when the frame has particles).
    func uploadParticles(_ births: [ParticleBirth]) throws(Failure)
    /// Changes the births kept between frames (sized or written in part; called only when they change).
    func updateKeptParticles(_ update: KeptParticleUpdate) throws(Failure)
    /// Binds `pass`'s target and viewport.
    func begin(_ pass: PlannedPass, of plan: FramePlan) throws(Failure)
    /// Clears `region` of the pass (within its scissor) for its draws.
    func begin(_ region: PlannedPass.Region, of pass: PlannedPass) throws(Failure)
    /// Copies `rect` of the pass's target (viewport pixels, y down) to the
    /// backdrop texture the next draw samples (``PlannedDraw/backdrop``).
    func copyBackdrop(_ rect: CGRect, of pass: PlannedPass) throws(Failure)
    func draw(_ draw: PlannedDraw, of plan: FramePlan) throws(Failure)
    /// Blurs the pass's pixels in place.
    func blur(_ blur: PlannedPass.Blur, of pass: PlannedPass) throws(Failure)
    /// Replaces the pass's colours in place.
    func recolor(_ step: PlannedPass.ColorStep, of pass: PlannedPass) throws(Failure)
    /// The frame is drawn (check for errors).
    func end(_ plan: FramePlan) throws(Failure)
}

extension RenderBackend {
    /// Draws `plan`: uploads and target changes first, then pass by pass.
    package func replay(_ plan: FramePlan) throws(Failure) {
        guard !plan.unchanged else { return }
        for upload in plan.atlas { try apply(upload) }
        for change in plan.targets { try apply(change) }
        if let ramps = plan.ramps { try uploadRamps(ramps) }
        if let clips = plan.clips { try uploadClips(clips.texels, count: clips.count) }
        try uploadInstances(plan.instances)
        if !plan.particles.isEmpty { try uploadParticles(plan.particles) }
        if let kept = plan.keptParticles { try updateKeptParticles(kept) }
        for pass in plan.passes {
            try begin(pass, of: plan)
            for region in pass.regions {
                try begin(region, of: pass)
                for draw in region.draws {
                    if let backdrop = draw.backdrop { try copyBackdrop(backdrop, of: pass) }
                    try self.draw(draw, of: plan)
                }
            }
            if let step = pass.colorStep { try recolor(step, of: pass) }
            if let blur = pass.blur { try self.blur(blur, of: pass) }
        }
        try end(plan)
    }
}
