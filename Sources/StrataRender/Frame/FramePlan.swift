import Foundation
import Strata

/// Everything a backend does to draw one frame, decided without a GPU by a
/// ``FrameBuilder``: contents uploads, offscreen targets made and released,
/// the shared gradient and clip textures, one array of instances, and the
/// passes with their draw calls. A backend replays it in order
/// (``RenderBackend/replay(_:)``).
package struct FramePlan: Sendable {
    package var target: FrameTarget
    /// Nothing differs from the last frame drawn into `target`: nothing to do.
    package var unchanged: Bool
    package var atlas: [AtlasUpload]
    package var targets: [TargetChange]
    /// New contents of the gradient ramp texture (one ramp per row), when it changed.
    package var ramps: [GradientRamp]?
    /// The clip texture's texels (``ClipShape/texelsPerClip`` RGBA32F per
    /// clip), when the frame has clips.
    package var clips: (texels: [Float], count: Int)?
    package var instances: [LayerInstance]
    /// The births of every particle batch drawn (``PlannedParticles/births`` index it).
    package var particles: [ParticleBirth] = []
    /// Changes to the births kept from frame to frame (``PlannedParticles/kept`` draws read them).
    package var keptParticles: KeptParticleUpdate?
    /// Passes in drawing order (the screen last); cached passes whose pixels
    /// are kept are left out.
    package var passes: [PlannedPass]
    package var stats: RenderStats

    init(target: FrameTarget, stats: RenderStats) {
        self.target = target
        unchanged = false
        atlas = []; targets = []; ramps = nil; clips = nil; instances = []; passes = []
        self.stats = stats
    }
}
