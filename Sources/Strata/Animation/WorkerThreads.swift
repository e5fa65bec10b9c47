import Foundation
import Synchronization

/// How many threads a frame's CPU work may spread over, and the running of
/// it. Sampling long sublayer lists (`FrameTicker.samplingThreads`) and
/// culling them (`Flattener.threads`) read `count` unless told otherwise;
/// what they make is the same on any number.
package enum WorkerThreads {
    /// `STRATA_THREADS` when set to a positive number; else the active
    /// cores, less those a software rasterizer draws with once one is in use
    /// (see `shareCores(withRendererThreads:)`), at least 1.
    package static var count: Int { current.load(ordering: .relaxed) }

    /// `STRATA_THREADS`, when set to a positive number (any other value is
    /// ignored here; `settingProblem` says what is wrong with it).
    private static let requested: Int? = requested(from: ProcessInfo.processInfo.environment["STRATA_THREADS"]).count

    /// What is wrong with `STRATA_THREADS`, when it is set to something other
    /// than a positive whole number (nil: unset, empty, or fine): a program
    /// reading settings from its user reports it, as the `strata` tool does.
    package static var settingProblem: String? {
        requested(from: ProcessInfo.processInfo.environment["STRATA_THREADS"]).problem
    }

    /// The thread count a `STRATA_THREADS` value asks for, or what is wrong with it.
    package static func requested(from value: String?) -> (count: Int?, problem: String?) {
        guard let value, !value.isEmpty else { return (nil, nil) }
        guard let n = Int(value), n > 0 else {
            return (nil, "STRATA_THREADS=\"\(value)\" is not a positive whole number (the threads for a frame's work)")
        }
        return (n, nil)
    }
    private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private static let current = Atomic<Int>(requested ?? cores)

    /// Says that a renderer draws with `threads` threads on this machine's
    /// cores (llvmpipe: `LP_NUM_THREADS`, else one per core). A frame's CPU
    /// work then spreads over the cores left, if any: on two cores both
    /// rasterizing, a helper thread only takes time from the drawing of the
    /// frame before (a pipelined frame overlaps it). `STRATA_THREADS` wins.
    package static func shareCores(withRendererThreads threads: Int) {
        current.store(count(cores: cores, requested: requested, rendererThreads: threads), ordering: .relaxed)
    }

    /// The threads for a frame's CPU work on `cores` cores, with `requested`
    /// (`STRATA_THREADS`) and a renderer drawing with `rendererThreads` of them.
    package static func count(cores: Int, requested: Int?, rendererThreads: Int) -> Int {
        requested ?? max(1, cores - max(0, rendererThreads))
    }

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
