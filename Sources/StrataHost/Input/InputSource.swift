/// Where a frame loop gets its input: a window, a recording, or a script.
///
/// Injecting one is how tests drive gestures without a window (a simulated
/// gamepad or trackpad pinch, see ``InputScript``) and how a recording is
/// replayed headless.
public protocol InputSource: AnyObject {
    /// The events that happened up to `time` (inclusive) and were not returned
    /// before, in order.
    func events(through time: Double) -> [TimedInputEvent]
    /// Whether no event will come any more (a script or recording played out).
    var isExhausted: Bool { get }
}

/// Plays a fixed list of events (a recording, or an ``InputScript``).
public final class ScriptedInputSource: InputSource {
    /// The events, in time order.
    public let events: [TimedInputEvent]
    private var next = 0

    /// Plays `events` (sorted by time here; events at one time keep their order).
    public init(_ events: [TimedInputEvent]) {
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    public func events(through time: Double) -> [TimedInputEvent] {
        let start = next
        while next < events.count, events[next].time <= time { next += 1 }
        return Array(events[start..<next])
    }

    public var isExhausted: Bool { next >= events.count }

    /// The time of the last event (0 when there is none).
    public var duration: Double { events.last?.time ?? 0 }
}
