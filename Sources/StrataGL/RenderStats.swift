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

    public init() {}

    public var description: String {
        "layers \(layers)  items \(items)  draw calls \(drawCalls)  passes \(passes) (\(cachedPasses) cached)  blurs \(blurs)  uploads \(uploads)\(unchangedFrame ? "  (unchanged: not redrawn)" : "")"
    }
}
