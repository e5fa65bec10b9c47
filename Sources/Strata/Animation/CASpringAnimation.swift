import Foundation

/// A basic animation whose progress follows a damped spring instead of a
/// timing curve: `x'' = −(stiffness/mass)(x − 1) − (damping/mass) x'`, from
/// x = 0 with speed `initialVelocity` (in units of the whole change per second).
///
/// The spring runs in seconds of the animation's time, whatever its
/// `duration`; set `duration = settlingDuration` to let it come to rest.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (> 0, default 1).
    open var mass: CGFloat = 1
    /// The spring constant (> 0, default 100).
    open var stiffness: CGFloat = 100
    /// The friction (≥ 0, default 10).
    open var damping: CGFloat = 10
    /// The starting speed towards the target, in whole changes per second (default 0).
    open var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 is kept (else it is treated as critical damping, as CA does by default).
    open var allowsOverdamping = false

    /// A new spring with Core Animation's defaults.
    public required init() { super.init() }

    /// A spring that takes about `perceptualDuration` seconds and bounces by
    /// `bounce` (0: none, up to 1; negative: overdamped), as iOS 17's springs.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = max(perceptualDuration, 1e-6)
        mass = 1
        stiffness = CGFloat(pow(2 * Double.pi / d, 2))
        if bounce >= 0 {
            damping = CGFloat(4 * Double.pi * (1 - Double(bounce)) / d)
        } else {
            damping = CGFloat(4 * Double.pi / (d * (1 + Double(bounce))))
            allowsOverdamping = true
        }
    }

    /// The period the spring would have without damping: 2π √(mass / stiffness).
    open var perceptualDuration: CFTimeInterval {
        2 * Double.pi * (Double(mass) / Double(max(stiffness, 1e-12))).squareRoot()
    }

    /// The bounce the parameters make: 1 − damping ratio (or 1/ratio − 1 when overdamped).
    open var bounce: CGFloat {
        let zeta = SpringModel(self).zeta
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    /// An estimate of how long the spring takes to come to rest: the time
    /// after which it stays within 0.1% of the change from its target.
    open var settlingDuration: CFTimeInterval { SpringModel(self).settlingDuration() }

    override func copyAnimationProperties(from o: CAAnimation) {
        super.copyAnimationProperties(from: o)
        guard let o = o as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping
        initialVelocity = o.initialVelocity; allowsOverdamping = o.allowsOverdamping
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": return NSNumber(value: Double(mass))
        case "stiffness": return NSNumber(value: Double(stiffness))
        case "damping": return NSNumber(value: Double(damping))
        case "initialVelocity": return NSNumber(value: Double(initialVelocity))
        case "allowsOverdamping": return NSNumber(value: allowsOverdamping)
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "mass": mass = CGFloat(AnimValue.double(from: value) ?? 1)
        case "stiffness": stiffness = CGFloat(AnimValue.double(from: value) ?? 100)
        case "damping": damping = CGFloat(AnimValue.double(from: value) ?? 10)
        case "initialVelocity": initialVelocity = CGFloat(AnimValue.double(from: value) ?? 0)
        case "allowsOverdamping": allowsOverdamping = AnimValue.bool(from: value) ?? false
        default: super.setValue(value, forKey: key)
        }
    }

    override func makeEvaluator(for layer: CALayer) -> AnimationEvaluator {
        let (target, kind, function) = resolveTarget(for: layer)
        return BasicEvaluator(
            animation: self, target: target, valueKind: kind, function: function, layer: layer,
            spring: SpringModel(self))
    }
}

/// The closed-form damped harmonic oscillator behind `CASpringAnimation`:
/// progress 0 → 1 over time in seconds.
struct SpringModel {
    /// Natural angular frequency √(k/m).
    let omega: Double
    /// Damping ratio c / (2√(km)), clamped to 1 unless overdamping is allowed.
    let zeta: Double
    /// Initial velocity towards the target, in whole changes per second.
    let v0: Double

    init(_ s: CASpringAnimation) {
        let m = max(Double(s.mass), 1e-9), k = max(Double(s.stiffness), 1e-9), c = max(Double(s.damping), 0)
        omega = (k / m).squareRoot()
        let ratio = c / (2 * (k * m).squareRoot())
        zeta = s.allowsOverdamping ? ratio : min(ratio, 1)
        v0 = Double(s.initialVelocity)
    }

    /// Progress at `t` seconds (0 at t = 0, tending to 1).
    func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        // Displacement from the target x(t) with x(0) = −1, x'(0) = v0.
        let x: Double
        if abs(zeta - 1) < 1e-9 {
            x = (-1 + (v0 - omega) * t) * exp(-omega * t)
        } else if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let a = -1.0, b = (v0 - zeta * omega) / wd
            x = exp(-zeta * omega * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = omega * (-zeta + root), r2 = omega * (-zeta - root)
            // x = c1 e^{r1 t} + c2 e^{r2 t}, c1 + c2 = −1, r1 c1 + r2 c2 = v0.
            let c2 = (v0 + r1) / (r2 - r1)
            let c1 = -1 - c2
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + x
    }

    /// The time after which |progress − 1| stays below 0.001, found by
    /// stepping back from where the motion's envelope is surely below it.
    func settlingDuration() -> Double {
        let threshold = 1e-3
        // The slowest decay rate of the motion; past the horizon its envelope
        // (with a generous amplitude, and room for the t·e^{−ωt} of critical
        // damping) is surely below the threshold.
        let rate = zeta < 1 ? zeta * omega : omega * (zeta - (max(zeta * zeta - 1, 0)).squareRoot())
        guard rate > 0 else { return .infinity }
        let amplitude = 2 + abs(v0) / max(omega, 1e-9) + 1 / max((1 - min(zeta * zeta, 0.99)).squareRoot(), 1e-3)
        let horizon = min((log(amplitude / threshold) + 4) / rate, 3600)
        let step = max(horizon / 20_000, 1e-4)
        var t = horizon
        while t > 0 {
            if abs(progress(at: t) - 1) >= threshold { return t + step }
            t -= step
        }
        return 0
    }
}
