/// Frames per second as a ratio of whole numbers (`30`, `30000/1001`), so frame
/// times are exact and containers get the rate they expect.
public struct FrameRate: Equatable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// The most frames per second accepted.
    public static let maximum = 1000

    /// `numerator / denominator` frames per second; both at least 1, at most ``maximum`` fps.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(numerator >= 1 && denominator >= 1, "FrameRate: \(numerator)/\(denominator) is not positive")
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Parses `30`, `30000/1001`, or a decimal such as `29.97` or `12.5`
    /// (see ``init(approximating:)``: `29.97` is NTSC's 30000/1001).
    public init(parsing text: String) throws(ExportError) {
        if text.contains(".") {
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text),
                let rate = FrameRate(approximating: value)
            else {
                throw .badFrameRate(text)
            }
            self = rate
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let n = Int(parts[0]), n >= 1, n <= 1_000_000,
            let d = parts.count == 2 ? Int(parts[1]) : 1, d >= 1, d <= 1_000_000,
            Double(n) / Double(d) <= Double(FrameRate.maximum)
        else {
            throw .badFrameRate(text)
        }
        self.init(n, d)
    }

    /// The rate `framesPerSecond` stands for: NTSC's `N×1000/1001` for a
    /// number within 0.005 of one (`29.97`, `23.976`, `59.94`, and the
    /// `29.9700012207031` a Lottie file's float `fr` holds), a whole rate for
    /// a whole number, else the nearest number of thousandths, as a reduced
    /// fraction (`12.5` is 25/2). Nil when it is not positive, finite and at
    /// most ``maximum``.
    public init?(approximating framesPerSecond: Double) {
        let fps = framesPerSecond
        guard fps.isFinite, fps > 0, fps <= Double(FrameRate.maximum) else { return nil }
        for base in [24, 30, 48, 60, 120, 240] where abs(fps - Double(base * 1000) / 1001) < 0.005 {
            self.init(base * 1000, 1001)
            return
        }
        let thousandths = Int((fps * 1000).rounded())
        guard thousandths >= 1 else { return nil }
        var (a, b) = (thousandths, 1000)
        while b != 0 { (a, b) = (b, a % b) }
        self.init(thousandths / a, 1000 / a)
    }

    /// Frames per second.
    public var perSecond: Double { Double(numerator) / Double(denominator) }

    /// Scene time of frame `k`: `k × denominator / numerator` seconds. For a whole
    /// rate this is `Double(k) / Double(fps)`, the number `--time k/fps` reads as.
    public func time(ofFrame k: Int) -> Double {
        Double(k * denominator) / Double(numerator)
    }

    /// The number of frames that start before `seconds`: frames 0 up to, not including, it.
    public func frames(before seconds: Double) -> Int {
        // A hair of slack, so 2 s at 30 fps is 60 frames, not 61 from rounding.
        let count = (seconds * perSecond - 1e-9).rounded(.up)
        // Clamped, not trapped: callers check the count against their own limit.
        guard count > 0 else { return 0 }
        return count < 1e15 ? Int(count) : Int(1e15)
    }

    /// `30`, or `30000/1001`: what ``init(parsing:)`` reads.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
