/// An input event and when it happened (seconds on the clock of whoever stamped it).
public struct TimedInputEvent: Equatable, Sendable {
    /// Seconds.
    public var time: Double
    /// What happened.
    public var event: InputEvent

    /// An event at `time`.
    public init(time: Double, event: InputEvent) {
        self.time = time
        self.event = event
    }
}
