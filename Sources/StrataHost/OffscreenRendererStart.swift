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
/// exit (a `defer` right after making the start): it waits until the thread
/// has ended, its own thread-local state (the driver's among it) torn down.
/// Exiting while a driver is being loaded, or while a thread that used it
/// is still ending, is not something drivers are written for.
public final class OffscreenRendererStart: @unchecked Sendable {
    // @unchecked Sendable: `made`, `taken` and `thread` are read and written under `condition` only.

    private let condition = NSCondition()
    /// The host and its renderer, or why they could not be made; nil until then.
    private var made: Result<(OffscreenHost, LayerRenderer), HostError>?
    private var taken = false
    /// The thread making them, until it is joined (nil: joined, or never started).
    private var thread: pthread_t?
    private let size: (width: Int, height: Int)

    /// Starts making a context whose target is `width × height` device pixels
    /// (resized to each frame's size when it is drawn).
    public init(width: Int = 1, height: Int = 1) {
        size = (max(1, width), max(1, height))
        // A POSIX thread rather than a Foundation one: `settle()` joins it.
        var started = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &started, nil,
            { argument in
                Unmanaged<OffscreenRendererStart>.fromOpaque(argument!).takeRetainedValue().make()
                return nil
            }, me)
        if status == 0 {
            condition.withLock { thread = started }
        } else {
            // No thread: the context is made here, before the caller goes on.
            Unmanaged<OffscreenRendererStart>.fromOpaque(me).release()
            make()
        }
    }

    deinit {
        // Ended (it held this object until then), but not joined: let its resources go.
        if let thread { pthread_detach(thread) }
    }

    /// Makes the host and its renderer (on the start's thread).
    private func make() {
        Thread.current.name = "strata EGL start"
        let result: Result<(OffscreenHost, LayerRenderer), HostError>
        do throws(HostError) {
            let host = try OffscreenHost(width: size.width, height: size.height, label: "strata offscreen")
            result = .success((host, try host.makeLayerRenderer()))
        } catch {
            result = .failure(error)
        }
        condition.withLock {
            made = result
            condition.broadcast()
        }
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

    /// Waits until the thread has finished, whatever became of it, and has ended.
    public func settle() {
        let ending = condition.withLock { () -> pthread_t? in
            _ = waitForResult()
            defer { thread = nil }
            return thread
        }
        if let ending { pthread_join(ending, nil) }
    }

    /// Call holding `condition`.
    private func waitForResult() -> Result<(OffscreenHost, LayerRenderer), HostError> {
        while made == nil { condition.wait() }
        return made!
    }
}
