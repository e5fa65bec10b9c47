import Foundation
import Strata
import StrataHost

/// Confetti bursts, as an iOS app fires them: each burst is a new
/// `CAEmitterLayer` whose time starts now (`beginTime = CACurrentMediaTime()`),
/// emitting strips and dots in six colours upwards for a moment, then
/// stopped (`birthRate = 0`) and removed once its last piece has fallen.
/// Tap or click to burst from there; space bursts from the bottom; with no
/// input a burst goes off every few seconds.
public final class ConfettiDemo: Demo {
    public static let name = "confetti"
    public static let summary =
        "Confetti bursts (CAEmitterLayer): click or tap to fire one from there, space from the bottom; "
        + "one goes off every 2.5 s."

    public let rootLayer = CALayer()
    public let background = CGColor(red: 0x1b / 255.0, green: 0x1f / 255.0, blue: 0x2e / 255.0, alpha: 1)
    /// The bursts still on screen, oldest first.
    public private(set) var bursts: [CAEmitterLayer] = []
    /// How many bursts have gone off.
    public private(set) var burstCount = 0

    /// Seconds a burst emits for.
    static let emitting = 0.2
    /// Seconds between bursts nobody asked for.
    static let interval = 2.5
    /// The longest a piece lives (lifetime + half its range).
    static let longestLife = 4.5

    private var starts: [ObjectIdentifier: Double] = [:]
    private var lastBurst = -Double.infinity
    private let strip = ConfettiDemo.image(width: 16, height: 8) { _, _ in 1 }
    private let dot = ConfettiDemo.image(width: 12, height: 12) { x, y in
        max(0, min(1, 5.5 - ((x - 6) * (x - 6) + (y - 6) * (y - 6)).squareRoot()))
    }
    static let colors: [(CGFloat, CGFloat, CGFloat)] = [
        (0.94, 0.28, 0.44), (1.00, 0.82, 0.40), (0.02, 0.84, 0.63),
        (0.07, 0.54, 0.70), (0.97, 0.55, 0.42), (0.78, 0.49, 1.00),
    ]

    public init(size: CGSize) {
        rootLayer.name = "confetti"
        layout(in: size, contentScale: 1)
    }

    public func layout(in size: CGSize, contentScale: CGFloat) {
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
    }

    public func attach(to router: GestureRouter) {
        router.addGestureRecognizer(
            TapGestureRecognizer { [unowned self] tap in
                burst(at: tap.location(in: rootLayer))
            }, to: rootLayer)
    }

    public func keyPressed(_ key: Key) -> Bool {
        guard key == .space else { return false }
        burstFromBottom()
        return true
    }

    public func update(at time: Double) {
        if time - lastBurst >= Self.interval { burstFromBottom() }
        for emitter in bursts {
            guard let start = starts[ObjectIdentifier(emitter)] else { continue }
            if emitter.birthRate > 0 && time - start >= Self.emitting {
                // Stopped at once: no implicit fade of the birth rate.
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                emitter.birthRate = 0
                CATransaction.commit()
            }
            if time - start > Self.emitting + Self.longestLife {
                emitter.removeFromSuperlayer()
                starts[ObjectIdentifier(emitter)] = nil
            }
        }
        bursts.removeAll { $0.superlayer == nil }
    }

    func burstFromBottom() {
        let b = rootLayer.bounds
        burst(at: CGPoint(x: b.midX, y: b.maxY - 10))
    }

    /// Fires a burst upwards from `point`.
    public func burst(at point: CGPoint) {
        let emitter = CAEmitterLayer()
        emitter.frame = rootLayer.bounds
        emitter.emitterPosition = point
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 60, height: 0)
        emitter.seed = UInt32(burstCount)
        // Reach about two thirds of the way up the window, whatever its size.
        let height = max(120, rootLayer.bounds.height)
        emitter.emitterCells = Self.colors.enumerated().map { i, c in
            let cell = CAEmitterCell()
            cell.name = "confetti\(i)"
            cell.contents = i % 2 == 0 ? strip : dot
            cell.color = CGColor(red: c.0, green: c.1, blue: c.2, alpha: 1)
            cell.birthRate = 50
            cell.lifetime = 3.5
            cell.lifetimeRange = 2
            cell.velocity = height * 1.1
            cell.velocityRange = height * 0.4
            cell.emissionLongitude = -.pi / 2
            cell.emissionRange = .pi / 2.5
            cell.yAcceleration = height * 0.9
            cell.spin = 4
            cell.spinRange = 9
            cell.scale = 0.9
            cell.scaleRange = 0.5
            cell.alphaSpeed = -0.2
            return cell
        }
        let start = CACurrentMediaTime()
        emitter.beginTime = start
        rootLayer.addSublayer(emitter)
        bursts.append(emitter)
        starts[ObjectIdentifier(emitter)] = start
        lastBurst = start
        burstCount += 1
    }

    /// A white image whose alpha is `alpha(x, y)` at each pixel's centre.
    static func image(width: Int, height: Int, alpha: (Double, Double) -> Double) -> CGImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels[(y * width + x) * 4 + 3] = UInt8((alpha(Double(x) + 0.5, Double(y) + 0.5) * 255).rounded())
            }
        }
        return CGImage(width: width, height: height, pixels: pixels, label: "confetti")
    }
}
