import Foundation
import Strata

extension RenderList {
    /// Folds each pass's first items into the colour it is cleared to while each
    /// is a plain fill that covers every pixel of the pass: a window's or a Lottie
    /// composition's background layer, and the opaque layer an inverted matte is
    /// cut out of. Clearing costs next to nothing; the same fill drawn as a quad is
    /// shaded at every pixel of the pass. The appearance atlas, whose pixels are
    /// kept by its items' hash, is left as it is.
    mutating func foldCoveringFillsIntoBackground() {
        for p in passes.indices where passes[p].purpose != .appearance && passes[p].cacheKey == nil {
            let isScreen = p == passes.count - 1
            let target = isScreen ? CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) : passes[p].bounds
            var color = isScreen ? background : passes[p].background
            var folded = 0
            for item in passes[p].items {
                guard let top = item.coveringFill(of: target) else { break }
                color = PremultipliedColor(
                    r: top.r + color.r * (1 - top.a), g: top.g + color.g * (1 - top.a),
                    b: top.b + color.b * (1 - top.a), a: top.a + color.a * (1 - top.a))
                folded += 1
            }
            guard folded > 0 else { continue }
            passes[p].items.removeFirst(folded)
            if isScreen { background = color } else { passes[p].background = color }
        }
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
        guard onDevice(shape).encloses(target), onDevice(quad).encloses(target) else {
            return nil
        }
        return fill.scaled(by: opacity)
    }
}
