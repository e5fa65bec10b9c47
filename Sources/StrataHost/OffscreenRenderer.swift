import Foundation
import Strata
import StrataRender
import StrataGL

/// Headless rendering in one object: an EGL context, the layer renderer, and
/// readback to a `CGImage`. Each instance has its own context, so instances can
/// render on different threads at once.
public final class OffscreenRenderer: @unchecked Sendable {
    public let host: OffscreenHost
    let renderer: LayerRenderer
    /// Draws shape (and text) layers' contents on the CPU; kept so its caches last.
    public let layerRasterizer: LayerRasterizer

    /// A renderer whose target is `width × height` device pixels (resized as needed).
    public init(width: Int = 1, height: Int = 1, layerRasterizer: LayerRasterizer? = nil) throws(HostError) {
        if let layerRasterizer {
            self.layerRasterizer = layerRasterizer
        } else {
            do { self.layerRasterizer = try StandardLayerRasterizer.shapesAndText() } catch { throw .render(error) }
        }
        host = try OffscreenHost(width: max(1, width), height: max(1, height), label: "strata offscreen")
        let host = self.host
        let made: Result<LayerRenderer, GLError> = host.withCurrent {
            do throws(GLError) {
                let shaders = try ShaderLibrary(context: host.context)
                return .success(try LayerRenderer(context: host.context, shaders: shaders))
            } catch {
                return .failure(error)
            }
        }
        switch made {
        case .success(let r): renderer = r
        case .failure(let e): throw .gl(e)
        }
    }

    /// Renders `list` and returns its pixels (straight alpha, top row first) and what it cost.
    public func render(_ list: RenderList) throws(HostError) -> (image: CGImage, stats: RenderStats) {
        if host.width != list.pixelWidth || host.height != list.pixelHeight {
            try host.resize(width: list.pixelWidth, height: list.pixelHeight)
        }
        let host = self.host, renderer = self.renderer
        let result: Result<([UInt8], RenderStats), GLError> = host.withCurrent {
            do throws(GLError) {
                let stats = try renderer.render(list, framebuffer: host.drawableFramebuffer,
                                                width: host.width, height: host.height)
                return .success((host.readPixels(), stats))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let (pixels, stats)):
            let image = CGImage(width: list.pixelWidth, height: list.pixelHeight,
                                pixels: RGBA8Pixels.unpremultiplied(pixels), label: "render")
            return (image, stats)
        case .failure(let e):
            throw .gl(e)
        }
    }

    /// Renders the layer tree rooted at `root` (as it is: pass a presentation tree).
    public func render(_ root: CALayer, size: CGSize, scale: Double = 1, background: CGColor? = nil,
                       rasterizer: LayerRasterizer? = nil) throws(HostError) -> (image: CGImage, stats: RenderStats) {
        let list = Flattener(size: size, scale: scale, background: background,
                             rasterizer: rasterizer ?? layerRasterizer)
            .renderList(for: root)
        return try render(list)
    }
}
