import Foundation
import Strata

/// One frame as plain data: passes of draw items, the clips they test against and
/// the gradient ramps they sample. Built by ``Flattener`` without any GL, replayed
/// by the GL backend.
public struct RenderList: Hashable, Sendable {
    /// Device pixels of the target.
    public package(set) var pixelWidth: Int
    public package(set) var pixelHeight: Int
    /// The colour the screen is cleared to (premultiplied).
    package var background: PremultipliedColor
    /// Passes in the order they must render; the last one is the screen.
    package var passes: [RenderPass]
    package var clips: [ClipShape]
    package var gradients: [GradientRamp]
    /// How many layers were visited (for `--stats`).
    public package(set) var layerCount: Int
    /// The names the items' labels point into (``ItemLabel``): kept beside the
    /// items, not in them, so that items stay small and their labels never
    /// decide whether two items or lists are the same.
    package var labels = ItemLabels()

    package init(pixelWidth: Int, pixelHeight: Int, background: PremultipliedColor) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.background = background
        passes = []; clips = []; gradients = []; layerCount = 0
    }

    /// The screen pass.
    package var screen: RenderPass { passes[passes.count - 1] }

    /// The label of `item`, one of this list's items, spelled out ("card",
    /// "card.border"): its layer's name (or class) and the part it draws.
    package func label(of item: DrawItem) -> String { labels.text(of: item.label) }

    /// Every item of every pass.
    public var itemCount: Int { passes.reduce(0) { $0 + $1.items.count } }
}
