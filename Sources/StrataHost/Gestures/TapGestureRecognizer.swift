import Foundation

/// One or more quick clicks in one place, as UIKit's `UITapGestureRecognizer`:
/// recognized (state `ended`) when the button comes up for the
/// `numberOfTapsRequired`th time. A gamepad's A button taps at the focused
/// layer.
///
/// It fails when the pointer moves more than `allowableMovement` points while
/// down, when the next tap comes later than `maximumTapInterval` seconds or
/// farther than `maximumTapSpread` points from the first, or when another
/// recognizer (a pan, a long press) takes the input first.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps that make the gesture (1: a tap, 2: a double tap).
    public var numberOfTapsRequired = 1
    /// Points the pointer may move while down.
    public var allowableMovement = 10.0
    /// Seconds allowed from one tap's release to the next tap's press.
    public var maximumTapInterval = 0.35
    /// Points the later taps may land from the first.
    public var maximumTapSpread = 45.0

    private var taps = 0
    private var isDown = false
    private var firstPoint = CGPoint.zero
    private var downPoint = CGPoint.zero
    private var lastUpTime = 0.0

    /// A tap recognizer that runs `action` when the taps are recognized.
    public init(numberOfTapsRequired: Int = 1, action: ((TapGestureRecognizer) -> Void)? = nil) {
        precondition(numberOfTapsRequired >= 1, "TapGestureRecognizer: numberOfTapsRequired must be at least 1")
        self.numberOfTapsRequired = numberOfTapsRequired
        super.init()
        if let action { addAction { action(unsafeDowncast($0, to: TapGestureRecognizer.self)) } }
    }

    override func accepts(_ kind: InputSequenceKind) -> Bool { kind == .touch }

    override func resetGesture() {
        taps = 0
        isDown = false
    }

    override func handle(_ input: GestureInput, at time: Double) {
        guard state == .possible else { return }
        switch input {
        case .touchDown(let p):
            if taps > 0, time - lastUpTime > maximumTapInterval || distance(p, firstPoint) > maximumTapSpread {
                return transition(to: .failed)
            }
            if taps == 0 { firstPoint = p }
            isDown = true
            downPoint = p
            windowLocation = p
            timestamp = time
        case .touchMoved(let p):
            if isDown, distance(p, downPoint) > allowableMovement { transition(to: .failed) }
        case .touchUp(let p):
            guard isDown else { return }
            isDown = false
            if distance(p, downPoint) > allowableMovement { return transition(to: .failed) }
            taps += 1
            lastUpTime = time
            timestamp = time
            if taps >= numberOfTapsRequired { transition(to: .recognized) }
        case .frame:
            if taps > 0, !isDown, time - lastUpTime > maximumTapInterval { transition(to: .failed) }
        case .cancel:
            transition(to: .failed)
        case .scroll, .pinchStep, .pinchTo, .pinchRelease, .stick, .triggers:
            break
        }
    }
}

/// The distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    hypot(a.x - b.x, a.y - b.y)
}
