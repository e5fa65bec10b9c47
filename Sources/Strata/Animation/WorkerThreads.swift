import Foundation

/// How many threads a frame's CPU work may spread over: `STRATA_THREADS`
/// when set to a positive number, else the active cores. Sampling long
/// sublayer lists (`FrameTicker.samplingThreads`) and culling them
/// (`Flattener.threads`) start from it; what they make is the same on any number.
package enum WorkerThreads {
    package static let count: Int = {
        if let value = ProcessInfo.processInfo.environment["STRATA_THREADS"], let n = Int(value), n > 0 { return n }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()
}
