/// Where a gesture recognizer is in its life, as UIKit's `UIGestureRecognizer.State`.
///
/// Continuous gestures (pan, pinch, long press) go possible → began →
/// changed… → ended (or cancelled); discrete ones (tap) go possible → ended
/// (`recognized`) or → failed. A recognizer in a final state goes back to
/// `possible` when its next input sequence starts.
public enum GestureRecognizerState: Equatable, Sendable {
    /// Watching input; nothing recognized yet (the state at rest).
    case possible
    /// A continuous gesture was recognized; its first action.
    case began
    /// A continuous gesture moved on.
    case changed
    /// The gesture finished (for a tap: was recognized).
    case ended
    /// The gesture was interrupted (a gamepad unplugged mid-gesture).
    case cancelled
    /// The input was not this gesture (or another recognizer took it).
    case failed

    /// A discrete gesture's success: the same as `ended`, as in UIKit.
    public static let recognized = GestureRecognizerState.ended

    /// Whether the recognizer is done with its input sequence.
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    /// Whether a continuous gesture is under way (began or changed).
    public var isActive: Bool { self == .began || self == .changed }
}
