import Foundation

/// The texture a draw binds for its contents or mask.
package enum BoundTexture: Hashable, Sendable, CustomStringConvertible {
    /// None (a white texel, so sampling is harmless).
    case none
    /// Contents texture `n` (an atlas page or a dedicated texture).
    case atlas(Int)
    /// The colour of offscreen pass number `pass`, in its target.
    case target(PassTarget, pass: Int)

    package var description: String {
        switch self {
        case .none: return "-"
        case .atlas(let n): return "atlas \(n)"
        case let .target(t, pass): return "\(t) (pass \(pass))"
        }
    }
}
