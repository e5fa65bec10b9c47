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
/// let worker = FrameWorker<Double, RenderList> { t in
///     player.advance(to: t)
///     return flattener.renderList(ticking: player.ticker, at: t)
/// }
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
/// worker from the first `submit` until `stop()` returns, so `make` must
/// return a value (a `RenderList`, not the flattener's snapshot): the
/// worker's next tick then cannot touch a frame waiting to be drawn.
///
/// Overlapping hides the making of a frame behind what the caller does
/// between `submit` and `take` (drawing), or the other way round, but the
/// caller then waits for the worker to wake and hand the frame back (about
/// `handOffSeconds`): where the shorter of the two sides is shorter than
/// that, overlapping saves less than the hand-off costs. Then frames are
/// made on the caller's thread inside `submit`, in the same order: a small
/// scene with little to draw ran at a third of its serial rate, and a Lottie
/// file whose frames mostly change nothing (tens of microseconds to make)
/// at half. That happens after `inlineRun` such frames in a row, and the
/// worker takes requests again after two frames whose two sides both took
/// over three times that (switching back and forth wakes the worker cold).
package final class FrameWorker<Request, Frame>: @unchecked Sendable {
    /// Guards everything below.
    private let condition = NSCondition()
    private var request: Request?
    private var frame: Frame?
    private var busy = false
    private var stopping = false
    private var running = true
    /// What makes a frame, for frames made on the caller's thread.
    nonisolated(unsafe) private let make: (Request) -> Frame
    /// Frames in a row whose shorter side was under `handOffSeconds` (on the
    /// worker), or over three times that (made here).
    private var underRun = 0
    private var overRun = 0
    /// Frames in a row with little to draw before frames are made here.
    package static var inlineRun: Int { 8 }
    /// When the last `submit` returned.
    private var submitted: UInt64?
    /// Whether frames are made on the caller's thread (see the type's notes).
    private var makesInline = false
    /// How long the last frame took to make, wherever it was made.
    private var makeSeconds = 0.0

    /// Below this many seconds a frame is made on the caller's thread.
    package static var handOffSeconds: Double { 50e-6 }

    /// Starts the worker thread; it waits for the first request.
    package init(name: String = "strata.frames", make: @escaping (Request) -> Frame) {
        self.make = make
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
            let start = DispatchTime.now().uptimeNanoseconds
            let made = make(next)
            let seconds = Self.seconds(since: start)
            condition.lock()
            frame = made
            makeSeconds = seconds
            busy = false
            condition.broadcast()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// Hands `request` to the worker, which starts making its frame at once
    /// (or, for frames quicker to make than to hand over, makes it here).
    /// The frame of the request before must have been taken.
    package func submit(_ request: Request) {
        condition.lock()
        precondition(!busy && frame == nil, "FrameWorker.submit: the frame of the last request was not taken")
        precondition(!stopping, "FrameWorker.submit: the worker was stopped")
        guard makesInline else {
            self.request = request
            busy = true
            submitted = DispatchTime.now().uptimeNanoseconds
            condition.broadcast()
            condition.unlock()
            return
        }
        // The worker is idle (no request, no frame): this thread may touch what `make` touches.
        condition.unlock()
        let start = DispatchTime.now().uptimeNanoseconds
        let made = make(request)
        let seconds = Self.seconds(since: start)
        condition.lock()
        frame = made
        makeSeconds = seconds
        submitted = DispatchTime.now().uptimeNanoseconds
        condition.unlock()
    }

    /// The frame of the last request, waiting for the worker to finish it.
    package func take() -> Frame {
        condition.lock()
        defer { condition.unlock() }
        precondition(busy || frame != nil, "FrameWorker.take: nothing was submitted")
        if let submitted {
            // Where the next frame is made: here after a run of `inlineRun` frames whose shorter
            // side (the caller's, since `submit`, or the last making) was under `handOffSeconds`
            // (a still stretch: drawing or making next to nothing), on the worker again after
            // two over three times that (both sides busy again). Switching often costs more
            // than either way: the worker wakes cold.
            let seconds = min(Self.seconds(since: submitted), makeSeconds)
            if makesInline {
                overRun = seconds > 3 * Self.handOffSeconds ? overRun + 1 : 0
                if overRun >= 2 { (makesInline, underRun, overRun) = (false, 0, 0) }
            } else {
                underRun = seconds < Self.handOffSeconds ? underRun + 1 : 0
                if underRun >= Self.inlineRun { (makesInline, underRun, overRun) = (true, 0, 0) }
            }
            self.submitted = nil
        }
        while busy { condition.wait() }
        let made = frame!
        frame = nil
        return made
    }

    /// The seconds since `start` (an uptime in nanoseconds).
    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
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
