import Foundation
import Strata

extension FlattenState {
    /// Masks a layer's items with its `mask` layer's alpha: the items render to
    /// one offscreen pass, the mask (placed in the layer's own coordinates, not
    /// affected by its sublayerTransform) to another of the same device
    /// rectangle, and one composite multiplies them. Both passes cover only the
    /// masked area on screen. The layer's items are `items[start...]`.
    mutating func applyMask(_ mask: Int, of layer: Int, toDevice: CATransform3D, items: inout [DrawItem],
                            from start: Int) {
        guard start < items.count else { return }
        var maskItems: [DrawItem] = []
        // The mask's own opacity, hidden flag and subtree count, as a layer's alpha does.
        visit(mask, superlayer: -1, parentToDevice: toDevice, parentIsFlat: true, clip: -1, opacity: 1,
              into: &maskItems)
        let bounds = deviceBounds(of: items[start...]).intersection(deviceBounds(of: maskItems[...]))
        guard !maskItems.isEmpty, !bounds.isNull, !bounds.isEmpty else {
            items.removeSubrange(start...)
            return
        }
        list.passes.append(RenderPass(purpose: .maskedContent, bounds: bounds, items: Array(items[start...])))
        items.removeSubrange(start...)
        let content = list.passes.count - 1
        list.passes.append(RenderPass(purpose: .mask, bounds: bounds, items: maskItems))
        var composite = compositeItem(pass: content, bounds: bounds, opacity: 1, label: layerLabel(layer) + ".masked")
        composite.mask = .pass(list.passes.count - 1)
        items.append(composite)
    }
}
