import Foundation
import Strata

extension FlattenState {
    /// Applies a layer's group opacity to the items of its subtree (`items[start...]`):
    /// folded into each item when no two overlap (the same picture, no pass),
    /// otherwise by rendering them offscreen and compositing the pass with the opacity.
    mutating func applyGroupOpacity(_ opacity: Double, of layer: Int, items: inout [DrawItem], from start: Int) {
        guard opacity < 1, start < items.count else { return }
        let k = Float(opacity)
        let alone = items.count - start == 1 && !items[start].drawsSeveral
        if alone || !nodes[layer].state.allowsGroupOpacity || !anyOverlap(items[start...]) {
            for i in start..<items.count { items[i].opacity *= k }
            return
        }
        let bounds = deviceBounds(of: items[start...])
        if bounds.isEmpty {
            items.removeSubrange(start...)
            return
        }
        list.passes.append(RenderPass(purpose: .groupOpacity, bounds: bounds, items: Array(items[start...])))
        items.removeSubrange(start...)
        items.append(
            compositeItem(
                pass: list.passes.count - 1, bounds: bounds, opacity: k,
                label: itemLabel(layer).with(.group)))
    }

    /// Combines a layer's items (`items[start...]`) with what is beneath them by
    /// `blend` (its `compositingFilter`): the subtree is composited as one
    /// first (an offscreen pass), unless it is a single item (but bulk particles,
    /// which only their own program draws, and it reads no backdrop).
    mutating func applyBlend(_ blend: BlendMode, of layer: Int, items: inout [DrawItem], from start: Int) {
        guard start < items.count else { return }
        if items.count - start == 1 && items[start].blend == .normal && !items[start].drawsSeveral
            && !(blend.readsBackdrop && items[start].kind == .particles)
        {
            items[start].blend = blend
            return
        }
        let bounds = deviceBounds(of: items[start...])
        if bounds.isEmpty {
            items.removeSubrange(start...)
            return
        }
        list.passes.append(RenderPass(purpose: .groupOpacity, bounds: bounds, items: Array(items[start...])))
        items.removeSubrange(start...)
        var composite = compositeItem(
            pass: list.passes.count - 1, bounds: bounds, opacity: 1,
            label: itemLabel(layer).with(.blend))
        composite.blend = blend
        items.append(composite)
    }

    /// An item that draws pass `pass` (covering `bounds` in device pixels) back at its place.
    func compositeItem(pass: Int, bounds: CGRect, opacity: Float, label: ItemLabel) -> DrawItem {
        DrawItem(
            kind: .composite, label: label, mapping: .identity, quad: bounds, shape: bounds,
            content: .texture(.pass(pass), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: bounds),
            opacity: opacity, antialiasedEdges: 0)
    }

    /// Whether any two items' device-space boxes overlap by more than a
    /// hairline; a batch of particles is taken to overlap itself.
    func anyOverlap(_ items: ArraySlice<DrawItem>) -> Bool {
        if items.contains(where: \.drawsSeveral) { return true }
        let boxes = items.map { deviceBox(of: $0, useShape: true) }.enumerated().sorted {
            $0.element.minX < $1.element.minX
        }
        // Sweep by x: only boxes whose x ranges meet are compared.
        var active: [CGRect] = []
        for (_, box) in boxes {
            active.removeAll { $0.maxX <= box.minX + 0.01 }
            for other in active {
                let i = other.intersection(box)
                if !i.isNull, i.width > 0.01, i.height > 0.01 { return true }
            }
            active.append(box)
        }
        return false
    }

    /// The device pixels the items can touch, integral and within the target.
    func deviceBounds(of items: ArraySlice<DrawItem>) -> CGRect {
        var r = CGRect.null
        for item in items { r = r.union(deviceBox(of: item, useShape: false)) }
        return integral(r)
    }

    /// `r` within the target, grown to whole pixels (`.zero` when nothing is left).
    func integral(_ r: CGRect) -> CGRect {
        var r = r
        let screen = CGRect(origin: .zero, size: target.size)
        r = r.intersection(screen)
        if r.isNull || r.isEmpty { return .zero }
        let x0 = floor(r.minX), y0 = floor(r.minY), x1 = ceil(r.maxX), y1 = ceil(r.maxY)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The device-space bounding box of an item's quad (or shape); the whole
    /// target when part of it is behind the eye.
    func deviceBox(of item: DrawItem, useShape: Bool) -> CGRect {
        var r = useShape ? item.shape : item.quad
        // Contents drawn outside the shape (a shape layer's path past its zero-size bounds) count too.
        if useShape, case .texture(_, _, let rect)? = item.content, !item.clipsContentToShape, !rect.isNull {
            r = r.isEmpty ? rect : r.union(rect)
        }
        return deviceBox(of: r, mapping: item.mapping)
    }

    /// The device-space bounding box of local rect `r` seen through `mapping`;
    /// the whole target when part of it is behind the eye.
    func deviceBox(of r: CGRect, mapping: PlaneMapping) -> CGRect {
        mapping.deviceBox(of: r, orElse: CGRect(origin: .zero, size: target.size))
    }
}
