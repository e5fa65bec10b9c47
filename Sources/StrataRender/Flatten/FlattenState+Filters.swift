import Foundation
import Strata

extension FlattenState {
    /// Applies a layer's `CALayerFilter`s, in order, to the items of its
    /// subtree (`items[start...]`): each draws what came before into an
    /// offscreen pass, which the backend blurs or recolours, and composites
    /// it back in its place.
    mutating func applyFilters(of layer: Int, mapping: PlaneMapping, items: inout [DrawItem], from start: Int) {
        guard let filters = nodes[layer].state.filters, !filters.isEmpty else { return }
        for case let filter as CALayerFilter in filters {
            guard start < items.count else { return }
            var pass: RenderPass
            var opacity: Float = 1
            switch filter {
            case .gaussianBlur(let radius, let horizontal, let vertical):
                // Radii are in the layer's units.
                let sigma = blurSigma(radius: radius, of: layer, mapping: mapping)
                guard sigma > 0, horizontal || vertical else { continue }
                let reach = blurReach(radius: radius, of: layer, mapping: mapping)
                var box = CGRect.null
                for item in items[start...] { box = box.union(deviceBox(of: item, useShape: false)) }
                if box.isNull { continue }
                box = box.insetBy(dx: horizontal ? -reach : 0, dy: vertical ? -reach : 0)
                pass = RenderPass(purpose: .filter, bounds: integral(box), blurSigma: sigma)
                pass.blurAxes = horizontal && vertical ? .both : horizontal ? .horizontal : .vertical
            case .luminanceMap(let shadows, let midtones, let highlights, let amount):
                guard amount > 0 else { continue }
                pass = RenderPass(purpose: .filter, bounds: deviceBounds(of: items[start...]))
                pass.colorMap = LuminanceMap(
                    shadows: Self.rgb(shadows), midtones: Self.rgb(midtones),
                    highlights: Self.rgb(highlights), amount: Float(amount))
            case .colorFill(let color):
                pass = RenderPass(purpose: .filter, bounds: deviceBounds(of: items[start...]))
                pass.colorMap = LuminanceMap(fill: Self.rgb(color))
                opacity = Float(min(max(color.alpha, 0), 1))
            }
            if pass.bounds.isEmpty || opacity <= 0 {
                items.removeSubrange(start...)
                return
            }
            pass.items = Array(items[start...])
            list.passes.append(pass)
            items.removeSubrange(start...)
            items.append(
                compositeItem(
                    pass: list.passes.count - 1, bounds: pass.bounds, opacity: opacity,
                    label: itemLabel(layer).with(.filter)))
        }
    }

    /// The box `applyFilters` leaves of items whose box is `r`: grown by
    /// each blur's reach, in whole pixels.
    func filteredBounds(_ r: CGRect, of layer: Int, mapping: PlaneMapping) -> CGRect {
        guard let filters = nodes[layer].state.filters, !filters.isEmpty, !r.isNull else { return r }
        var r = r
        for case let filter as CALayerFilter in filters {
            if case .gaussianBlur(let radius, let horizontal, let vertical) = filter {
                let reach = blurReach(radius: radius, of: layer, mapping: mapping)
                if reach > 0 { r = r.insetBy(dx: horizontal ? -reach : 0, dy: vertical ? -reach : 0) }
            }
            r = Self.wholePixels(r)
        }
        return r
    }

    /// How far (device pixels) a blur of σ `radius` (the layer's units) reaches past what it blurs; 0: no blur.
    func blurReach(radius: CGFloat, of layer: Int, mapping: PlaneMapping) -> Double {
        let sigma = blurSigma(radius: radius, of: layer, mapping: mapping)
        // Three σ hold all but 0.3 % of the kernel; past that the blur is clipped.
        return sigma > 0 ? 3 * sigma + 1 : 0
    }

    /// A blur's σ in device pixels; 0 when too small to draw.
    func blurSigma(radius: CGFloat, of layer: Int, mapping: PlaneMapping) -> Double {
        // Taken where the layer's middle lands.
        let bounds = nodes[layer].state.bounds
        let sigma = Double(radius) * mapping.pixelsPerUnit(at: Double(bounds.midX), Double(bounds.midY))
        return sigma.isFinite && sigma > 0.05 ? sigma : 0
    }

    /// A colour's straight sRGB components, clamped to 0...1.
    static func rgb(_ color: CGColor) -> SIMD3<Float> {
        let c = color.rgba
        func ch(_ v: CGFloat) -> Float { Float(min(max(v, 0), 1)) }
        return SIMD3(ch(c.r), ch(c.g), ch(c.b))
    }
}
