import Foundation
import Strata

extension FlattenState {
    /// What a layer draws over its background: its gradient, CPU-made bitmap
    /// or contents image (`drawn` is what its class draws: `layer.drawnContent`),
    /// and the rect it fills.
    ///
    /// `measuring` (the bounds functions) asks only where: no ramp or bitmap
    /// is made, and a gradient's or a bitmap's fill is a stand-in (only an
    /// image's matters there: it decides cells and cross-fades).
    mutating func contentFill(of layer: Int, _ drawn: LayerContent, mapping: PlaneMapping, measuring: Bool = false)
        -> (fill: DrawItem.Content, rect: CGRect)?
    {
        let bounds = nodes[layer].state.bounds
        let standIn = DrawItem.Content.gradient(ramp: 0, type: .axial, start: .zero, end: .zero)
        switch drawn {
        case .gradient(let gradient):
            let colors = gradient.colors
            guard !colors.isEmpty else { return nil }
            if measuring { return (standIn, bounds) }
            // One ramp per distinct set of colours and locations, made once a frame.
            let key = GradientKey(colors: colors, locations: gradient.locations)
            let index: Int
            if let existing = gradientIndex[key] {
                index = existing
            } else {
                list.gradients.append(GradientRamp(colors: key.colors, locations: key.locations))
                index = list.gradients.count - 1
                gradientIndex[key] = index
            }
            func local(_ p: CGPoint) -> CGPoint {
                CGPoint(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height)
            }
            let type = GradientKind(gradient)
            return (
                .gradient(
                    ramp: index, type: type, start: local(gradient.startPoint), end: local(gradient.endPoint),
                    focus: type == .radial ? gradient.radialFocus : .zero), bounds
            )
        case .shape, .text:
            if let rasterizer = context.rasterizer {
                let ppu = mapping.pixelsPerUnit(at: Double(bounds.midX), Double(bounds.midY))
                let density = ppu > 0 ? ppu : 1
                let phase = mapping.pixelPhase
                let source = RasterSource(
                    content: drawn, bounds: bounds, pixelsPerPointAlongAxes: axisDensities(mapping, bounds),
                    pixelPhase: phase, visibleRect: measuring || phase == nil ? nil : visibleRect(mapping))
                if measuring {
                    if let rect = rasterizer.contentsBounds(of: source, pixelsPerPoint: density) {
                        return (standIn, rect)
                    }
                } else if let made = rasterizer.rasterContents(of: source, pixelsPerPoint: density) {
                    rasterPlacements?.record(
                        RasterRequest(
                            source: source, pixelsPerPoint: density, pixels: made.image.width * made.image.height),
                        node: layer, layerID: nodes[layer].layerID)
                    return (
                        .texture(
                            .raster(made.image), uv: CGRect(x: 0, y: 0, width: 1, height: 1),
                            rect: made.rect), made.rect
                    )
                }
            }
        case .plain, .transformLayer, .replicator, .emitter:
            break
        }
        if nodes[layer].state.contents != nil,
            let image = LayerState.shownContents(nodes[layer].state.contents) as? CGImage, image.width > 0,
            image.height > 0
        {
            let layout = contentsLayout(of: image, layer: layer)
            return (.texture(.image(image), uv: layout.uv, rect: layout.rect), layout.rect)
        }
        return nil
    }

    /// The layer's shadow as one closed-form item, when its silhouette is a
    /// (rounded) rectangle: a rect or rounded-rect `shadowPath`, or no path and a
    /// layer whose only drawing is its background.
    func shadowItem(
        _ layer: Int, mapping: PlaneMapping, radii: CornerRadii, continuous: Bool,
        clip: Int32, label: ItemLabel
    ) -> DrawItem? {
        guard nodes[layer].state.shadowOpacity > 0, let color = nodes[layer].state.shadowColor else { return nil }
        var tint = PremultipliedColor(color, opacity: Double(nodes[layer].state.shadowOpacity))
        let silhouette: CGRect
        var shape = radii
        if let path = nodes[layer].state.shadowPath {
            guard let rounded = RoundedRectRecognizer.recognize(path) else { return nil }
            silhouette = rounded.rect
            shape = rounded.radii
        } else {
            guard let bg = nodes[layer].state.backgroundColor, bg.alpha > 0 else { return nil }
            silhouette = nodes[layer].state.bounds
            tint = tint.scaled(by: Float(bg.alpha))
        }
        if tint.isClear || silhouette.isEmpty { return nil }
        let sigma = max(0, Double(nodes[layer].state.shadowRadius))
        let offset = nodes[layer].state.shadowOffset
        let rect = silhouette.offsetBy(dx: offset.width, dy: offset.height)
        let margin = 3 * sigma + antialiasingMargin(mapping, rect)
        return DrawItem(
            kind: .shadow, label: label.with(.shadow), mapping: mapping,
            quad: rect.insetBy(dx: -margin, dy: -margin), shape: rect, radii: shape,
            continuousCorners: continuous && nodes[layer].state.shadowPath == nil, fill: tint, clip: clip,
            blurSigma: sigma)
    }
}

extension FlattenState {
    /// The part of a plane that `mapping` (scales and translates only) shows in
    /// the target, in the plane's coordinates; nil where the target's edge is
    /// not known (nothing is culled) or the mapping cannot be undone.
    func visibleRect(_ mapping: PlaneMapping) -> CGRect? {
        guard target.cullsOutside, let back = mapping.inverted() else { return nil }
        let box = back.deviceBox(of: CGRect(origin: .zero, size: target.size), orElse: .null)
        return box.isNull ? nil : box
    }

    /// Device pixels per point along a layer's x and y axes at the middle of
    /// `bounds`, when the mapping stretches them by different amounts.
    func axisDensities(_ mapping: PlaneMapping, _ bounds: CGRect) -> (x: Double, y: Double)? {
        guard let (x, y) = mapping.pixelsPerUnitAlongAxes(at: Double(bounds.midX), Double(bounds.midY)),
            x > 0, y > 0, x.isFinite, y.isFinite, abs(x - y) > 1e-6 * max(x, y)
        else { return nil }
        return (x, y)
    }
}
