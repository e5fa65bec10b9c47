import Foundation

/// Where a bitmap keeps alpha, and whether its colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Hashable, Sendable {
    /// No alpha (opaque).
    case none = 0
    /// Premultiplied alpha after the colour components (RGBA).
    case premultipliedLast = 1
    /// Premultiplied alpha before the colour components (ARGB).
    case premultipliedFirst = 2
    /// Straight alpha after the colours (not a bitmap context format).
    case last = 3
    /// Straight alpha before the colours (not a bitmap context format).
    case first = 4
    /// An unused byte after the colours (RGBX).
    case noneSkipLast = 5
    /// An unused byte before the colours (XRGB).
    case noneSkipFirst = 6
    /// Alpha only, no colour.
    case alphaOnly = 7
}
