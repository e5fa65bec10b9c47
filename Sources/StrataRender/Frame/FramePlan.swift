import Foundation
import Strata

/// Everything a backend does to draw one frame, decided without a GPU by a
/// ``FrameBuilder``: contents uploads, offscreen targets made and released,
/// the shared gradient and clip textures, one array of instances, and the
/// passes with their draw calls. A backend replays it in order
/// (``RenderBackend/replay(_:)``).
public struct FramePlan: Sendable {
    public var target: FrameTarget
    /// Nothing differs from the last frame drawn into `target`: nothing to do.
    public var unchanged: Bool
    public var atlas: [AtlasUpload]
    public var targets: [TargetChange]
    /// New contents of the gradient ramp texture (one ramp per row), when it changed.
    public var ramps: [GradientRamp]?
    /// Rows the ramp texture has this frame (at least 1).
    public var rampCount: Int
    /// The clip texture's texels (``ClipShape/texelsPerClip`` RGBA32F per
    /// clip), when the frame has clips.
    public var clips: (texels: [Float], count: Int)?
    public var instances: [LayerInstance]
    /// The births of every particle batch drawn (``PlannedParticles/births`` index it).
    public var particles: [ParticleBirth] = []
    /// Passes in drawing order (the screen last); cached passes whose pixels
    /// are kept are left out.
    public var passes: [PlannedPass]
    public var stats: RenderStats

    init(target: FrameTarget, stats: RenderStats) {
        self.target = target
        unchanged = false
        atlas = []; targets = []; ramps = nil; rampCount = 1; clips = nil; instances = []; passes = []
        self.stats = stats
    }
}
