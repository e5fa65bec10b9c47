import Foundation
import Strata
import StrataGL
import StrataLayerRaster
import StrataRender

/// Headless rendering in one object: an EGL context, the layer renderer, and
/// readback to a `CGImage`. Each instance has its own context, so instances can
/// render on different threads at once.
///
/// A lost context (a GPU reset, `GL_CONTEXT_LOST`) fails the frame that finds
/// it with `HostError.gl(.contextLost)`; the next `render` makes a new
/// context and renderer (everything is uploaded again) and carries on.
public final class OffscreenRenderer: @unchecked Sendable {
    /// The EGL host drawn with (a new one after a lost context).
    public private(set) var host: OffscreenHost
    private(set) var renderer: LayerRenderer
    /// The last picture, returned again for a frame that was not redrawn.
    var lastImage: CGImage?
    /// Draws shape (and text) layers' contents on the CPU; kept so its caches last.
    public let layerRasterizer: LayerRasterizer
    /// Layer looks kept from frame to frame for ``render(_:size:scale:background:rasterizer:)``
    /// (see `AppearanceCache`): set one when rendering a sequence of frames;
    /// nil (the default) draws every look every frame, so one picture does not
    /// depend on what was rendered before it.
    public var appearanceCache: AppearanceCache?
    /// Flattens the trees `render(_:size:scale:background:rasterizer:)` is given.
    private var flattener = Flattener(size: CGSize(width: 1, height: 1))
    /// Whether each batch is shaded with the layer program compiled for just
    /// the features its items use (`LayerRenderer.specializesLayerProgram`).
    package var specializesLayerProgram: Bool {
        get { renderer.specializesLayerProgram }
        set { renderer.specializesLayerProgram = newValue }
    }
    /// See `Flattener.foldsClips`.
    package var foldsClips: Bool {
        get { flattener.foldsClips }
        set { flattener.foldsClips = newValue }
    }
    /// See `Flattener.foldsBitmapMasks`.
    package var foldsBitmapMasks: Bool {
        get { flattener.foldsBitmapMasks }
        set { flattener.foldsBitmapMasks = newValue }
    }
    /// See `Flattener.foldsMaskedContent`.
    package var foldsMaskedContent: Bool {
        get { flattener.foldsMaskedContent }
        set { flattener.foldsMaskedContent = newValue }
    }
    /// See `Flattener.foldsShapeMasks`.
    package var foldsShapeMasks: Bool {
        get { flattener.foldsShapeMasks }
        set { flattener.foldsShapeMasks = newValue }
    }
    /// See `FrameBuilder.drawsMeshes`.
    package var drawsMeshes: Bool {
        get { renderer.drawsMeshes }
        set { renderer.drawsMeshes = newValue }
    }
    /// See `FrameBuilder.sharesPassTargets`.
    package var sharesPassTargets: Bool {
        get { renderer.sharesPassTargets }
        set { renderer.sharesPassTargets = newValue }
    }

    /// A renderer whose target is `width × height` device pixels (resized as needed).
    public init(width: Int = 1, height: Int = 1, layerRasterizer: LayerRasterizer? = nil) throws(HostError) {
        self.layerRasterizer = try StandardLayerRasterizer.orDefault(layerRasterizer)
        host = try OffscreenHost(width: max(1, width), height: max(1, height), label: "strata offscreen")
        renderer = try host.makeLayerRenderer()
    }

    /// A renderer drawing with `renderer` on `host` (made by ``OffscreenRendererStart``).
    init(host: OffscreenHost, renderer: LayerRenderer, layerRasterizer: LayerRasterizer?) throws(HostError) {
        self.layerRasterizer = try StandardLayerRasterizer.orDefault(layerRasterizer)
        self.host = host
        self.renderer = renderer
    }

    /// What the renderer keeps between frames (atlas pages, pass targets, caches).
    public var resources: LayerRendererResources { renderer.resources }

    /// Renders `list` and returns its pixels (straight alpha, top row first) and what it cost.
    public func render(_ list: RenderList) throws(HostError) -> (image: CGImage, stats: RenderStats) {
        if host.context.wasLost {
            host = try OffscreenHost(width: host.width, height: host.height, label: "strata offscreen")
            renderer = try host.makeLayerRenderer()
            lastImage = nil
        }
        if host.width != list.pixelWidth || host.height != list.pixelHeight {
            try host.resize(width: list.pixelWidth, height: list.pixelHeight)
        }
        let host = self.host, renderer = self.renderer
        let previous = lastImage
        do {
            let (pixels, stats) = try host.withCurrent { () throws(GLError) in
                let stats = try renderer.render(
                    list, framebuffer: host.drawableFramebuffer,
                    width: host.width, height: host.height)
                // An unchanged frame left the target as it was: no readback either.
                return (stats.unchangedFrame && previous != nil ? nil : host.readPixels(), stats)
            }
            let made = pixels.map {
                CGImage(
                    width: list.pixelWidth, height: list.pixelHeight, pixels: RGBA8Pixels.unpremultiplied($0),
                    label: "render")
            }
            guard let image = made ?? previous else {
                preconditionFailure("OffscreenRenderer: a frame was neither read back nor kept")
            }
            lastImage = image
            return (image, stats)
        } catch {
            throw .gl(error)
        }
    }

    /// Renders the layer tree rooted at `root` (as it is: pass a presentation tree).
    public func render(
        _ root: CALayer, size: CGSize, scale: Double = 1, background: CGColor? = nil,
        rasterizer: LayerRasterizer? = nil
    ) throws(HostError) -> (image: CGImage, stats: RenderStats) {
        try render(renderList(for: root, size: size, scale: scale, background: background, rasterizer: rasterizer))
    }

    /// The render list `render(_:size:scale:background:rasterizer:)` draws
    /// (made outside the typed-throwing function: Swift 6.3 leaks a local
    /// struct holding a class there).
    private func renderList(
        for root: CALayer, size: CGSize, scale: Double, background: CGColor?,
        rasterizer: LayerRasterizer?
    ) -> RenderList {
        // One flattener kept from frame to frame: its layer-tree snapshot is updated in place.
        flattener.size = size
        flattener.scale = scale
        flattener.background = background
        flattener.rasterizer = rasterizer ?? layerRasterizer
        flattener.appearanceCache = appearanceCache
        return flattener.renderList(for: root)
    }
}
