import Foundation
import Strata
import StrataGL
import StrataLayerRaster
import StrataRender

/// Draws layer trees into a `WindowHost`.
///
/// A frame that changes little renders into an offscreen target that keeps
/// its pixels, which is copied to the back buffer: only the damage is redrawn
/// (``FrameBuilder``), and an unchanged frame is not drawn at all, so an idle
/// window costs a blit per frame, not a redraw. A frame that changes whole
/// (most of an animated scene moves) renders straight into the back buffer,
/// saving the copy; the target is then stale, and the first frame that changes
/// little again is drawn whole into it.
///
/// Call `render` inside the window's frame closure (its context is current there).
public final class WindowRenderer {
    public let window: WindowHost
    let renderer: LayerRenderer
    var target: GLFramebuffer?
    /// The last frame's list when that frame changed whole: the next one is
    /// compared with it to choose between the back buffer and the target.
    var lastWholeChange: RenderList?
    /// Whether `target` holds the last frame drawn (not after a frame drawn straight into the back buffer).
    var targetIsCurrent = true
    /// The last list drawn, for `lastFrame()` after frames drawn straight into the back buffer.
    var lastDrawn: RenderList?
    /// Whether the last frame was drawn straight into the back buffer (no offscreen target, no copy).
    public private(set) var lastFrameWentStraightToBackBuffer = false
    /// Draws shape and text layers' contents on the CPU.
    public let layerRasterizer: LayerRasterizer
    /// Layer looks kept from frame to frame (see `AppearanceCache`); nil draws every look every frame.
    public var appearanceCache: AppearanceCache? = AppearanceCache()
    /// Flattens the trees of each frame.
    private var flattener = Flattener(size: CGSize(width: 1, height: 1))

    /// A renderer for `window` (compiles its shaders in the window's context).
    public init(window: WindowHost, layerRasterizer: LayerRasterizer? = nil) throws(HostError) {
        self.window = window
        self.layerRasterizer = try StandardLayerRasterizer.orDefault(layerRasterizer)
        renderer = try window.makeLayerRenderer()
    }

    /// Draws `root` (a presentation tree) filling the window: `size` in points,
    /// at the framebuffer's pixels per point.
    @discardableResult
    public func render(_ root: CALayer, frame info: FrameInfo, background: CGColor?) throws(HostError) -> RenderStats {
        try render(renderList(for: root, frame: info, background: background), frame: info)
    }

    /// The render list of `root` for the window's frame `info`.
    public func renderList(for root: CALayer, frame info: FrameInfo, background: CGColor?) -> RenderList {
        renderList(for: [root], frame: info, background: background)
    }

    /// The render list of `roots`, each drawn over the ones before it, for the window's frame `info`.
    public func renderList(for roots: [CALayer], frame info: FrameInfo, background: CGColor?) -> RenderList {
        configureFlattener(for: info, background: background)
        return flattener.renderList(for: roots)
    }

    /// Ticks `ticker` to `time` and returns the render list of its tree for
    /// the window's frame `info` (see `Flattener.renderList(ticking:at:)`).
    public func renderList(
        ticking ticker: FrameTicker, at time: CFTimeInterval, frame info: FrameInfo, background: CGColor?
    ) -> RenderList {
        configureFlattener(for: info, background: background)
        return flattener.renderList(ticking: ticker, at: time)
    }

    /// Sizes the flattener to the window's frame `info`.
    private func configureFlattener(for info: FrameInfo, background: CGColor?) {
        let width = max(1, info.framebufferWidth)
        let scale = Double(width) / Double(max(1, info.windowWidth))
        // One flattener kept from frame to frame: its layer-tree snapshot is updated in place.
        flattener.size = CGSize(width: info.windowWidth, height: info.windowHeight)
        flattener.scale = scale
        flattener.background = background
        flattener.rasterizer = layerRasterizer
        flattener.appearanceCache = appearanceCache
    }

    /// Draws `list` (made for this frame's size) into the back buffer: straight
    /// when the frame changed whole since the last one, else through the target.
    @discardableResult
    public func render(_ list: RenderList, frame info: FrameInfo) throws(HostError) -> RenderStats {
        let width = max(1, info.framebufferWidth), height = max(1, info.framebufferHeight)
        lastDrawn = list
        do throws(GLError) {
            if let previous = lastWholeChange, list.pixelWidth == width, list.pixelHeight == height,
                list.damage(since: previous) == nil
            {
                let stats = try renderer.render(list, framebuffer: 0, width: width, height: height)
                lastWholeChange = list
                targetIsCurrent = false
                lastFrameWentStraightToBackBuffer = true
                return stats
            }
            // A frame drawn whole only because the target was stale is not a whole change.
            let wasCurrent = targetIsCurrent
            let (stats, target) = try renderIntoTarget(list)
            try target.copyToBackBuffer(width: width, height: height)
            lastWholeChange = wasCurrent && !stats.unchangedFrame && stats.damage.isEmpty ? list : nil
            lastFrameWentStraightToBackBuffer = false
            return stats
        } catch {
            throw .gl(error)
        }
    }

    /// Draws `list` into the offscreen target (made or remade at the list's size).
    private func renderIntoTarget(_ list: RenderList) throws(GLError) -> (RenderStats, GLFramebuffer) {
        let target: GLFramebuffer
        if let kept = self.target, kept.width == list.pixelWidth, kept.height == list.pixelHeight {
            target = kept
        } else {
            target = try GLFramebuffer(
                context: window.context, width: list.pixelWidth, height: list.pixelHeight,
                label: "window frame")
            self.target = target
        }
        let stats = try renderer.render(list, framebuffer: target.name, width: target.width, height: target.height)
        targetIsCurrent = true
        return (stats, target)
    }

    /// The last frame drawn (straight alpha, top row first), or nil before the first.
    public func lastFrame() -> CGImage? {
        guard let lastDrawn else { return nil }
        let pixels: [UInt8]? = window.withCurrent {
            // A frame drawn straight into the back buffer is gone after the swap: draw it again.
            if !targetIsCurrent { guard (try? renderIntoTarget(lastDrawn)) != nil else { return nil } }
            return target?.readPixels()
        }
        guard let pixels, let target else { return nil }
        return CGImage(
            width: target.width, height: target.height, pixels: RGBA8Pixels.unpremultiplied(pixels),
            label: "window frame")
    }
}
