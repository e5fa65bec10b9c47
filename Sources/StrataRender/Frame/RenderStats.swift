import Foundation

/// What one frame cost: for `strata render --stats` and benchmarks.
public struct RenderStats: Hashable, Sendable, CustomStringConvertible {
    /// Layers visited.
    public package(set) var layers = 0
    /// Draw items (quads) in all passes.
    public package(set) var items = 0
    /// Instanced draw calls issued.
    public package(set) var drawCalls = 0
    /// Render passes, the screen included.
    public package(set) var passes = 0
    /// Texture uploads (atlas slots, ramps, clips) this frame.
    public package(set) var uploads = 0
    /// Bytes of images and bitmaps uploaded into textures this frame (their
    /// gutters and mip levels included; ramps and clips not).
    public package(set) var uploadedBytes = 0
    /// Offscreen passes whose pixels were kept from an earlier frame.
    public package(set) var cachedPasses = 0
    /// Blur passes run (two draws each).
    public package(set) var blurs = 0
    /// Whether the frame equalled the last one and nothing was drawn.
    public package(set) var unchangedFrame = false
    /// The rectangles (device pixels) the screen was redrawn in; empty when
    /// it was redrawn whole (or, for an unchanged frame, not at all).
    package var damage: [CGRect] = []
    /// Offscreen passes whose pixels were kept from an earlier frame.
    package var keptPasses: Set<Int> = []

    /// Fragments the frame's draws covered in `list` (the list these stats
    /// are of): for benchmarks, outside the timed part of a frame.
    public func pixelsShaded(_ list: RenderList) -> Double {
        if unchangedFrame { return 0 }
        return list.coveredPixels(skipping: keptPasses, screenWithin: damage.isEmpty ? nil : damage)
    }

    package init() {}

    public var description: String {
        "layers \(layers)  items \(items)  draw calls \(drawCalls)  passes \(passes) (\(cachedPasses) cached)  blurs \(blurs)  uploads \(uploads) (\(uploadedBytes / 1024) KiB)\(damage.isEmpty ? "" : "  damaged rects \(damage.count)")\(unchangedFrame ? "  (unchanged: not redrawn)" : "")"
    }
}
