import Foundation
import Strata

/// One quad in a layer's plane, with everything the uber-shader needs to shade it.
///
/// The quad is `quad` in the layer's local (bounds) units, mapped to device
/// pixels by `mapping`. Coverage is the signed distance to `shape` (a rounded
/// rectangle with `radii`), evaluated per fragment in the local plane, so the
/// edge ramp is one device pixel under any transform. `quad` is `shape` grown
/// by an anti-aliasing margin (and by the blur extent for shadows).
package struct DrawItem: Hashable, Sendable {
    /// What the item draws.
    package enum Kind: UInt8, Hashable, Sendable {
        /// A layer's background, contents and/or border.
        case layer = 0
        /// A rounded-rect shadow, Gaussian-blurred in closed form.
        case shadow = 1
        /// An offscreen pass composited back (texture = `.pass(i)`), optionally masked.
        case composite = 2
        /// An emitter's particle: its `.texture` content times `borderColor`
        /// (premultiplied; an alpha of 0 makes it add to what is beneath),
        /// square edges, no fill or border.
        case particle = 3
        /// An emitter's particles in bulk: a `.particles` content drawn
        /// through `mapping` (the emitter layer's plane), each particle placed
        /// by the GPU. `quad` holds them all; `opacity`, `tint`, `clip` and
        /// `blend` apply to each as to a `.particle` item.
        case particles = 4
    }

    /// How the content fill is computed.
    package enum Content: Hashable, Sendable {
        /// Texels of `source`; `uv` (unit coordinates of the source) spans `rect` (local units).
        case texture(TextureSource, uv: CGRect, rect: CGRect)
        /// Gradient `ramp` (index into `RenderList.gradients`) from `start` to `end` (local units);
        /// a radial one spreads from `focus`, an offset from `start` in units of its radii (0, 0: the centre).
        case gradient(ramp: Int, type: GradientKind, start: CGPoint, end: CGPoint, focus: CGPoint = .zero)
        /// The border drawn only along part of the circle inscribed in `shape`: from
        /// `start` radians (local plane, from +x towards +y) through `sweep` (signed),
        /// with butt or round caps. A trimmed stroke of a circle (``AnalyticShape``).
        case borderArc(start: Double, sweep: Double, roundCaps: Bool)
        /// The border drawn as dashes along the circle inscribed in `shape` (a dashed
        /// stroke of a circle, ``AnalyticShape``).
        case borderDashes(CircleDashes)
        /// Particles, each its look's image tinted by its colour (an alpha of 0
        /// adds), placed at the batch's time; `additive` gives every colour alpha 0.
        indirect case particles(ParticleBatch, additive: Bool)
    }

    package var kind: Kind
    /// Which layer and part of it the item draws, for dumps and GL labels: an
    /// entry of the list's ``RenderList/labels``, spelled out by
    /// ``RenderList/label(of:)``. It never tells items apart (``ItemLabel``).
    package var label: ItemLabel
    /// Local plane → device pixels.
    package var mapping: PlaneMapping
    /// The quad drawn, in local units.
    package var quad: CGRect
    /// The rounded rectangle whose distance field gives coverage, in local units.
    package var shape: CGRect
    package var radii: CornerRadii
    package var continuousCorners: Bool
    /// Background colour (premultiplied), or clear.
    package var fill: PremultipliedColor
    /// Contents image, offscreen pass or gradient drawn over the fill.
    package var content: Content?
    /// Whether contents are clipped to the rounded `shape` (the layer's own
    /// `masksToBounds`); otherwise only background and border are rounded.
    package var clipsContentToShape: Bool
    /// A second texture whose alpha multiplies the result: a composite's mask
    /// pass, a mask's bitmap folded into it, or what a masked item drawn in its
    /// composite's place reads (``RenderList/foldMaskedContent()``).
    package var mask: TextureSource?
    /// Where `mask` lies under a composite when it is not a pass over the same
    /// part of the device (nil: all of the mask, as it is), or where a masked
    /// item that is not a composite reads it.
    package var maskPlacement: MaskPlacement?
    package var borderWidth: Double
    package var borderColor: PremultipliedColor
    /// Multiplies everything the item draws.
    package var opacity: Float
    /// Multiplies each component of what the item draws (premultiplied),
    /// after `opacity`: a replicator instance's colour (white: no change).
    package var tint: PremultipliedColor
    /// How the item combines with what is beneath it (a layer's `compositingFilter`).
    package var blend: BlendMode = .normal
    /// Index into `RenderList.clips` of the innermost clip, or -1.
    package var clip: Int32
    /// Shadows: the Gaussian's σ in local units.
    package var blurSigma: Double
    /// Edges anti-aliased (bit 0 minX, 1 maxX, 2 minY, 3 maxY); a cleared bit draws
    /// that edge hard and half a pixel wider, so abutting layers show no seam.
    package var antialiasedEdges: UInt8
    /// For a composite: it samples its pass one texel per device pixel, each
    /// pixel's centre a texel's centre (``RenderList/markTexelForPixelComposites()``).
    package var sampledTexelForPixel = false
    /// Whether a texture drawn smaller than its texels is read from mip levels
    /// (trilinear). A particle follows its cell's `minificationFilter`
    /// (``EmitterParticle/mipmapped``); layers' contents always are.
    package var mipmapsWhenMinified = true

    package init(
        kind: Kind = .layer, label: ItemLabel = .none, mapping: PlaneMapping, quad: CGRect, shape: CGRect,
        radii: CornerRadii = .zero, continuousCorners: Bool = false,
        fill: PremultipliedColor = .clear, content: Content? = nil, mask: TextureSource? = nil,
        borderWidth: Double = 0, borderColor: PremultipliedColor = .clear, opacity: Float = 1,
        clip: Int32 = -1, blurSigma: Double = 0, antialiasedEdges: UInt8 = 0b1111
    ) {
        self.kind = kind; self.label = label; self.mapping = mapping; self.quad = quad; self.shape = shape
        self.radii = radii; self.continuousCorners = continuousCorners; self.fill = fill
        self.content = content; self.clipsContentToShape = false; self.mask = mask; self.borderWidth = borderWidth
        self.borderColor = borderColor; self.opacity = opacity; self.tint = .white; self.clip = clip
        self.blurSigma = blurSigma; self.antialiasedEdges = antialiasedEdges
    }

    /// Whether the item draws more than one shape, which may overlap each
    /// other (a batch of particles): group opacity and blends cannot be
    /// folded into it.
    package var drawsSeveral: Bool {
        if case .particles(let batch, _)? = content { return batch.count > 1 }
        return false
    }

    /// The texture the item samples, if any (what batching must keep equal).
    package var texture: TextureSource? {
        if case .texture(let source, _, _)? = content { return source }
        return nil
    }
}
