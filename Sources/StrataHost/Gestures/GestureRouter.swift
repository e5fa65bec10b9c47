import Foundation
import Strata

/// Routes timestamped input to the gesture recognizers of a layer tree, as
/// UIKit's window does for views: a press goes to the recognizers on the
/// layer under the pointer (hit-tested through 3D transforms and
/// perspective, on what is shown: the presentation tree) and on its
/// ancestors; scrolling to those under the pointer; a gamepad's stick,
/// triggers and A button to those on the focused layer, which the d-pad
/// moves among `focusableLayers`.
///
/// Pure logic: feed it events with ``handle(_:at:)`` and let time pass with
/// ``advance(to:)`` once a frame (momentum, long presses, sticks held and
/// tap timeouts need it). Times are seconds on any one clock.
///
/// Recognizers on one input sequence are exclusive, as in UIKit: the first to
/// begin (or, for a tap, to be recognized) fails the others still possible.
public final class GestureRouter {
    /// The root of the tree; window points are its superlayer's coordinates.
    public let rootLayer: CALayer
    /// Scroll units and dead zones.
    public var settings = GestureSettings()
    /// The mouse pointer, in window points.
    public internal(set) var pointerLocation = CGPoint.zero
    /// The attached recognizers, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Layers the gamepad's d-pad moves the focus among.
    public var focusableLayers: [CALayer] = []
    /// The layer a gamepad's A button taps and its stick and triggers act on (nil: the root).
    public internal(set) var focusedLayer: CALayer?
    /// Called when the focus moves, with the newly focused layer.
    public var focusDidChange: ((CALayer?) -> Void)?

    var sequences: [InputSequence] = []
    /// Recognizers whose sequence is over but which are not done (a tap waiting for its next tap).
    var pending: [GestureRecognizer] = []
    /// Control keys held (a Control-scroll is a pinch).
    var controlKeys: Set<Int32> = []
    /// Each gamepad's last axis values (GLFW order; triggers rest at -1).
    var gamepadAxes: [Int: [Double]] = [:]

    /// A router for the tree rooted at `rootLayer`.
    public init(rootLayer: CALayer) {
        self.rootLayer = rootLayer
    }

    /// Attaches `recognizer` to `layer` (UIKit's `addGestureRecognizer`).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer, to layer: CALayer) {
        precondition(
            !gestureRecognizers.contains { $0 === recognizer },
            "GestureRouter: the recognizer is already attached (to \(recognizer.layer?.name ?? "a layer"))")
        recognizer.layer = layer
        gestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` (a gesture under way stops without further actions).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        pending.removeAll { $0 === recognizer }
        recognizer.layer = nil
        recognizer.reset()
    }

    /// The model layer shown at `point` (window points): the presentation
    /// tree is hit-tested, so an animated layer is found where it is drawn.
    public func hitTest(_ point: CGPoint) -> CALayer? {
        let shown = rootLayer.presentation() ?? rootLayer
        return shown.hitTest(point)?.model()
    }

    /// Moves the focus to `layer` (nil: none).
    public func focus(_ layer: CALayer?) {
        guard layer !== focusedLayer else { return }
        focusedLayer = layer
        focusDidChange?(layer)
    }

    /// Lets time pass to `time`: recognizers advance their momentum, sticks
    /// and triggers held, long-press and tap timers. Call once a frame, after
    /// the frame's events.
    public func advance(to time: Double) {
        for sequence in sequences { deliver(.frame, to: sequence, at: time) }
        for recognizer in pending where !recognizer.state.isFinal { recognizer.handle(.frame, at: time) }
        pending.removeAll { $0.state.isFinal }
        // Scrolling and pinching have no release of their own: they are over when their recognizers are.
        sequences.removeAll { sequence in
            (sequence.kind == .scroll || sequence.kind == .pinchScroll) && sequence.targets.allSatisfy(\.state.isFinal)
        }
    }

    // MARK: - Sequences

    /// Starts a sequence of `kind` on the recognizers of `layer` and its ancestors.
    func start(
        _ kind: InputSequenceKind, at point: CGPoint, on layer: CALayer?, source: GestureSource,
        gamepad: Int? = nil
    ) -> InputSequence {
        let busy = sequences.flatMap { $0.targets.filter { !$0.state.isFinal } }
        var targets: [GestureRecognizer] = []
        var node = layer
        while let n = node {
            for recognizer in gestureRecognizers
            where recognizer.layer === n && recognizer.isEnabled
                && recognizer.accepts(kind) && !busy.contains(where: { $0 === recognizer })
            {
                targets.append(recognizer)
            }
            node = n.superlayer
        }
        for target in targets {
            if target.state.isFinal { target.reset() }
            target.source = source
            target.windowLocation = point
        }
        pending.removeAll { recognizer in targets.contains { $0 === recognizer } }
        let sequence = InputSequence(kind: kind, source: source, gamepad: gamepad, targets: targets)
        sequences.append(sequence)
        return sequence
    }

    /// Ends `sequence`; its recognizers that are not done yet keep getting frames.
    func end(_ sequence: InputSequence) {
        sequences.removeAll { $0 === sequence }
        pending.append(contentsOf: sequence.targets.filter { !$0.state.isFinal })
    }

    /// Feeds `input` to the sequence's recognizers; the first to win fails the others.
    func deliver(_ input: GestureInput, to sequence: InputSequence, at time: Double) {
        for target in sequence.targets where !target.state.isFinal && target.isEnabled {
            let before = target.state
            target.handle(input, at: time)
            let won = before == .possible && (target.state == .began || target.state == .recognized)
            guard won else { continue }
            for other in sequence.targets where other !== target && other.state == .possible {
                other.transition(to: .failed)
            }
        }
    }

    /// The sequence of `kind` under way from `source` (and `gamepad`), if any.
    func sequence(_ kind: InputSequenceKind, source: GestureSource, gamepad: Int? = nil) -> InputSequence? {
        sequences.last { $0.kind == kind && $0.source == source && $0.gamepad == gamepad }
    }
}
