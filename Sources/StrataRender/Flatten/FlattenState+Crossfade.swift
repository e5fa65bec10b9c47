import Foundation
import Strata

extension FlattenState {
    /// During an implicit `contents` change (a presentation layer with
    /// `contentsCrossfade`), the old contents at `1 − progress` and the new at
    /// `progress`, each laid out by the layer's gravity; nil otherwise.
    func crossfadeItems(
        _ layer: Int, new: (fill: DrawItem.Content, rect: CGRect)?,
        mapping: PlaneMapping, label: ItemLabel
    ) -> [DrawItem]? {
        guard nodes[layer].state.contents != nil, let fade = LayerState.contentsCrossfade(nodes[layer].state.contents)
        else { return nil }
        let progress = Float(min(max(fade.progress, 0), 1))
        var items: [DrawItem] = []
        // With both images opaque, the old one drawn whole and the new one at
        // `progress` over it is exactly the cross-fade (old·(1 − p) + new·p).
        // With transparency the old one fades out too (close, not exact).
        let newImage: CGImage? = if case .texture(.image(let i), _, _)? = new?.fill { i } else { nil }
        let bothOpaque =
            (fade.from as? CGImage).map(Self.isOpaque) == true && newImage.map(Self.isOpaque) == true
            && nodes[layer].state.contentsGravity == .resize
        if let old = fade.from as? CGImage, old.width > 0, old.height > 0 {
            let layout = contentsLayout(of: old, layer: layer)
            items.append(
                contentItem(
                    .texture(.image(old), uv: layout.uv, rect: layout.rect), rect: layout.rect,
                    opacity: bothOpaque ? 1 : 1 - progress, mapping: mapping,
                    label: label.with(.oldContents)))
        }
        if let new {
            items.append(
                contentItem(
                    new.fill, rect: new.rect, opacity: progress, mapping: mapping,
                    label: label.with(.contents)))
        }
        return items
    }

    /// Whether every pixel of `image` is opaque (checked only while a fade runs).
    static func isOpaque(_ image: CGImage) -> Bool {
        var i = 3
        let p = image.pixels
        while i < p.count {
            if p[i] != 255 { return false }
            i += 4
        }
        return true
    }

    func contentItem(
        _ content: DrawItem.Content, rect: CGRect, opacity: Float, mapping: PlaneMapping,
        label: ItemLabel
    ) -> DrawItem {
        let m = antialiasingMargin(mapping, rect)
        return DrawItem(
            label: label, mapping: mapping, quad: rect.insetBy(dx: -m, dy: -m), shape: rect,
            content: content, opacity: opacity)
    }
}
