import Foundation

/// CPU time spent by the calling thread: what the frame's own work costs,
/// whatever else the machine is running (wall-clock stage times grow when
/// other processes or the GL driver's threads compete for the cores).
enum ThreadCPUClock {
    /// Seconds of CPU the calling thread has used.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
