import Foundation
import Strata

extension LottieBuilder {
    /// A layer's masks as one `mask` layer, combined as lottie-ios does: an
    /// added mask is another sublayer (alpha over alpha: their union), an
    /// intersected or subtracted one masks everything before it (a nested
    /// `mask`), a subtracted or inverted one is its outline inside a large
    /// rectangle, filled even-odd.
    mutating func buildMasks(_ masks: [LottieMask], map: LottieTimeMap, path: String) throws(LottieError) -> CALayer {
        var container = try make(CALayer(), name: "masks", at: path)
        var first = true
        for (i, mask) in masks.enumerated() where mask.mode != .none {
            let maskPath = "\(path).masksProperties[\(i)]"
            var mode = mask.mode
            if mode == .lighten || mode == .darken || mode == .difference { mode = .add }
            // What this mask lets through: its shape (or, inverted, what is outside it) at its opacity.
            let coverage = try maskCoverage(mask, inverted: mask.inverted != (mode == .subtract), map: map, path: maskPath)
            if mode == .add || first {
                container.addSublayer(coverage)
            } else {
                // Intersect and subtract: everything so far, masked by this one.
                container.mask = coverage
                let outer = try make(CALayer(), name: "masks", at: maskPath)
                outer.addSublayer(container)
                container = outer
            }
            first = false
        }
        return container
    }

    /// One mask's coverage: the outline (or the outside of it), filled, at the mask's opacity.
    ///
    /// An inverted coverage at opacity o must be 1 − o × outline: the outside
    /// (an even-odd rectangle around the outline) fully opaque, united with
    /// the outline itself at 1 − o.
    mutating func maskCoverage(_ mask: LottieMask, inverted: Bool, map: LottieTimeMap,
                               path: String) throws(LottieError) -> CALayer {
        let node = LottiePathNode.bezier(LottiePath(source: mask.source, shape: mask.shape, direction: .clockwise))
        let shape = try make(CAShapeLayer(), name: mask.source.name, at: path)
        shape.fillColor = .black
        guard inverted else {
            bindPath([node], on: shape, keyPath: "path", map: map)
            factory.bind("opacity", mask.opacity, map: map, on: shape,
                         setModel: { shape.opacity = Float(min(max($0 / 100, 0), 1)) },
                         convert: { NSNumber(value: Float(min(max($0 / 100, 0), 1))) })
            return shape
        }
        let holder = try make(CALayer(), name: mask.source.name, at: path)
        let outside = try make(CAShapeLayer(), at: path)
        outside.fillColor = .black
        outside.fillRule = .evenOdd
        bindPath([.framed(node, margin: max(composition.width, composition.height))], on: outside, keyPath: "path", map: map)
        holder.addSublayer(outside)
        // The outline at 1 − opacity (nothing when the mask is opaque throughout).
        if mask.opacity.isAnimated || mask.opacity.value < 100 {
            bindPath([node], on: shape, keyPath: "path", map: map)
            factory.bind("opacity", mask.opacity, map: map, on: shape,
                         setModel: { shape.opacity = Float(min(max(1 - $0 / 100, 0), 1)) },
                         convert: { NSNumber(value: Float(min(max(1 - $0 / 100, 0), 1))) })
            holder.addSublayer(shape)
        }
        return holder
    }
}

extension LottieBuilder {
    /// Makes `holder` (a matte layer's tree, about to be some layer's `mask`) mask as `mode` asks.
    mutating func applyMatteMode(_ mode: LottieLayer.MatteMode, to holder: CALayer, at path: String) throws(LottieError) {
        switch mode {
        case .alpha:
            break
        case .luma:
            // Colours were made white with their luminance as alpha while the matte was built.
            warn(.matte("luma", at: path))
        case .alphaInverted, .lumaInverted:
            warn(.matte(mode == .alphaInverted ? "inverted alpha" : "inverted luma", at: path))
            holder.isHidden = true
        }
    }
}
