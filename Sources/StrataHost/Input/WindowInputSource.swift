/// A window's input, stamped with the time it was polled: GLFW delivers a
/// window's events when it polls (once a frame), so that is all the timing
/// there is. `WindowHost.runFrame` polls; hand its events to ``receive(_:at:)``.
public final class WindowInputSource: InputSource {
    private var queued: [TimedInputEvent] = []

    /// An empty source.
    public init() {}

    /// Queues `event`, polled at `time`.
    public func receive(_ event: InputEvent, at time: Double) {
        queued.append(TimedInputEvent(time: time, event: event))
    }

    public func events(through time: Double) -> [TimedInputEvent] {
        let due = queued.prefix { $0.time <= time }
        queued.removeFirst(due.count)
        return Array(due)
    }

    /// A window can always send more.
    public var isExhausted: Bool { false }
}
