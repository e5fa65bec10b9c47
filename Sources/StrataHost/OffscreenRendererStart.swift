import Foundation
import Strata
import StrataGL
import StrataLayerRaster
import StrataRender

/// An ``OffscreenRenderer``'s EGL context and layer renderer, made on a thread
/// of their own while the caller does something else.
///
/// Opening EGL loads the driver (on Mesa's llvmpipe that is LLVM: ~20 ms), then
/// a context and the renderer's programs are made. A command that reads a
/// scene and flattens its first frame before drawing it can have that happen
/// meanwhile:
///
/// ```swift
/// let start = OffscreenRendererStart()
/// defer { start.settle() }
/// let scene = try load(file)                // while EGL opens
/// let renderer = try start.renderer(layerRasterizer: rasterizer)
/// ```
///
/// The renderer is handed out once. Call ``settle()`` before the process can
/// exit (a `defer` right after making the start): exiting while a driver is
/// being loaded on another thread is not something drivers are written for.
public final class OffscreenRendererStart: @unchecked Sendable {
    // @unchecked Sendable: `made` and `taken` are read and written under `condition` only.

    private let condition = NSCondition()
    /// The host and its renderer, or why they could not be made; nil until then.
    private var made: Result<(OffscreenHost, LayerRenderer), HostError>?
    private var taken = false

    /// Starts making a context whose target is `width × height` device pixels
    /// (resized to each frame's size when it is drawn).
    public init(width: Int = 1, height: Int = 1) {
        let thread = Thread { [self] in
            let result: Result<(OffscreenHost, LayerRenderer), HostError>
            do throws(HostError) {
                let host = try OffscreenHost(width: max(1, width), height: max(1, height), label: "strata offscreen")
                result = .success((host, try host.makeLayerRenderer()))
            } catch {
                result = .failure(error)
            }
            condition.withLock {
                made = result
                condition.broadcast()
            }
        }
        thread.name = "strata EGL start"
        thread.start()
    }

    /// Waits until the context is made (or failed) and returns the renderer
    /// drawing with it, whose layers are rasterized by `layerRasterizer`
    /// (`nil`: shapes and text). Only once per start.
    public func renderer(layerRasterizer: LayerRasterizer? = nil) throws(HostError) -> OffscreenRenderer {
        let result = condition.withLock { () -> Result<(OffscreenHost, LayerRenderer), HostError> in
            precondition(!taken, "OffscreenRendererStart: the renderer was handed out already")
            taken = true
            return waitForResult()
        }
        let (host, renderer) = try result.get()
        return try OffscreenRenderer(host: host, renderer: renderer, layerRasterizer: layerRasterizer)
    }

    /// Waits until the thread has finished, whatever became of it.
    public func settle() {
        condition.withLock { _ = waitForResult() }
    }

    /// Call holding `condition`.
    private func waitForResult() -> Result<(OffscreenHost, LayerRenderer), HostError> {
        while made == nil { condition.wait() }
        return made!
    }
}
