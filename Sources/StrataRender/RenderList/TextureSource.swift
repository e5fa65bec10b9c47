import Foundation
import Strata

/// Where a draw item's texels come from.
package enum TextureSource: Hashable, @unchecked Sendable {
    /// A layer's `contents` image (packed into an atlas page by the backend).
    case image(CGImage)
    /// The colour output of an offscreen pass of the same render list.
    case pass(Int)
    /// A bitmap made on the CPU (shape layer paths, text), keyed by what made it.
    case raster(RasterImage)

    package static func == (a: TextureSource, b: TextureSource) -> Bool {
        switch (a, b) {
        case let (.image(x), .image(y)): return x === y
        case let (.pass(x), .pass(y)): return x == y
        case let (.raster(x), .raster(y)): return x == y
        default: return false
        }
    }

    package func hash(into h: inout Hasher) {
        switch self {
        case .image(let i): h.combine(0); h.combine(ObjectIdentifier(i))
        case .pass(let p): h.combine(1); h.combine(p)
        case .raster(let r): h.combine(2); h.combine(r)
        }
    }
}
