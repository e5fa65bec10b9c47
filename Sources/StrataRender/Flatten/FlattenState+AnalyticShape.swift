import Foundation
import Strata

extension FlattenState {
    /// A shape layer's path as body items drawn in closed form (``AnalyticShape``):
    /// one, or a fill to the path and a stroke over it. Only when its body shows
    /// nothing else: no background, border or contents image, and no
    /// `masksToBounds` cut of its own drawing. Nil: the path goes through the rasterizer.
    func analyticShapeItems(
        of layer: Int, _ drawn: LayerContent, mapping: PlaneMapping, clip: Int32,
        label: ItemLabel
    ) -> [DrawItem]? {
        guard case .shape(let shape) = drawn, let path = shape.path,
            path.elements.count <= AnalyticShape.maximumElements
        else { return nil }
        // Fields read in place: a copy of the layer's state costs more than the rest.
        guard nodes[layer].state.backgroundColor.map({ PremultipliedColor($0).isClear }) ?? true,
            borderParts(layer) == nil, !nodes[layer].state.masksToBounds,
            nodes[layer].state.contents == nil || LayerState.shownContents(nodes[layer].state.contents) == nil
        else { return nil }
        // Points of the path may stray a fifth of a device pixel from the outline drawn.
        let box = path.boundingBoxOfPath
        let pixelsPerUnit = mapping.pixelsPerUnit(at: Double(box.midX), Double(box.midY))
        guard pixelsPerUnit > 0, pixelsPerUnit.isFinite,
            let analytic = AnalyticShape.recognized(shape, tolerance: 0.2 / pixelsPerUnit)
        else { return nil }
        let margin = antialiasingMargin(mapping, analytic.rect)
        let content: DrawItem.Content?
        if let arc = analytic.borderArc {
            content = .borderArc(start: arc.start, sweep: arc.sweep, roundCaps: arc.roundCaps)
        } else {
            content = analytic.borderDashes.map { .borderDashes($0) }
        }
        guard let under = analytic.fillShape else {
            return [
                DrawItem(
                    label: label, mapping: mapping, quad: analytic.rect.insetBy(dx: -margin, dy: -margin),
                    shape: analytic.rect, radii: analytic.radii, fill: analytic.fill, content: content,
                    borderWidth: analytic.borderWidth, borderColor: analytic.borderColor, clip: clip)
            ]
        }
        let fillMargin = antialiasingMargin(mapping, under.rect)
        return [
            DrawItem(
                label: label, mapping: mapping, quad: under.rect.insetBy(dx: -fillMargin, dy: -fillMargin),
                shape: under.rect, radii: under.radii, fill: analytic.fill, clip: clip),
            DrawItem(
                label: label, mapping: mapping, quad: analytic.rect.insetBy(dx: -margin, dy: -margin),
                shape: analytic.rect, radii: analytic.radii, content: content,
                borderWidth: analytic.borderWidth, borderColor: analytic.borderColor, clip: clip),
        ]
    }
}
