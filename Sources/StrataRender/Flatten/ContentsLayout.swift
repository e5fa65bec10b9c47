import Foundation
import Strata

/// Where a layer's `contents` image lands in its bounds, per `contentsGravity`,
/// `contentsRect` and `contentsScale`.
package struct ContentsLayout: Hashable, Sendable {
    /// The local rectangle the selected part of the image covers.
    package var rect: CGRect
    /// The selected part of the image in unit coordinates (y down: 0 is the top row).
    package var uv: CGRect

    /// Lays out an image of `pixelSize` in `bounds`.
    ///
    /// The vertical gravities follow Core Animation on iOS, where a layer's
    /// geometry is not flipped: `top` keeps the image's minY edge at the layer's
    /// maxY edge (`bottom` at minY) unless `geometryFlipped` is set, because the
    /// gravity names were defined for macOS's y-up layers.
    package init(
        bounds: CGRect, pixelSize: CGSize, contentsRect: CGRect, gravity: CALayerContentsGravity,
        contentsScale: CGFloat, geometryFlipped: Bool = false
    ) {
        uv = contentsRect
        let scale = contentsScale > 0 ? contentsScale : 1
        let natural = CGSize(
            width: pixelSize.width * contentsRect.width / scale,
            height: pixelSize.height * contentsRect.height / scale)
        let b = bounds
        switch gravity {
        case .resize:
            rect = b
        case .resizeAspect, .resizeAspectFill:
            guard natural.width > 0, natural.height > 0 else { rect = b; return }
            let sx = b.width / natural.width, sy = b.height / natural.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let size = CGSize(width: natural.width * s, height: natural.height * s)
            rect = CGRect(
                x: b.midX - size.width / 2, y: b.midY - size.height / 2,
                width: size.width, height: size.height)
        default:
            let name = gravity.rawValue.lowercased()
            var x = b.midX - natural.width / 2
            if name.hasSuffix("left") { x = b.minX }
            if name.hasSuffix("right") { x = b.maxX - natural.width }
            // Names say where the image goes in y-up terms; iOS layers are y-down.
            let atMaxY = name.hasPrefix("top") != geometryFlipped
            let atMinY = name.hasPrefix("bottom") != geometryFlipped
            var y = b.midY - natural.height / 2
            if name.hasPrefix("top") || name.hasPrefix("bottom") {
                if atMaxY { y = b.maxY - natural.height }
                if atMinY { y = b.minY }
            }
            rect = CGRect(x: x, y: y, width: natural.width, height: natural.height)
        }
    }
}
