import Foundation

/// A counter-based random stream: the values of a particle come from a key
/// made of the emitter's seed, the epoch it was born in, its cell and its
/// birth index, so any particle's values can be made on their own, in any
/// order, on any machine (no process-seeded hashing, no shared state).
///
/// SplitMix64 (Steele, Lea and Flood): a Weyl sequence through a 64-bit finaliser.
struct ParticleRandom {
    private var state: UInt64

    init(key: UInt64) { state = key }

    /// SplitMix64's finaliser: a bijection that spreads every input bit over the output.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A key from two: order matters, and nearby inputs give unrelated keys.
    @inline(__always)
    static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        mix(a &* 0x9E37_79B9_7F4A_7C15 ^ mix(b &+ 0x632B_E59B_D9B4_E019))
    }

    /// The next 64 random bits.
    @inline(__always)
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A number in [0, 1).
    @inline(__always)
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A number uniformly in `[mean − range/2, mean + range/2]` (Core Animation's rule for ranged values).
    @inline(__always)
    mutating func around(_ mean: Double, _ range: Double) -> Double { mean + range * (unit() - 0.5) }
}
