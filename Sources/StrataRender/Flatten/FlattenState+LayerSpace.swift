import Foundation
import Strata

extension FlattenState {
    /// The most pixels along either side of a layer-space pass.
    static let maximumLayerPassSide = 4096.0

    /// Renders what `draw` emits for a layer into a pass in the layer's own
    /// plane: local point `p` lands at pass pixel `(p − extent.origin) × scale`.
    /// `bounds` measures the drawing first (its box at scale 1 from the
    /// origin, see `FlattenState+Bounds.swift`), so nothing is drawn twice.
    /// Returns the pass index and the local rect its pixels cover, or nil when
    /// nothing draws.
    mutating func layerSpacePass(
        purpose: RenderPass.Purpose, scale requested: Double, margin: Double,
        blurSigmaLocal: Double, bounds: (inout FlattenState) -> CGRect,
        draw: (inout FlattenState, CATransform3D, PlaneMapping, inout [DrawItem]) -> Void
    )
        -> (pass: Int, extent: CGRect)?
    {
        let box = measuredBox(bounds)
        if context.recordsProbes { probes.append(probe(box, draw: draw)) }
        guard let (extent, scale, w, h) = Self.layerSpaceExtent(of: box, scale: requested, margin: margin)
        else { return nil }
        // The clips the drawing makes are part of what the pass shows (its key).
        let firstClip = list.clips.count
        let toPass = CATransform3DMakeTranslation(-extent.minX, -extent.minY, 0)
            .concatenating(CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1))
        var items: [DrawItem] = []
        // The pass is the target while its items are made; what else they make
        // (clips, ramps, nested passes, counts) is the frame's.
        let enclosing = target
        target = FlattenTarget(size: CGSize(width: w, height: h), cullsOutside: enclosing.cullsOutside)
        draw(&self, toPass, PlaneMapping(toPass), &items)
        target = enclosing
        SharedEdges.process(&items)
        var hasher = Hasher()
        hasher.combine(items)
        hasher.combine(w)
        hasher.combine(h)
        hasher.combine(blurSigmaLocal * scale)
        for clip in list.clips[firstClip...] { hasher.combine(clip) }
        list.passes.append(
            RenderPass(
                purpose: purpose, bounds: CGRect(x: 0, y: 0, width: w, height: h), items: items,
                blurSigma: blurSigmaLocal * scale, cacheKey: hasher.finalize()))
        return (list.passes.count - 1, extent)
    }

    /// The box `bounds` measures (in the layer's plane at scale 1, `.null`:
    /// nothing), made in a copy of this state whose target has no edge.
    /// Measuring counts layers as drawing does (replicator instances stop at
    /// the same place); the copy's counts are dropped with it, as the drawing
    /// counts the same layers again.
    func measuredBox(_ bounds: (inout FlattenState) -> CGRect) -> CGRect {
        var measuring = self
        measuring.target = .unbounded
        return bounds(&measuring)
    }

    /// The drawing of a layer-space pass whose bounds functions measured
    /// `box`, made once more at scale 1 in the layer's plane, in a copy of
    /// this state (dropped afterwards, with its clips, passes, ramps, labels
    /// and counts) whose target has no edge and culls nothing: what tests
    /// check the bounds functions against (`LayerSpaceProbe`).
    func probe(_ box: CGRect, draw: (inout FlattenState, CATransform3D, PlaneMapping, inout [DrawItem]) -> Void)
        -> LayerSpaceProbe
    {
        var probing = self
        probing.target = .unbounded
        // The caches are objects the copy would share: the probe neither asks nor tells them.
        probing.appearances = AppearanceStore(cache: nil, memo: nil)
        var items: [DrawItem] = []
        draw(&probing, CATransform3DIdentity, .identity, &items)
        return LayerSpaceProbe(
            bounds: box, items: items, clips: probing.list.clips, maskClipReach: probing.maskClipReach,
            targetSize: probing.target.size)
    }

    /// `shouldRasterize`: the layer's drawing rendered once at
    /// `rasterizationScale` pixels per point of its own plane, then drawn as
    /// one textured quad. The pass is keyed by its content, so an unchanged
    /// subtree reuses last frame's pixels.
    mutating func rasterize(_ layer: Int, mapping: PlaneMapping, clip: Int32, into items: inout [DrawItem]) {
        let scale = max(0.01, Double(nodes[layer].state.rasterizationScale))
        guard
            let made = layerSpacePass(
                purpose: .rasterize, scale: scale, margin: 1, blurSigmaLocal: 0,
                bounds: {
                    state in state.drawLayerBounds(layer, toDevice: CATransform3DIdentity, mapping: .identity)
                },
                draw: { state, toPass, passMapping, out in
                    state.drawLayer(layer, toDevice: toPass, mapping: passMapping, clip: -1, into: &out)
                })
        else { return }
        var item = compositeItem(
            pass: made.pass, bounds: made.extent, opacity: 1, label: itemLabel(layer).with(.raster))
        item.mapping = mapping
        item.clip = clip
        item.antialiasedEdges = 0b1111
        items.append(item)
    }

    /// A shadow whose silhouette is the layer's composited alpha (contents,
    /// sublayers…): the drawing rendered in the layer's plane, blurred with
    /// σ = shadowRadius, and drawn tinted, offset, through the layer's mapping.
    /// Passes are sized so σ is at most 4 pass pixels (large blurs run on a
    /// smaller texture) and cached by content.
    mutating func blurredShadowItem(_ layer: Int, mapping: PlaneMapping, clip: Int32, label: ItemLabel) -> DrawItem? {
        guard let (tint, sigma, scale, path) = blurredShadowLayout(layer, mapping: mapping) else { return nil }
        guard
            let made = layerSpacePass(
                purpose: .shadowSilhouette, scale: scale, margin: 3 * sigma + 1,
                blurSigmaLocal: sigma,
                bounds: { state in state.silhouetteBounds(layer, path: path) },
                draw: { state, toPass, passMapping, out in
                    if let path {
                        if let item = Self.pathSilhouette(path, mapping: passMapping, label: label) { out.append(item) }
                    } else {
                        state.drawLayer(
                            layer, toDevice: toPass, mapping: passMapping, clip: -1, withShadow: false, into: &out)
                    }
                })
        else { return nil }
        let offset = nodes[layer].state.shadowOffset
        let rect = made.extent.offsetBy(dx: offset.width, dy: offset.height)
        var item = compositeItem(pass: made.pass, bounds: rect, opacity: 1, label: label.with(.shadow))
        item.mapping = mapping
        item.clip = clip
        item.fill = tint
        item.antialiasedEdges = 0b1111
        return item
    }

    /// How `layer`'s blurred shadow is drawn: its tint, its blur (σ, in the
    /// layer's units), the pixels per unit of its pass and its `shadowPath`
    /// (nil: the layer's own drawing is the silhouette); nil when it draws nothing.
    func blurredShadowLayout(_ layer: Int, mapping: PlaneMapping)
        -> (tint: PremultipliedColor, sigma: Double, scale: Double, path: CGPath?)?
    {
        guard let color = nodes[layer].state.shadowColor else { return nil }
        let tint = PremultipliedColor(color, opacity: Double(nodes[layer].state.shadowOpacity))
        if tint.isClear { return nil }
        let sigma = max(0, Double(nodes[layer].state.shadowRadius))
        let ppu = mapping.pixelsPerUnit(
            at: Double(nodes[layer].state.bounds.midX), Double(nodes[layer].state.bounds.midY))
        let scale = min(max(ppu, 0.05), sigma > 4 ? 4 / sigma : 4)
        return (tint, sigma, scale, nodes[layer].state.shadowPath)
    }
}

extension FlattenState {
    /// A `shadowPath` filled (non-zero) as a bitmap item, drawn at the mapping's density.
    static func pathSilhouette(_ path: CGPath, mapping: PlaneMapping, label: ItemLabel) -> DrawItem? {
        guard let (drawn, scale, w, h) = pathSilhouetteLayout(path, mapping: mapping) else { return nil }
        let transform = CGAffineTransform(translationX: -drawn.minX, y: -drawn.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(scale), y: CGFloat(scale)))
        let mask = PathRasterizer.fill(path: path, rule: .winding, transform: transform, width: w, height: h)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for (i, c) in mask.bytes.enumerated() where c != 0 {
            pixels[i * 4] = c; pixels[i * 4 + 1] = c; pixels[i * 4 + 2] = c; pixels[i * 4 + 3] = c
        }
        let image = RasterImage(key: "silhouette:\(path.svgPathData)|\(scale)", width: w, height: h, pixels: pixels)
        return DrawItem(
            label: label.with(.silhouette), mapping: mapping, quad: drawn, shape: drawn,
            content: .texture(.raster(image), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: drawn))
    }

    /// The device box of the item `pathSilhouette` makes, without filling the path.
    static func pathSilhouetteRect(_ path: CGPath, mapping: PlaneMapping) -> CGRect? {
        pathSilhouetteLayout(path, mapping: mapping)?.drawn
    }

    /// Where `pathSilhouette` draws (the path's box and a pixel, in whole
    /// bitmap pixels), at how many pixels per unit, and the bitmap's size.
    private static func pathSilhouetteLayout(_ path: CGPath, mapping: PlaneMapping)
        -> (drawn: CGRect, scale: Double, width: Int, height: Int)?
    {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return nil }
        let rect = box.insetBy(dx: -1, dy: -1)
        let ppu = max(0.01, mapping.pixelsPerUnit(at: Double(rect.midX), Double(rect.midY)))
        let scale = min(ppu, maximumLayerPassSide / Double(max(rect.width, rect.height)))
        let w = max(1, Int((Double(rect.width) * scale).rounded(.up)))
        let h = max(1, Int((Double(rect.height) * scale).rounded(.up)))
        let drawn = CGRect(
            x: rect.minX, y: rect.minY, width: CGFloat(Double(w) / scale), height: CGFloat(Double(h) / scale))
        return (drawn, scale, w, h)
    }
}
