import Foundation
import Strata

extension FlattenState {
    /// A layer in the middle of a `CATransition`: its rendering from before
    /// the change (a frozen presentation tree) and its live rendering, each
    /// drawn in the layer's place shifted in the layer's own plane and faded as
    /// the transition's placement says, in order (the old on top for `reveal`).
    /// Each side's opacity is group opacity (a pass when its items overlap).
    mutating func visitTransition(_ layer: CALayer, _ transition: TransitionFrame, superlayer: CALayer?,
                                  parentToDevice: CATransform3D, parentIsFlat: Bool, clip: Int32, opacity: Double,
                                  into out: inout [DrawItem]) {
        let placement = transition.placement(size: layer._state.bounds.size,
                                             newCoversOld: Self.covers(layer, transition.old))
        func draw(_ part: CALayer, offset: CGSize, opacity partOpacity: Double, _ state: inout FlattenState,
                  _ out: inout [DrawItem]) {
            guard partOpacity > 0 else { return }
            let id = ObjectIdentifier(part)
            state.transitionParts[id] = CATransform3DMakeTranslation(offset.width, offset.height, 0)
            defer { state.transitionParts[id] = nil }
            let start = out.count
            state.visit(part, superlayer: superlayer, parentToDevice: parentToDevice, parentIsFlat: parentIsFlat,
                        clip: clip, opacity: opacity, into: &out)
            state.applyGroupOpacity(partOpacity, of: part, items: &out, from: start)
        }
        let start = out.count
        if let old = transition.old {
            draw(old, offset: placement.oldOffset, opacity: placement.oldOpacity, &self, &out)
        }
        let middle = out.count
        draw(layer, offset: placement.newOffset, opacity: placement.newOpacity, &self, &out)
        if placement.oldOnTop && start < middle && middle < out.count {
            // Drawn old first (the order passes and clips are made in), shown new first.
            let old = Array(out[start..<middle])
            out.removeSubrange(start..<middle)
            out.append(contentsOf: old)
        }
    }

    /// Whether `layer` is opaque over all of `old`: a visible, fully opaque
    /// layer whose square-cornered background covers the old bounds.
    static func covers(_ layer: CALayer, _ old: CALayer?) -> Bool {
        guard let old, !layer._state.isHidden, layer._state.opacity >= 1, layer._state.cornerRadius == 0,
              let background = layer._state.backgroundColor, background.alpha >= 1 else { return false }
        return layer._state.bounds.contains(old._state.bounds) && layer._state.position == old._state.position
            && CATransform3DEqualToTransform(layer._state.transform, old._state.transform) && layer._state.anchorPoint == old._state.anchorPoint
    }
}
