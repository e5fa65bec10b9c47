import Foundation

/// A timer that calls your code once per display frame, as Core Animation's
/// `CADisplayLink`.
///
/// Apple's `init(target:selector:)` needs the Objective-C runtime; here the
/// selector is a method reference or a closure:
///
/// ```swift
/// let link = CADisplayLink(target: self, selector: Self.step)  // func step(_ link: CADisplayLink)
/// // or: let link = CADisplayLink { link in … }
/// link.preferredFramesPerSecond = 30
/// link.add(to: .main, forMode: .common)
/// …
/// link.invalidate()
/// ```
///
/// **Where links fire.** Strata has no run loop that waits for the display:
/// a link added with ``add(to:forMode:)`` joins the calling thread's
/// ``DisplayLinkScheduler/current``, and fires when that thread's frame loop
/// fires it: `WindowHost.runFrame` (once a frame, after input and before
/// drawing, with `CACurrentMediaTime()` timestamps), or, headless and in
/// tests, ``DisplayLinkScheduler/runFrame(of:at:refreshInterval:)`` and
/// ``DisplayLinkScheduler/fire(timestamp:targetTimestamp:)``. The run loop
/// and mode passed are accepted for source compatibility; create and add a
/// link on the thread that runs the frame loop (the main thread, as on iOS).
///
/// As on Apple, the scheduler holds the link and the link holds its target
/// until ``invalidate()``, which may be called from any thread.
open class CADisplayLink: NSObject {
    /// Guards `handler`, `isValid` and `scheduler`, which `invalidate()` may
    /// change from another thread while the frame loop fires.
    private let lock = NSLock()
    private var handler: ((CADisplayLink) -> Void)?
    private var isValid = true
    private weak var scheduler: DisplayLinkScheduler?

    /// The frame timestamp at or after which the link fires next (nil: at the first frame).
    var nextFire: CFTimeInterval?

    /// A display link that calls `handler` with itself once per frame, once added.
    public init(_ handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        super.init()
    }

    /// A display link that calls `selector` on `target` (held until
    /// ``invalidate()``, as Apple's link holds its target): pass a method
    /// reference such as `Self.step`, where `func step(_ link: CADisplayLink)`.
    public convenience init<Target: AnyObject>(
        target: Target,
        selector: @escaping (Target) -> (CADisplayLink) -> Void
    ) {
        self.init { link in selector(target)(link) }
    }

    /// A display link that calls `selector` on `target` each frame, for a
    /// method that takes no argument (`func step()`).
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.init { _ in selector(target)() }
    }

    /// The time of the frame the link last fired for, in `CACurrentMediaTime()`'s
    /// timebase (0 until it fires).
    public private(set) var timestamp: CFTimeInterval = 0

    /// The time the next frame the link fires for is due on screen: plan
    /// motion for this time. `1 / (targetTimestamp − timestamp)` is the rate
    /// the link actually runs at.
    public private(set) var targetTimestamp: CFTimeInterval = 0

    /// The time between display refreshes (0 until the link fires).
    public private(set) var duration: CFTimeInterval = 0

    /// Whether the link skips frames until unpaused (default false). A paused
    /// link stays attached; unpaused, it fires at the next frame.
    open var isPaused = false

    /// The frame rate wanted, in frames per second; 0 (the default) means the
    /// display's rate (every frame the loop runs). Lower, the link fires
    /// every n-th refresh, n the whole number nearest to the display's rate
    /// over this. A `preferredFrameRateRange` other than `.default` takes precedence.
    open var preferredFramesPerSecond = 0

    /// The frame rates wanted: the link aims for `preferred`, else `maximum`
    /// (as ``preferredFramesPerSecond`` does); `.default` (the default) leaves
    /// the rate to ``preferredFramesPerSecond``.
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// Attaches the link to the calling thread's ``DisplayLinkScheduler/current``,
    /// so that it fires once per frame of that thread's frame loop. The run
    /// loop and mode are accepted for source compatibility. Adding again, or
    /// adding an invalidated link, does nothing.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let target = DisplayLinkScheduler.current
        let attached: Bool = lock.withLock {
            guard isValid, scheduler == nil else { return false }
            scheduler = target
            return true
        }
        if attached { target.attach(self) }
    }

    /// Detaches the link from its scheduler: it stops firing but stays valid
    /// (it may be added again). The run loop and mode are accepted for source compatibility.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let detached: DisplayLinkScheduler? = lock.withLock {
            defer { scheduler = nil }
            return scheduler
        }
        detached?.detach(self)
    }

    /// Detaches the link for good and lets go of its target and closure; it
    /// never fires again. Safe from any thread.
    open func invalidate() {
        let detached: DisplayLinkScheduler? = lock.withLock {
            isValid = false
            handler = nil
            defer { scheduler = nil }
            return scheduler
        }
        detached?.detach(self)
    }

    /// The rate the link is asked to run at (0: the display's).
    private var wantedRate: Double {
        let range = preferredFrameRateRange
        if range != .default { return Double(range.preferred ?? range.maximum) }
        return Double(preferredFramesPerSecond)
    }

    /// Fires for the frame shown at `timestamp` whose successor is due at
    /// `targetTimestamp`, unless paused, not due yet at the wanted rate, or
    /// no longer attached to `scheduler` (removed or invalidated meanwhile).
    func fireIfDue(
        timestamp now: CFTimeInterval, targetTimestamp next: CFTimeInterval,
        on scheduler: DisplayLinkScheduler
    ) {
        guard !isPaused else { return }
        let refresh = next - now
        // Refreshes per firing: 1 unless a lower rate is wanted.
        var frames = 1.0
        let rate = wantedRate
        if rate > 0, refresh > 0 { frames = min(max((1 / (rate * refresh)).rounded(), 1), 1e6) }
        // Every frame the loop runs is a refresh to a link at the display's
        // rate (without vsync, frames come faster). A slower link is due from
        // half a refresh before its planned frame, so jitter in the frame
        // times skips none; time going back starts afresh.
        if frames > 1, let planned = nextFire, now >= timestamp, now < planned - refresh / 2 { return }
        guard let handler = lock.withLock({ self.scheduler === scheduler ? handler : nil }) else { return }
        timestamp = now
        duration = refresh
        targetTimestamp = frames == 1 ? next : now + frames * refresh
        nextFire = targetTimestamp
        handler(self)
    }
}
