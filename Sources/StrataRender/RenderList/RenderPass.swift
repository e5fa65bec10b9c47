import Foundation
import Strata

/// A list of draw items rendered into one target: the screen, or an offscreen
/// texture covering `bounds` (device pixels) that a later pass composites.
public struct RenderPass: Hashable, Sendable {
    /// Why a pass is offscreen.
    public enum Purpose: String, Hashable, Sendable {
        case screen, groupOpacity, mask, maskedContent, rasterize, shadowSilhouette
    }

    public var purpose: Purpose
    /// The pixels the pass covers (device pixels, integral).
    public var bounds: CGRect
    public var items: [DrawItem]

    public init(purpose: Purpose, bounds: CGRect, items: [DrawItem] = []) {
        self.purpose = purpose; self.bounds = bounds; self.items = items
    }
}
