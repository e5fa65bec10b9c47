import Foundation
import Strata
import StrataRender
import StrataGL

/// Draws layer trees into a `WindowHost`: the frame renders into an offscreen
/// target, which is copied to the back buffer. When a frame's render list
/// equals the last one, nothing is drawn and only the copy happens, so an idle
/// window costs a blit per frame, not a redraw.
///
/// Call `render` inside the window's frame closure (its context is current there).
public final class WindowRenderer {
    public let window: WindowHost
    let renderer: LayerRenderer
    var target: GLFramebuffer?
    /// Draws shape and text layers' contents on the CPU.
    public let layerRasterizer: LayerRasterizer
    /// Layer looks kept from frame to frame (see `AppearanceCache`); nil draws every look every frame.
    public var appearanceCache: AppearanceCache? = AppearanceCache()

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
        let width = max(1, info.framebufferWidth)
        let scale = Double(width) / Double(max(1, info.windowWidth))
        var flattener = Flattener(size: CGSize(width: info.windowWidth, height: info.windowHeight), scale: scale,
                                  background: background, rasterizer: layerRasterizer)
        flattener.appearanceCache = appearanceCache
        return flattener.renderList(for: roots)
    }

    /// Draws `list` (made for this frame's size) and copies it to the back buffer.
    @discardableResult
    public func render(_ list: RenderList, frame info: FrameInfo) throws(HostError) -> RenderStats {
        let width = max(1, info.framebufferWidth), height = max(1, info.framebufferHeight)
        do throws(GLError) {
            let target: GLFramebuffer
            if let kept = self.target, kept.width == list.pixelWidth, kept.height == list.pixelHeight {
                target = kept
            } else {
                target = try GLFramebuffer(context: window.context, width: list.pixelWidth, height: list.pixelHeight,
                                           label: "window frame")
                self.target = target
            }
            let stats = try renderer.render(list, framebuffer: target.name, width: target.width, height: target.height)
            try target.copyToBackBuffer(width: width, height: height)
            return stats
        } catch {
            throw .gl(error)
        }
    }

    /// The last frame drawn (straight alpha, top row first), or nil before the first.
    public func lastFrame() -> CGImage? {
        guard let target else { return nil }
        let pixels = window.withCurrent { target.readPixels() }
        return CGImage(width: target.width, height: target.height, pixels: RGBA8Pixels.unpremultiplied(pixels),
                       label: "window frame")
    }
}
