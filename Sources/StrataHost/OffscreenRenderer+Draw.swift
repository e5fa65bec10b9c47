import Foundation
import StrataGL
import StrataRender

extension OffscreenRenderer {
    /// Draws `list` into the target without reading it back (benchmarks, and
    /// frames whose pixels nobody reads). GL may still be working when it
    /// returns: ``finish()`` waits.
    @discardableResult
    public func draw(_ list: RenderList) throws(HostError) -> RenderStats {
        if host.width != list.pixelWidth || host.height != list.pixelHeight {
            try host.resize(width: list.pixelWidth, height: list.pixelHeight)
        }
        lastImage = nil
        let host = self.host, renderer = self.renderer
        do {
            return try host.withCurrent { () throws(GLError) in
                try renderer.render(list, framebuffer: host.drawableFramebuffer, width: host.width, height: host.height)
            }
        } catch {
            throw .gl(error)
        }
    }

    /// Draws the fill-rate floor of `list` (see `LayerRenderer.renderFloor`).
    package func drawFloor(_ list: RenderList) throws(HostError) {
        if host.width != list.pixelWidth || host.height != list.pixelHeight {
            try host.resize(width: list.pixelWidth, height: list.pixelHeight)
        }
        lastImage = nil
        let host = self.host, renderer = self.renderer
        do {
            try host.withCurrent { () throws(GLError) in
                try renderer.renderFloor(
                    list, framebuffer: host.drawableFramebuffer, width: host.width,
                    height: host.height)
            }
        } catch {
            throw .gl(error)
        }
    }

    /// Waits until everything drawn so far has run on the GPU.
    public func finish() {
        host.withCurrent { host.context.finish() }
    }
}
