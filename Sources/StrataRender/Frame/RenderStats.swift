import Foundation

/// What one frame cost: for `strata render --stats` and benchmarks.
public struct RenderStats: Hashable, Sendable, CustomStringConvertible {
    /// Layers visited.
    public var layers = 0
    /// Draw items (quads) in all passes.
    public var items = 0
    /// Instanced draw calls issued.
    public var drawCalls = 0
    /// Render passes, the screen included.
    public var passes = 0
    /// Texture uploads (atlas slots, ramps, clips) this frame.
    public var uploads = 0
    /// Offscreen passes whose pixels were kept from an earlier frame.
    public var cachedPasses = 0
    /// Blur passes run (two draws each).
    public var blurs = 0
    /// Whether the frame equalled the last one and nothing was drawn.
    public var unchangedFrame = false
    /// The rectangles (device pixels) the screen was redrawn in; empty when
    /// it was redrawn whole (or, for an unchanged frame, not at all).
    public var damage: [CGRect] = []
    /// Offscreen passes whose pixels were kept from an earlier frame.
    public var keptPasses: Set<Int> = []

    /// Fragments the frame's draws covered in `list` (the list these stats
    /// are of): for benchmarks, outside the timed part of a frame.
    public func pixelsShaded(_ list: RenderList) -> Double {
        if unchangedFrame { return 0 }
        return list.coveredPixels(skipping: keptPasses, screenWithin: damage.isEmpty ? nil : damage)
    }

    public init() {}

    public var description: String {
        "layers \(layers)  items \(items)  draw calls \(drawCalls)  passes \(passes) (\(cachedPasses) cached)  blurs \(blurs)  uploads \(uploads)\(damage.isEmpty ? "" : "  damaged rects \(damage.count)")\(unchangedFrame ? "  (unchanged: not redrawn)" : "")"
    }
}
