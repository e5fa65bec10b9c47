import Foundation

/// The current absolute time in seconds, as Core Animation's `CACurrentMediaTime()`.
///
/// Monotonic real time, unless the calling thread is inside
/// ``CAMediaClock/withCurrent(_:)`` or a ``FrameTicker`` tick: then it is that
/// clock's time, so code ported from iOS that computes
/// `layer.convertTime(CACurrentMediaTime(), from: nil)` sees the time its
/// layer tree is drawn at.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let clock = ThreadAnimationState.current.currentClock { return clock.currentTime }
    return CAMediaClock.monotonicNow()
}

/// A source of media time for a layer tree: real (monotonic) time, or a
/// manual time that tests and headless rendering set.
///
/// Each layer tree reads its clock from its root layer (``CALayer/mediaClock``),
/// so parallel tests with their own trees and clocks never share a clock.
/// Thread-safe.
public final class CAMediaClock: @unchecked Sendable {
    // Guarded by `lock`; `manualTime` is nil for a real-time clock.
    private let lock = NSLock()
    private var manualTime: CFTimeInterval?

    /// A clock that follows real monotonic time (`CACurrentMediaTime()`).
    public init() { manualTime = nil }

    /// A manual clock that stands at `time` until set or advanced.
    public init(time: CFTimeInterval) {
        precondition(time.isFinite, "CAMediaClock(time:): time must be finite, got \(time)")
        manualTime = time
    }

    /// The clock every layer tree without its own clock uses: real time.
    public static let realTime = CAMediaClock()

    /// Whether the clock only moves when set or advanced.
    public var isManual: Bool { lock.withLock { manualTime != nil } }

    /// The clock's time in seconds.
    public var currentTime: CFTimeInterval {
        lock.withLock { manualTime } ?? Self.monotonicNow()
    }

    /// Moves a manual clock to `time` (it may go backwards, as scrubbing does).
    public func set(time: CFTimeInterval) {
        precondition(time.isFinite, "CAMediaClock.set(time:): time must be finite, got \(time)")
        lock.withLock {
            precondition(manualTime != nil, "CAMediaClock.set(time:): the real-time clock cannot be set")
            manualTime = time
        }
    }

    /// Moves a manual clock forward by `seconds`.
    public func advance(by seconds: CFTimeInterval) {
        lock.withLock {
            guard let now = manualTime else {
                preconditionFailure("CAMediaClock.advance(by:): the real-time clock cannot be advanced")
            }
            manualTime = now + seconds
        }
    }

    /// Runs `body` with this clock as the calling thread's `CACurrentMediaTime()` source.
    public func withCurrent<R>(_ body: () throws -> R) rethrows -> R {
        let state = ThreadAnimationState.current
        let saved = state.currentClock
        state.currentClock = self
        defer { state.currentClock = saved }
        return try body()
    }

    /// Monotonic seconds since an arbitrary origin (boot), as mach time is on Apple platforms.
    static func monotonicNow() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
    }
}
