import Foundation

/// Makes the next frame on a worker thread while the caller draws this one,
/// so that a frame's CPU work (animation tick, flattening) overlaps the
/// drawing of the frame before, as a compositor's main thread runs ahead of
/// its GPU.
///
/// The caller alternates `submit(_:)` and `take()`: `submit` hands the
/// worker a request (a frame index, or a time and a window size) and returns
/// at once; `take` waits for that request's frame. A render loop takes frame
/// k, submits frame k + 1 and only then draws frame k:
///
/// ```swift
/// let worker = FrameWorker<Double, RenderList> { t in flattener.renderList(for: player.frame(at: t)) }
/// worker.submit(0)
/// for k in 1... {
///     let list = worker.take()
///     worker.submit(Double(k) / 60)
///     try renderer.draw(list)
/// }
/// worker.stop()
/// ```
///
/// Whatever `make` touches (the layer tree, a `Flattener`) belongs to the
/// worker from the first `submit` until `stop()` returns. With
/// `FrameTicker.reusesPresentationCopies` a presentation tree is valid only
/// until the next tick, so `make` must return a value (a `RenderList`): the
/// worker's next tick then cannot touch a frame waiting to be drawn.
package final class FrameWorker<Request, Frame>: @unchecked Sendable {
    /// Guards everything below.
    private let condition = NSCondition()
    private var request: Request?
    private var frame: Frame?
    private var busy = false
    private var stopping = false
    private var running = true

    /// Starts the worker thread; it waits for the first request.
    package init(name: String = "strata.frames", make: @escaping (Request) -> Frame) {
        nonisolated(unsafe) let make = make
        let thread = Thread { self.run(make) }
        thread.name = name
        thread.stackSize = 8 << 20  // deep layer trees recurse
        thread.start()
    }

    private func run(_ make: (Request) -> Frame) {
        condition.lock()
        while true {
            while request == nil && !stopping { condition.wait() }
            guard let next = request, !stopping else { break }
            request = nil
            condition.unlock()
            let made = make(next)
            condition.lock()
            frame = made
            busy = false
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// Hands `request` to the worker, which starts making its frame at once.
    /// The frame of the request before must have been taken.
    package func submit(_ request: Request) {
        condition.lock()
        defer { condition.unlock() }
        precondition(!busy && frame == nil, "FrameWorker.submit: the frame of the last request was not taken")
        precondition(!stopping, "FrameWorker.submit: the worker was stopped")
        self.request = request
        busy = true
        condition.broadcast()
    }

    /// The frame of the last request, waiting for the worker to finish it.
    package func take() -> Frame {
        condition.lock()
        defer { condition.unlock() }
        precondition(busy || frame != nil, "FrameWorker.take: nothing was submitted")
        while busy { condition.wait() }
        let made = frame!
        frame = nil
        return made
    }

    /// Whether a submitted frame waits to be taken (made or being made).
    package var hasPending: Bool {
        condition.lock()
        defer { condition.unlock() }
        return busy || frame != nil
    }

    /// Waits for the frame being made (dropping it) and ends the worker, so
    /// that what `make` touches is the caller's again. Safe to call twice.
    package func stop() {
        condition.lock()
        defer { condition.unlock() }
        while busy { condition.wait() }
        frame = nil
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
    }
}
