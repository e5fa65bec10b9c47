import Foundation
import Strata

/// One frame as plain data: passes of draw items, the clips they test against and
/// the gradient ramps they sample. Built by ``Flattener`` without any GL, replayed
/// by the GL backend.
public struct RenderList: Hashable, Sendable {
    /// Device pixels of the target.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The colour the screen is cleared to (premultiplied).
    public var background: PremultipliedColor
    /// Passes in the order they must render; the last one is the screen.
    public var passes: [RenderPass]
    public var clips: [ClipShape]
    public var gradients: [GradientRamp]
    /// How many layers were visited (for `--stats`).
    public var layerCount: Int

    public init(pixelWidth: Int, pixelHeight: Int, background: PremultipliedColor) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.background = background
        passes = []; clips = []; gradients = []; layerCount = 0
    }

    /// The screen pass.
    public var screen: RenderPass { passes[passes.count - 1] }

    /// Every item of every pass.
    public var itemCount: Int { passes.reduce(0) { $0 + $1.items.count } }
}
