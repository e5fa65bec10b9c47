import Foundation
import Synchronization

/// Up to ``capacity`` consecutive births of one cell in one epoch, packed
/// for the GPU (``ParticleBirth``, times from the batch's base), with the
/// box of their values, so that a batch bounds them without visiting each.
struct BirthChunk {
    /// Births per chunk: large enough that a batch is a few draws, small
    /// enough that the one growing is cheap to copy each frame.
    static let capacity = 4096

    private static let serial = Atomic<UInt64>(0)

    /// A name no other chunk of the process has.
    static func nextID() -> UInt64 { serial.add(1, ordering: .relaxed).newValue }

    let id: UInt64
    var births: [ParticleBirth] = []
    var extent = BirthExtent()

    // Not reserved to its capacity: most emitters' chunks stay small, and
    // the one growing is copied each frame its births are drawn anyway.
    init() { id = Self.nextID() }

    var isFull: Bool { births.count >= Self.capacity }

    mutating func append(_ birth: ParticleBirth) {
        births.append(birth)
        extent.add(birth)
    }
}

/// The box of some births' values at birth (those that live; a birth that
/// never does has lifetime −1 and is left out).
struct BirthExtent: Equatable {
    var lowX = Float.infinity, lowY = Float.infinity
    var highX = -Float.infinity, highY = -Float.infinity
    var lowVX = Float.infinity, lowVY = Float.infinity
    var highVX = -Float.infinity, highVY = -Float.infinity
    var lowScale = Float.infinity, highScale = -Float.infinity
    var highAlpha = -Float.infinity
    var longestLife: Float = 0
    /// Some birth's position or velocity along z is not 0.
    var leavesPlane = false

    var isEmpty: Bool { !(lowX <= highX) }

    mutating func add(_ b: ParticleBirth) {
        guard b.lifetime >= 0 else { return }
        lowX = min(lowX, b.x); highX = max(highX, b.x)
        lowY = min(lowY, b.y); highY = max(highY, b.y)
        lowVX = min(lowVX, b.vx); highVX = max(highVX, b.vx)
        lowVY = min(lowVY, b.vy); highVY = max(highVY, b.vy)
        lowScale = min(lowScale, b.scale); highScale = max(highScale, b.scale)
        highAlpha = max(highAlpha, b.alpha)
        longestLife = max(longestLife, b.lifetime)
        if b.z != 0 || b.vz != 0 { leavesPlane = true }
    }

    /// The box (layer space) that particles born within these values stay
    /// in at `ages` under `acceleration`, grown by `margin` and by a
    /// millionth for the births' Float rounding.
    func box(ages: ClosedRange<Double>, acceleration: (x: Double, y: Double), margin: Double)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double)
    {
        let a = ages
        let x0 = Double(lowX) + Self.extreme(Double(lowVX), acceleration.x, over: a, lowest: true)
        let x1 = Double(highX) + Self.extreme(Double(highVX), acceleration.x, over: a, lowest: false)
        let y0 = Double(lowY) + Self.extreme(Double(lowVY), acceleration.y, over: a, lowest: true)
        let y1 = Double(highY) + Self.extreme(Double(highVY), acceleration.y, over: a, lowest: false)
        let slack = 1e-6 * max(abs(x0), abs(x1), abs(y0), abs(y1))
        return (x0 - margin - slack, y0 - margin - slack, x1 + margin + slack, y1 + margin + slack)
    }

    /// The least (or most) of `v·a + ½·acc·a²` over ages `a` in `ages`.
    static func extreme(_ v: Double, _ acc: Double, over ages: ClosedRange<Double>, lowest: Bool) -> Double {
        func at(_ a: Double) -> Double { v * a + 0.5 * acc * a * a }
        let young = ages.lowerBound, old = ages.upperBound
        var low = min(at(young), at(old)), high = max(at(young), at(old))
        // Where the motion along the axis turns back.
        if acc != 0, case let turn = -v / acc, turn > young && turn < old {
            low = min(low, at(turn))
            high = max(high, at(turn))
        }
        return lowest ? low : high
    }

    mutating func formUnion(_ o: BirthExtent) {
        lowX = min(lowX, o.lowX); highX = max(highX, o.highX)
        lowY = min(lowY, o.lowY); highY = max(highY, o.highY)
        lowVX = min(lowVX, o.lowVX); highVX = max(highVX, o.highVX)
        lowVY = min(lowVY, o.lowVY); highVY = max(highVY, o.highVY)
        lowScale = min(lowScale, o.lowScale); highScale = max(highScale, o.highScale)
        highAlpha = max(highAlpha, o.highAlpha)
        longestLife = max(longestLife, o.longestLife)
        leavesPlane = leavesPlane || o.leavesPlane
    }
}
