import Foundation
import Strata

extension LottieBuilder {
    /// A layer's masks as one `mask` layer, combined as lottie-ios does: an
    /// added mask is another sublayer (alpha over alpha: their union), an
    /// intersected or subtracted one masks everything before it (a nested
    /// `mask`), and a subtracted or inverted one lets through what is outside
    /// its outline.
    mutating func buildMasks(_ masks: [LottieMask], map: LottieTimeMap, path: String) throws(LottieError) -> CALayer {
        var container = try make(CALayer(), name: "masks", at: path)
        var first = true
        for (i, mask) in masks.enumerated() where mask.mode != .none {
            let maskPath = "\(path).masksProperties[\(i)]"
            var mode = mask.mode
            if mode == .lighten || mode == .darken || mode == .difference { mode = .add }
            // What this mask lets through: its shape (or, inverted, what is outside it) at its opacity.
            let coverage = try maskCoverage(
                mask, inverted: mask.inverted != (mode == .subtract), map: map, path: maskPath)
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

    /// One mask's coverage: the outline (moved out or in by its expansion, with round
    /// corners, as ThorVG expands masks) filled, at the mask's opacity; inverted
    /// (1 − opacity × outline), the outline xor-ed out of an opaque layer that
    /// covers everything, as lottie-ios inverts mattes.
    mutating func maskCoverage(
        _ mask: LottieMask, inverted: Bool, map: LottieTimeMap,
        path: String
    ) throws(LottieError) -> CALayer {
        var node = LottiePathNode.bezier(LottiePath(source: mask.source, shape: mask.shape, direction: .clockwise))
        if mask.expansion.isAnimated || mask.expansion.value != 0 {
            node = .offset(
                node,
                LottieOffsetPath(
                    source: mask.source, amount: mask.expansion, lineJoin: 2,
                    miterLimit: LottieProperty(4)))
        }
        let shape = try make(CAShapeLayer(), name: mask.source.name, at: path)
        shape.fillColor = .black
        bindPath([node], on: shape, keyPath: "path", map: map)
        factory.bindOpacity(mask.opacity, map: map, on: shape)
        guard inverted else { return shape }
        return try inverting(shape, at: path)
    }

    /// A layer whose alpha is 1 − `layer`'s alpha: `layer` xor-ed out of an opaque layer covering everything.
    mutating func inverting(_ layer: CALayer, at path: String) throws(LottieError) -> CALayer {
        let holder = try make(CALayer(), name: "inverted", at: path)
        let everything = try make(CALayer(), name: "everything", at: path)
        everything.bounds = CGRect(x: 0, y: 0, width: 2 * Self.everywhere, height: 2 * Self.everywhere)
        everything.position = CGPoint(x: -Self.everywhere, y: -Self.everywhere)
        everything.backgroundColor = .black
        holder.addSublayer(everything)
        layer.compositingFilter = "xor"
        holder.addSublayer(layer)
        return holder
    }

    /// Half the side of the layer that stands for everything (an inverted mask's outside).
    static let everywhere = 1e5
}

extension LottieBuilder {
    /// Makes `holder` (a matte layer's tree, about to be some layer's `mask`) mask as `mode` asks.
    mutating func applyMatteMode(_ mode: LottieLayer.MatteMode, to holder: CALayer, at path: String) throws(LottieError)
    {
        switch mode {
        case .alpha:
            break
        case .luma:
            // Colours were made white with their luminance as alpha while the matte was built.
            warn(.matte("luma", at: path))
        case .alphaInverted, .lumaInverted:
            if mode == .lumaInverted { warn(.matte("inverted luma", at: path)) }
            // The matte xor-ed out of an opaque layer covering everything.
            let content = holder.sublayers ?? []
            let matte = try make(CALayer(), name: "matte", at: path)
            for layer in content { matte.addSublayer(layer) }
            holder.addSublayer(try inverting(matte, at: path))
        }
    }
}
