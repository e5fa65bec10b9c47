import Foundation
import Strata

extension FlattenState {
    /// A layer in the middle of a `CATransition`: its rendering from before
    /// the change (a frozen presentation tree) and its live rendering, each
    /// drawn in the layer's place shifted in the layer's own plane and faded as
    /// the transition's placement says, in order (the old on top for `reveal`).
    /// Each side's opacity is group opacity (a pass when its items overlap).
    mutating func visitTransition(
        _ layer: Int, _ transition: LayerSnapshotNode.Transition, superlayer: Int,
        parentToDevice: CATransform3D, parentIsFlat: Bool, clip: Int32, opacity: Double,
        into out: inout [DrawItem]
    ) {
        let placement = transition.frame.placement(
            size: nodes[layer].state.bounds.size,
            newCoversOld: covers(layer, transition.oldNode))
        func draw(
            _ part: Int, offset: CGSize, opacity partOpacity: Double, _ state: inout FlattenState,
            _ out: inout [DrawItem]
        ) {
            guard partOpacity > 0 else { return }
            state.transitionParts[part] = CATransform3DMakeTranslation(offset.width, offset.height, 0)
            defer { state.transitionParts[part] = nil }
            let start = out.count
            state.visit(
                part, superlayer: superlayer, parentToDevice: parentToDevice, parentIsFlat: parentIsFlat,
                clip: clip, opacity: opacity, into: &out)
            state.applyGroupOpacity(partOpacity, of: part, items: &out, from: start)
        }
        let start = out.count
        if transition.oldNode >= 0 {
            draw(Int(transition.oldNode), offset: placement.oldOffset, opacity: placement.oldOpacity, &self, &out)
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
    func covers(_ layer: Int, _ old: Int32) -> Bool {
        guard old >= 0 else { return false }
        let new = nodes[layer].state, old = nodes[Int(old)].state
        guard !new.isHidden, new.opacity >= 1, new.cornerRadius == 0,
            let background = new.backgroundColor, background.alpha >= 1
        else { return false }
        return new.bounds.encloses(old.bounds) && new.position == old.position
            && CATransform3DEqualToTransform(new.transform, old.transform) && new.anchorPoint == old.anchorPoint
    }
}
