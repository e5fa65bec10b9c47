import Foundation
import Strata

/// A list of draw items rendered into one target: the screen, or an offscreen
/// texture covering `bounds` (device pixels) that a later pass composites.
package struct RenderPass: Hashable, Sendable {
    /// Why a pass is offscreen.
    package enum Purpose: String, Hashable, Sendable {
        case screen, groupOpacity, mask, maskedContent, rasterize, shadowSilhouette
        /// A layer's look, cached across frames and drawn as textured quads (``AppearanceCache``).
        case appearance
        /// A layer's subtree drawn for one of its `CALayerFilter`s (a blur or a colour step).
        case filter
    }

    /// The directions of a pass's blur.
    package struct BlurAxes: OptionSet, Hashable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Across (device x).
        package static let horizontal = BlurAxes(rawValue: 1)
        /// Down (device y).
        package static let vertical = BlurAxes(rawValue: 2)
        package static let both: BlurAxes = [.horizontal, .vertical]
    }

    package var purpose: Purpose
    /// The pixels the pass covers: device pixels, integral; for passes in a
    /// layer's own plane (shadow silhouettes, rasterization) the origin is 0
    /// and the items' mappings take local units to the pass's pixels.
    package var bounds: CGRect
    package var items: [DrawItem]
    /// σ in pass pixels of a Gaussian blur applied after drawing (0: none).
    package var blurSigma: Double
    /// Which way the blur goes (both unless a layer filter says otherwise).
    package var blurAxes: BlurAxes = .both
    /// Colours replaced after drawing (a layer's colour filter), before any blur.
    package var colorMap: LuminanceMap?
    /// Equal keys mean equal pixels: the backend may keep the result across
    /// frames and skip drawing the pass (nil: draw it every frame).
    package var cacheKey: Int?
    /// The colour an offscreen pass is cleared to (premultiplied); the screen's is
    /// the list's ``RenderList/background``.
    package var background: PremultipliedColor = .clear

    package init(
        purpose: Purpose, bounds: CGRect, items: [DrawItem] = [], blurSigma: Double = 0,
        cacheKey: Int? = nil
    ) {
        self.purpose = purpose; self.bounds = bounds; self.items = items
        self.blurSigma = blurSigma; self.cacheKey = cacheKey
    }
}
