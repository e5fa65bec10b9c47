import Foundation

/// CPU time spent by the calling thread: what the frame's own work costs,
/// whatever else the machine is running (wall-clock stage times grow when
/// other processes or the GL driver's threads compete for the cores).
enum ThreadCPUClock {
    /// Seconds of CPU the calling thread has used.
    static func now() -> Double { seconds(of: CLOCK_THREAD_CPUTIME_ID) }

    /// Seconds of CPU the whole process has used: the calling thread's and
    /// those of threads it hands work to (the path converter's bands).
    static func process() -> Double { seconds(of: CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(of clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
