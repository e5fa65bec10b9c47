import Foundation
import Strata

extension RenderList {
    /// Folds the screen's first items into the colour it is cleared to while each
    /// is a plain fill that covers every pixel of the target: a window's or a
    /// Lottie composition's background layer. Clearing costs next to nothing; the
    /// same fill drawn as a quad is shaded at every pixel of the screen.
    mutating func foldCoveringFillsIntoBackground() {
        guard let screen = passes.indices.last, passes[screen].purpose == .screen else { return }
        let target = CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var folded = 0
        for item in passes[screen].items {
            guard let color = item.coveringFill(of: target) else { break }
            background = PremultipliedColor(
                r: color.r + background.r * (1 - color.a), g: color.g + background.g * (1 - color.a),
                b: color.b + background.b * (1 - color.a), a: color.a + background.a * (1 - color.a))
            folded += 1
        }
        if folded > 0 { passes[screen].items.removeFirst(folded) }
    }
}

extension DrawItem {
    /// The premultiplied colour this item paints at every pixel of `target`
    /// when it is a plain fill (no contents, border, clip, mask, tint or blend)
    /// whose square shape, seen without rotation or perspective, covers all of
    /// `target`'s pixels; otherwise nil.
    func coveringFill(of target: CGRect) -> PremultipliedColor? {
        guard kind == .layer, content == nil, borderWidth == 0, mask == nil, clip < 0, blend == .normal,
            tint == .white, radii.isZero, !fill.isClear, opacity > 0,
            mapping.m12 == 0, mapping.m21 == 0, mapping.m13 == 0, mapping.m23 == 0, mapping.m33 > 0
        else { return nil }
        func onDevice(_ r: CGRect) -> CGRect {
            let x0 = mapping.m11 * Double(r.minX) + mapping.m31, x1 = mapping.m11 * Double(r.maxX) + mapping.m31
            let y0 = mapping.m22 * Double(r.minY) + mapping.m32, y1 = mapping.m22 * Double(r.maxY) + mapping.m32
            return CGRect(
                x: min(x0, x1) / mapping.m33, y: min(y0, y1) / mapping.m33,
                width: abs(x1 - x0) / mapping.m33, height: abs(y1 - y0) / mapping.m33)
        }
        // A pixel whose centre is half a pixel inside an edge is wholly covered: an edge on the
        // target's border leaves no pixel partly covered.
        guard onDevice(shape).contains(target), onDevice(quad).contains(target) else {
            return nil
        }
        return fill.scaled(by: opacity)
    }
}
