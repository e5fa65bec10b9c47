import Foundation

/// The texture a batch binds: nothing, an atlas page, or an offscreen pass.
package enum BatchTexture: Hashable, Sendable {
    case none
    case page(Int)
    case pass(Int)
}
