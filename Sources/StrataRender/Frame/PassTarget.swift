import Foundation

/// Where a pass draws, and what later draws sample when they read a pass.
package enum PassTarget: Hashable, Sendable, CustomStringConvertible {
    /// The frame's own target (the window's frame or the offscreen image).
    case screen
    /// Pooled offscreen target number `n`: passes whose lifetimes do not
    /// overlap share one, within the frame and from frame to frame.
    case pooled(Int)
    /// The target a cacheable pass owns while its content (the key) holds.
    case cached(Int)

    package var description: String {
        switch self {
        case .screen: return "screen"
        case .pooled(let n): return "pool \(n)"
        case .cached(let key): return "cached \(String(UInt(bitPattern: key), radix: 16).prefix(8))"
        }
    }
}
