/// Where a trackpad gesture the X server recognized (XInput 2.4) is.
public enum TrackpadGesturePhase: String, Equatable, Sendable {
    /// The fingers started the gesture.
    case began
    /// They moved.
    case changed
    /// They came up.
    case ended
    /// The server took the gesture back (another client grabbed it, or the device went away).
    case cancelled
}
