import Foundation
import StrataGL
import StrataRender

/// Draws a sequence of frames headless and reads them back asynchronously, for
/// video: frame k's pixels are taken only after frame k + 1 was drawn, so the
/// readback of one overlaps the drawing of the next (`GLReadbackQueue`).
///
/// Pixels come out in order, as RGBA8 straight from the target: premultiplied,
/// top row first. A frame the renderer found unchanged is not read again; it
/// comes out as the previous frame's bytes.
public final class OffscreenFramePipeline {
    /// A queued frame: read back into a buffer, or the same as the one before.
    private enum Pending { case read, repeatPrevious }

    /// The renderer that draws the frames.
    public let renderer: OffscreenRenderer
    private let queue: GLReadbackQueue
    private var pending: [Pending] = []
    private var previous: [UInt8]?

    /// A pipeline on `renderer` with up to `depth` frames in flight (2: one
    /// drawing, one being read).
    public init(renderer: OffscreenRenderer, depth: Int = 2) throws(HostError) {
        self.renderer = renderer
        let host = renderer.host
        do {
            queue = try host.withCurrent { () throws(GLError) in
                try GLReadbackQueue(context: host.context, depth: depth, label: "frame readback")
            }
        } catch {
            throw .gl(error)
        }
    }

    /// Draws `list`, queues its readback, and returns the frames that came out
    /// (the oldest ones, once `depth` are in flight), in order.
    public func submit(_ list: RenderList) throws(HostError) -> [[UInt8]] {
        let host = renderer.host, queue = self.queue
        var out: [[UInt8]] = []
        // Make room first: the frame that leaves is the one drawn `depth` frames ago.
        if pending.count == queue.depth { out.append(try take()) }
        let stats = try renderer.draw(list)
        if stats.unchangedFrame, !pending.isEmpty || previous != nil {
            pending.append(.repeatPrevious)
        } else {
            do {
                try host.withCurrent { () throws(GLError) in
                    try queue.enqueue(framebuffer: host.drawableFramebuffer, width: host.width, height: host.height)
                }
            } catch {
                throw .gl(error)
            }
            pending.append(.read)
        }
        return out
    }

    /// Waits for every frame still in flight and returns them, in order.
    public func drain() throws(HostError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        while !pending.isEmpty { out.append(try take()) }
        return out
    }

    /// The oldest pending frame's pixels.
    private func take() throws(HostError) -> [UInt8] {
        let next = pending.removeFirst()
        let pixels: [UInt8]
        switch next {
        case .repeatPrevious:
            guard let previous else { preconditionFailure("OffscreenFramePipeline: a repeat with no frame before it") }
            pixels = previous
        case .read:
            let host = renderer.host, queue = self.queue
            do {
                pixels = try host.withCurrent { () throws(GLError) in try queue.dequeue() }
            } catch {
                throw .gl(error)
            }
        }
        previous = pixels
        return pixels
    }
}
