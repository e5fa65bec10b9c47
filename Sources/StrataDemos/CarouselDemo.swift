import Foundation
import Strata
import StrataHost

/// The seed carousel, interactive: gradient cards with shadows round a ring
/// in a `CATransformLayer` under perspective. A pan spins the ring with the
/// finger; on release it coasts (as far as `UIScrollView`'s deceleration
/// would carry it) and snaps to the nearest card with an ease-out
/// `transform` animation through the `rotateY` value function. Tapping a card (hit-tested through the
/// 3D ring) turns it to the front.
public final class CarouselDemo: Demo {
    public static let name = "carousel"
    public static let summary =
        "Drag, two-finger scroll or the left stick spins the ring; it coasts and snaps to a card. Tap a card to bring it round; ← → turn by one."

    public let rootLayer = CALayer()
    public let background = CGColor(red: 0.06, green: 0.08, blue: 0.09, alpha: 1)
    /// The ring: its transform is the spin.
    public let ring = CATransformLayer()
    /// The cards, in ring order.
    public private(set) var planes: [CAGradientLayer] = []
    /// The ring's angle at rest, or where it is heading (radians, not wrapped).
    public private(set) var angle: CGFloat = 0
    /// Spins that are over: came to rest, or were replaced by the next (their completion blocks ran).
    public private(set) var turnsCompleted = 0

    /// The ring's radius: the cards' width (250 points in an 800-point window).
    private(set) var radius: CGFloat = 250
    var step: CGFloat { 2 * .pi / CGFloat(planes.count) }
    private var panStartAngle: CGFloat = 0

    public convenience init(size: CGSize) {
        self.init(size: size, count: 5)
    }

    /// A carousel of `count` cards.
    public init(size: CGSize, count: Int) {
        rootLayer.name = "carousel"
        rootLayer.sublayerTransform = perspective(1000)
        ring.name = "ring"
        rootLayer.addSublayer(ring)
        for i in 0..<count {
            let plane = CAGradientLayer()
            plane.name = "card\(i)"
            plane.cornerRadius = 10
            plane.borderWidth = 4
            plane.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.3)
            let hue = CGFloat(i) / CGFloat(count)
            plane.colors = [
                CGColor(red: 0.5, green: 0, blue: 0.5 + hue / 2, alpha: 1),
                CGColor(red: 1, green: hue * 0.6, blue: 0, alpha: 1),
            ]
            plane.shadowOpacity = 1
            plane.shadowRadius = 20
            ring.addSublayer(plane)
            planes.append(plane)
        }
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        ring.frame = rootLayer.bounds
        radius = min(size.width * 0.3125, size.height * 0.6)
        for (i, plane) in planes.enumerated() {
            plane.bounds = CGRect(x: 0, y: 0, width: radius, height: radius * 0.6)
            plane.shadowPath = CGPath(roundedRect: plane.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
            plane.position = CGPoint(x: size.width / 2, y: size.height / 2 - radius * 0.08)
            // Out to the rim, then round to its place on the ring.
            plane.transform = CATransform3DTranslate(
                CATransform3DMakeRotation(CGFloat(i) * step, 0, 1, 0), 0, 0, radius)
        }
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(PanGestureRecognizer { [unowned self] in panned($0) }, to: rootLayer)
        for (i, plane) in planes.enumerated() {
            router.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in bringToFront(i) }, to: plane)
        }
        router.focusableLayers = planes
    }

    public func keyPressed(_ key: Key) -> Bool {
        switch key {
        case .left: turn(by: -1)
        case .right: turn(by: 1)
        default: return false
        }
        return true
    }

    /// The card facing the viewer when the ring is at rest.
    public var frontCard: Int {
        let n = planes.count
        return ((-Int((angle / step).rounded())) % n + n) % n
    }

    /// The angle the ring shows now (mid-animation too), unwrapped near `angle`.
    public var shownAngle: CGFloat {
        guard let t = ring.presentation()?.transform else { return angle }
        let shown = atan2(t.m31, t.m11)
        return shown + 2 * .pi * ((angle - shown) / (2 * .pi)).rounded()
    }

    func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // Catch the ring where it is drawn, stopping a spin under way.
            panStartAngle = shownAngle
            ring.removeAnimation(forKey: "spin")
            setRing(panStartAngle + pan.translation(in: nil).x / radius)
        case .changed:
            setRing(panStartAngle + pan.translation(in: nil).x / radius)
        case .ended, .cancelled:
            // Where UIScrollView's deceleration (0.998 per ms) would carry it, then the nearest card,
            // at most two cards on (so the spin stays under half a turn).
            let velocity = pan.velocity(in: nil).x / radius
            let projected = angle + velocity * 0.998 / (1 - 0.998) / 1000
            let target = clamp(
                (projected / step).rounded() * step,
                (angle / step).rounded() * step - 2 * step...(angle / step).rounded() * step + 2 * step)
            spin(to: target, speed: abs(velocity))
        default:
            break
        }
    }

    /// Turns by `steps` cards from the card nearest the front.
    public func turn(by steps: Int) {
        spin(to: ((angle / step).rounded() + CGFloat(steps)) * step, speed: 0)
    }

    /// Turns card `index` to the front, the short way round.
    func bringToFront(_ index: Int) {
        let target = -CGFloat(index) * step
        spin(to: target + 2 * .pi * ((angle - target) / (2 * .pi)).rounded(), speed: 0)
    }

    private func setRing(_ newAngle: CGFloat) {
        angle = newAngle
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.transform = CATransform3DMakeRotation(newAngle, 0, 1, 0)
        CATransaction.commit()
    }

    /// Animates the ring from where it is shown to `target`, easing out; a
    /// fling's `speed` (radians per second) sets the duration so the spin
    /// starts at the finger's speed.
    private func spin(to target: CGFloat, speed: CGFloat) {
        let from = shownAngle
        let distance = abs(target - from)
        // Ease-out (0, 0, 0.58, 1) starts at 1/0.58 of the mean speed.
        let duration = speed > 0.1 ? clamp(Double(distance / speed / 0.58), 0.3...1.2) : 0.5
        setRing(target)
        // Angles through a value function, not matrices: the spin can pass half a turn,
        // and the in-between transforms are rotations about y only.
        let animation = CABasicAnimation(keyPath: "transform")
        animation.valueFunction = CAValueFunction(name: .rotateY)
        animation.fromValue = NSNumber(value: Double(from))
        animation.toValue = NSNumber(value: Double(target))
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in self?.turnsCompleted += 1 }
        ring.add(animation, forKey: "spin")
        CATransaction.commit()
    }
}
