import Foundation

/// An offscreen target a backend makes or lets go before the frame's passes.
package enum TargetChange: Hashable, Sendable, CustomStringConvertible {
    /// Make `target`, `width × height` pixels (its contents undefined).
    case make(PassTarget, width: Int, height: Int)
    /// `target` is not used again.
    case release(PassTarget)

    package var description: String {
        switch self {
        case let .make(target, width, height): return "make \(target) \(width)×\(height)"
        case let .release(target): return "release \(target)"
        }
    }
}
