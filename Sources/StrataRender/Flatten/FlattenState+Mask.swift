import Foundation
import Strata

extension FlattenState {
    /// Masks a layer's items with its `mask` layer's alpha: the items render to
    /// one offscreen pass, the mask (placed in the layer's own coordinates, not
    /// affected by its sublayerTransform) to another of the same device
    /// rectangle, and one composite multiplies them. Both passes cover only the
    /// masked area on screen. The layer's items are `items[start...]`.
    mutating func applyMask(
        _ mask: Int, of layer: Int, toDevice: CATransform3D, items: inout [DrawItem],
        from start: Int
    ) {
        guard start < items.count else { return }
        var maskItems: [DrawItem] = []
        // The mask's own opacity, hidden flag and subtree count, as a layer's alpha does.
        visit(
            mask, superlayer: -1, parentToDevice: toDevice, parentIsFlat: true, clip: -1, opacity: 1,
            into: &maskItems)
        let bounds = deviceBounds(of: items[start...]).intersection(deviceBounds(of: maskItems[...]))
        guard !maskItems.isEmpty, !bounds.isNull, !bounds.isEmpty else {
            items.removeSubrange(start...)
            return
        }
        if let shape = clipEquivalent(of: maskItems) {
            clip(items: &items, from: start, to: shape, reaching: Self.wholePixels(deviceBounds(of: maskItems[...])))
            return
        }
        list.passes.append(RenderPass(purpose: .maskedContent, bounds: bounds, items: Array(items[start...])))
        items.removeSubrange(start...)
        let content = list.passes.count - 1
        list.passes.append(RenderPass(purpose: .mask, bounds: bounds, items: maskItems))
        var composite = compositeItem(pass: content, bounds: bounds, opacity: 1, label: itemLabel(layer).with(.masked))
        composite.mask = .pass(list.passes.count - 1)
        items.append(composite)
    }

    /// The clip that does what a mask of these items does: one opaque (rounded)
    /// rectangle or circle in any plane, with nothing else to it (a shape layer's
    /// closed-form path, or a plain layer with a background and corners). The
    /// masked items then draw where they are, their coverage cut per fragment,
    /// instead of into a pass of their own that a mask pass multiplies.
    func clipEquivalent(of maskItems: [DrawItem]) -> ClipShape? {
        guard maskItems.count == 1 else { return nil }
        let item = maskItems[0]
        guard item.kind == .layer, item.content == nil, item.mask == nil, item.borderWidth == 0,
            item.fill.a >= 1, item.opacity >= 1, item.tint == .white, item.blend == .normal, item.clip < 0,
            item.antialiasedEdges == 0b1111, let toLocal = item.mapping.inverted()
        else { return nil }
        return ClipShape(
            deviceToLocal: toLocal, rect: item.shape, radii: item.radii,
            continuousCorners: item.continuousCorners, parent: -1)
    }

    /// Cuts `items[start...]` by `shape`, whose device box is `reach`: inside whatever
    /// clips each already has (one copy of the shape per distinct enclosing clip).
    mutating func clip(items: inout [DrawItem], from start: Int, to shape: ClipShape, reaching reach: CGRect) {
        var copies: [Int32: Int32] = [:]
        for i in start..<items.count {
            let enclosing = items[i].clip
            if let copy = copies[enclosing] {
                items[i].clip = copy
                continue
            }
            var inside = shape
            inside.parent = enclosing
            list.clips.append(inside)
            let copy = Int32(list.clips.count - 1)
            // Only the drawing probe (tests comparing bounds) reads these.
            if context.recordsProbes { maskClipReach[copy] = reach }
            copies[enclosing] = copy
            items[i].clip = copy
        }
    }
}
