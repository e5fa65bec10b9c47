import Foundation
import Synchronization

/// How many threads a frame's CPU work may spread over, and the running of
/// it: `STRATA_THREADS` when set to a positive number, else the active
/// cores. Sampling long sublayer lists (`FrameTicker.samplingThreads`) and
/// culling them (`Flattener.threads`) start from it; what they make is the
/// same on any number.
package enum WorkerThreads {
    package static let count: Int = {
        if let value = ProcessInfo.processInfo.environment["STRATA_THREADS"], let n = Int(value), n > 0 { return n }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// Seconds of CPU that threads helping a `perform` have spent in it
    /// (the calling thread's own part is in its own CPU time): what a
    /// benchmark adds to the CPU time of the thread that made the frame.
    package static var helpersCPUSeconds: Double { Double(helpersCPUNanoseconds.load(ordering: .relaxed)) * 1e-9 }

    private static let helpersCPUNanoseconds = Atomic<UInt64>(0)

    /// Runs `body` for `0..<runs`, side by side on the process's worker
    /// threads and this one, and returns when every run is done.
    package static func perform(_ runs: Int, _ body: @Sendable (Int) -> Void) {
        let caller = pthread_self()
        DispatchQueue.concurrentPerform(iterations: runs) { r in
            guard pthread_equal(pthread_self(), caller) == 0 else { return body(r) }
            let start = threadCPUNanoseconds()
            body(r)
            helpersCPUNanoseconds.add(threadCPUNanoseconds() &- start, ordering: .relaxed)
        }
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
