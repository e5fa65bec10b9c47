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
