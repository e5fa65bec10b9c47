import Foundation

/// Fires the display links attached to it once per frame: what a display's
/// refresh does for `CADisplayLink` on Apple platforms.
///
/// Each thread has one, ``current`` (as each thread has its run loop);
/// ``CADisplayLink/add(to:forMode:)`` attaches a link to the calling
/// thread's. Whoever runs that thread's frames fires it once a frame, before
/// the frame's layer tree is committed and drawn, so changes the links make
/// show in that frame:
///
/// - `WindowHost.runFrame` does, after input and before calling its frame
///   closure, with `CACurrentMediaTime()` as the timestamp and the monitor's
///   refresh interval;
/// - headless loops and tests call ``runFrame(of:at:refreshInterval:)``,
///   which fires the links at the tree's time and then ticks its
///   ``FrameTicker``; or ``fire(timestamp:targetTimestamp:)`` directly.
///
/// Being per thread, parallel tests never fire each other's links.
public final class DisplayLinkScheduler {
    /// Guards `links`: links may be invalidated from other threads.
    private let lock = NSLock()
    /// Attached links, in the order they were added (and fire).
    private var links: [CADisplayLink] = []

    init() {}

    /// The calling thread's scheduler.
    public static var current: DisplayLinkScheduler { ThreadAnimationState.current.displayLinks }

    /// Whether no link is attached (a frame loop may idle then).
    public var isEmpty: Bool { lock.withLock { links.isEmpty } }

    func attach(_ link: CADisplayLink) {
        lock.withLock { links.append(link) }
    }

    func detach(_ link: CADisplayLink) {
        lock.withLock { links.removeAll { $0 === link } }
    }

    /// Fires every attached link that is due, for the frame shown at
    /// `timestamp` whose successor is due at `targetTimestamp` (so the
    /// display refreshes every `targetTimestamp − timestamp` seconds).
    ///
    /// Each call is a frame: a link at the display's rate fires at every
    /// call, a slower one when its next frame is due by these times. Links
    /// run in the order they were added; one added while firing waits for
    /// the next frame, and one removed or invalidated while firing does not run.
    public func fire(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval) {
        precondition(
            timestamp.isFinite && targetTimestamp.isFinite && targetTimestamp >= timestamp,
            "DisplayLinkScheduler.fire: need finite times with targetTimestamp ≥ timestamp, "
                + "got \(timestamp) and \(targetTimestamp)")
        let due = lock.withLock { links }
        for link in due { link.fireIfDue(timestamp: timestamp, targetTimestamp: targetTimestamp, on: self) }
    }

    /// One frame of a headless or test loop at `time` on `ticker`'s tree, in
    /// the order a display refresh runs it on iOS: the links fire (with
    /// `CACurrentMediaTime()` reading `time`), then the tree commits and is
    /// sampled. Returns the presentation tree to draw.
    ///
    /// On a manual clock, changes made since the last frame are committed
    /// first at the clock's time then (as ``FrameTicker/tick(at:)`` would),
    /// and the clock moves to `time` before the links fire, so animations
    /// the links start begin at `time`.
    @discardableResult
    public func runFrame(
        of ticker: FrameTicker, at time: CFTimeInterval,
        refreshInterval: CFTimeInterval = 1.0 / 60
    ) -> CALayer {
        let clock = ticker.clock
        if clock.isManual {
            clock.withCurrent { CATransaction.flush() }
            clock.set(time: time)
        }
        clock.withCurrent { fire(timestamp: time, targetTimestamp: time + refreshInterval) }
        return ticker.tick(at: time)
    }
}
