import Foundation

/// Hands frames to another sink on a thread of its own, so converting and
/// writing (or ffmpeg's encoding, behind a full pipe) overlap rendering the
/// next frames. At most `capacity` frames wait; `write` blocks beyond that.
///
/// The first error the sink throws is thrown again by the next `write` and by
/// `finish`, which waits for every frame to be written.
public final class BackgroundFrameSink: FrameSink, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `failure` and `closed` are guarded by `condition`;
    // `sink` is only used by the writing thread, and by `finish` after it ended.
    private let sink: FrameSink
    private let capacity: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var closed = false
    private var failure: ExportError?
    private let finished = DispatchSemaphore(value: 0)

    /// Wraps `sink`; up to `capacity` frames wait to be written.
    public init(_ sink: FrameSink, capacity: Int = 3) {
        precondition(capacity >= 1, "BackgroundFrameSink: capacity must be at least 1")
        self.sink = sink
        self.capacity = capacity
        let thread = Thread { [self] in run() }
        thread.name = "strata frame writer"
        thread.start()
    }

    /// Queues `frame`, waiting while `capacity` frames are queued; throws the writer's first error.
    public func write(frame: [UInt8]) throws(ExportError) {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        queue.append(frame)
        condition.broadcast()
    }

    /// Waits until every queued frame is written, then finishes the wrapped sink.
    public func finish() throws(ExportError) {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        finished.wait()
        // The thread has ended: nothing else touches `failure` or `sink` now.
        if let failure { throw failure }
        try sink.finish()
    }

    /// The writing thread: takes frames in order until closed and empty, or a failure.
    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                break
            }
            let frame = queue.removeFirst()
            condition.unlock()
            do {
                try sink.write(frame: frame)
            } catch {
                condition.lock()
                failure = error
                queue.removeAll()
                condition.broadcast()
                condition.unlock()
                break
            }
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        finished.signal()
    }
}
