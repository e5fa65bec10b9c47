import Foundation
import Strata

/// Turns input into a gesture on the layer it is attached to, as UIKit's
/// `UIGestureRecognizer` does for views.
///
/// Attach recognizers with ``GestureRouter/addGestureRecognizer(_:to:)``; the
/// router hit-tests input (through 3D transforms) and feeds each recognizer
/// on the layer under the pointer or the gamepad's focus, and on its
/// ancestors. Actions run when the state becomes began, changed, ended or
/// cancelled, with the recognizer as argument:
///
/// ```swift
/// let pan = PanGestureRecognizer { pan in
///     let t = pan.translation(in: nil)
///     if pan.state == .ended { … pan.velocity(in: nil) … }
/// }
/// router.addGestureRecognizer(pan, to: card)
/// ```
///
/// Recognizers are pure logic over timestamped input: they need no window
/// (see `GestureRouter.handle(_:at:)` and `advance(to:)`).
public class GestureRecognizer {
    /// Where the recognizer is in its gesture.
    public internal(set) var state: GestureRecognizerState = .possible
    /// A disabled recognizer gets no input (one mid-gesture is cancelled).
    public var isEnabled = true {
        didSet { if !isEnabled && state.isActive { transition(to: .cancelled) } }
    }
    /// The layer the recognizer is attached to (UIKit's `view`).
    public internal(set) weak var layer: CALayer?
    /// A name for debugging.
    public var name: String?
    /// The device of the current (or last) gesture.
    public internal(set) var source: GestureSource = .mouse
    /// Seconds (input time) of the last input that changed the gesture.
    public internal(set) var timestamp: Double = 0

    /// The gesture's location in window points (origin top-left, y down).
    var windowLocation = CGPoint.zero
    private var actions: [(GestureRecognizer) -> Void] = []

    init() {}

    /// Adds a closure run at every action (began, changed, ended, cancelled).
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// The gesture's location in `layer`'s coordinates (nil: window points).
    ///
    /// Converted through the layer's model geometry, 3D transforms and
    /// perspective included, as UIKit's `location(in:)` uses the view's.
    public func location(in layer: CALayer?) -> CGPoint {
        guard let layer else { return windowLocation }
        return layer.convert(windowLocation, from: nil)
    }

    // MARK: - For subclasses and the router

    /// Whether this kind of recognizer takes part in sequences of `kind`.
    func accepts(_ kind: InputSequenceKind) -> Bool { false }

    /// Updates the gesture with `input`, which happened at `time`.
    func handle(_ input: GestureInput, at time: Double) {}

    /// Clears the subclass's per-gesture state (the state is already possible).
    func resetGesture() {}

    /// Back to `possible`, ready for a new input sequence.
    final func reset() {
        state = .possible
        resetGesture()
    }

    /// Moves to `newState` and runs the actions when UIKit would.
    final func transition(to newState: GestureRecognizerState) {
        state = newState
        switch newState {
        case .began, .changed, .ended, .cancelled:
            for action in actions { action(self) }
        case .possible, .failed:
            break
        }
    }
}
