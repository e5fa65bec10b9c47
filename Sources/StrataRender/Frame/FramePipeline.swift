import Foundation

/// Makes frames ahead of their use on a worker thread, so that the CPU work
/// of the next frame (animation tick, flattening) overlaps the drawing of
/// this one, as a compositor's main thread runs ahead of its GPU.
///
/// `make(i)` is called on the worker for i = 0, 1, 2, … in order, at most
/// `depth` frames ahead of `next()`; `next()` returns them in the same order
/// on the caller's thread. Whatever `make` touches (the layer tree, a
/// `Flattener`) belongs to the worker until `stop()` returns: the caller must
/// not use it meanwhile. `make` returning nil ends the sequence.
///
/// With `FrameTicker.reusesPresentationCopies` a presentation tree is valid
/// only until the next tick, so `make` must turn it into a value (a
/// `RenderList`) before returning; the worker's next tick then cannot touch a
/// frame waiting to be drawn.
public final class FramePipeline<Frame>: @unchecked Sendable {
    /// Frames made and not yet taken, oldest first (guarded by `condition`).
    private var ready: [Frame] = []
    private var ended = false
    private var stopping = false
    private var workerDone = false
    private let condition = NSCondition()
    private let depth: Int

    /// Starts the worker at once.
    ///
    /// - Parameters:
    ///   - depth: how many made frames may wait for `next()` (1: the worker
    ///     makes frame i + 1 while frame i is drawn, and waits there).
    ///   - make: the frame of each index, or nil after the last.
    public init(depth: Int = 1, name: String = "strata.frames", make: @escaping (Int) -> Frame?) {
        precondition(depth >= 1, "FramePipeline: depth must be at least 1, not \(depth)")
        self.depth = depth
        nonisolated(unsafe) let make = make
        let thread = Thread { self.run(make) }
        thread.name = name
        thread.stackSize = 8 << 20  // deep layer trees recurse
        thread.start()
    }

    private func run(_ make: (Int) -> Frame?) {
        var index = 0
        while true {
            condition.lock()
            while ready.count >= depth && !stopping { condition.wait() }
            let stop = stopping
            condition.unlock()
            if stop { break }
            let frame = make(index)
            index += 1
            condition.lock()
            if let frame { ready.append(frame) } else { ended = true }
            condition.broadcast()
            condition.unlock()
            if frame == nil { break }
        }
        condition.lock()
        ended = true
        workerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame, waiting for the worker to make it; nil once the
    /// sequence ended (or after `stop()`).
    public func next() -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !ended { condition.wait() }
        guard !ready.isEmpty else { return nil }
        let frame = ready.removeFirst()
        condition.broadcast()
        return frame
    }

    /// Stops the worker after the frame it is making and waits for it, so
    /// that what `make` touches is the caller's again. Frames not taken are
    /// dropped. Safe to call more than once.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !workerDone { condition.wait() }
        ready.removeAll()
        condition.unlock()
    }
}
