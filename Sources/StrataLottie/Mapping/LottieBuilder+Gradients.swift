import Foundation
import Strata

extension LottieBuilder {
    /// A gradient fill or stroke: a `CAGradientLayer` covering the paths,
    /// masked by a `CAShapeLayer` of them (filled, or stroked with `style`).
    mutating func gradientLayer(
        _ g: LottieGradient, nodes: [LottiePathNode], evenOdd: Bool, style: LottieStrokeStyle?,
        context: LottieShapeContext, path: String
    ) throws(LottieError) -> CALayer? {
        guard !nodes.isEmpty else { return nil }
        let map = context.map
        let animated = nodes.contains { $0.isAnimated }
        // The box the gradient layer covers: the paths' bounds at every frame they change, plus the stroke.
        var box = CGRect.null
        let frames = animated ? factory.sampleFrames() : [factory.inPoint]
        for f in frames {
            let b = LottiePathNode.combined(nodes, at: map.localFrame(f)).boundingBoxOfPath
            if !b.isNull && b.minX.isFinite && b.maxX.isFinite && b.minY.isFinite && b.maxY.isFinite {
                box = box.union(b)
            }
        }
        guard !box.isNull else { return nil }
        if let style {
            let widths = [style.width.value] + style.width.segments.flatMap { [$0.from, $0.to] }
            let reach = (widths.max() ?? 0) / 2 * (style.lineJoin == 1 ? max(1, style.miterLimit) : 1.5)
            box = box.insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach))
        }
        box = box.insetBy(dx: -1, dy: -1)
        let layer = try make(CAGradientLayer(), name: nil, at: path)
        layer.position = box.origin
        layer.bounds = CGRect(origin: .zero, size: box.size)
        layer.type = g.isRadial ? .radial : .axial
        let luma = context.luma
        func unit(_ p: LottieVector) -> CGPoint {
            CGPoint(x: (CGFloat(p.x) - box.minX) / box.width, y: (CGFloat(p.y) - box.minY) / box.height)
        }
        func radialEnd(_ s: LottieVector, _ e: LottieVector) -> CGPoint {
            let r = hypot(e.x - s.x, e.y - s.y)
            return unit([s.x + r, s.y])
        }
        /// The highlight as lottie-web and rlottie place it: `h` percent of the radius from the
        /// centre (below 100 % either way, as lottie-web keeps it), `a` degrees from the direction
        /// to the end; in radii from the centre.
        func highlight(_ s: LottieVector, _ e: LottieVector, _ h: Double, _ a: Double) -> CGPoint {
            let length = min(max(h / 100, -0.99), 0.99)
            guard length != 0, length.isFinite, a.isFinite else { return .zero }
            let angle = atan2(e.y - s.y, e.x - s.x) + a * .pi / 180
            return CGPoint(x: length * cos(angle), y: length * sin(angle))
        }
        factory.bind(
            "startPoint", g.startPoint, map: map, on: layer,
            setModel: { layer.startPoint = unit($0) }, convert: { NSValue(cgPoint: unit($0)) })
        if g.isRadial {
            let start = map.localFrame(factory.inPoint)
            layer.endPoint = radialEnd(g.startPoint.value(at: start), g.endPoint.value(at: start))
            if g.startPoint.isAnimated || g.endPoint.isAnimated {
                factory.addSampled("endPoint", to: layer) { f in
                    let local = map.localFrame(f)
                    return NSValue(cgPoint: radialEnd(g.startPoint.value(at: local), g.endPoint.value(at: local)))
                }
            }
            func focus(at local: Double) -> CGPoint {
                highlight(
                    g.startPoint.value(at: local), g.endPoint.value(at: local), g.highlightLength.value(at: local),
                    g.highlightAngle.value(at: local))
            }
            layer.radialFocus = focus(at: start)
            let moves = [g.startPoint.isAnimated, g.endPoint.isAnimated, g.highlightAngle.isAnimated]
            if g.highlightLength.isAnimated || (g.highlightLength.value != 0 && moves.contains(true)) {
                factory.addSampled("radialFocus", to: layer) { NSValue(cgPoint: focus(at: map.localFrame($0))) }
            }
        } else {
            factory.bind(
                "endPoint", g.endPoint, map: map, on: layer,
                setModel: { layer.endPoint = unit($0) }, convert: { NSValue(cgPoint: unit($0)) })
        }
        let count = g.colorCount
        let startStops = Self.gradientStops(
            g.stops.value(at: map.localFrame(factory.inPoint)), colorCount: count, luma: luma)
        layer.colors = startStops.colors
        layer.locations = startStops.locations
        if g.stops.isAnimated {
            factory.addSampled("colors", to: layer) { f in
                Self.gradientStops(g.stops.value(at: map.localFrame(f)), colorCount: count, luma: luma).colors as [Any]
            }
            factory.addSampled("locations", to: layer) { f in
                Self.gradientStops(g.stops.value(at: map.localFrame(f)), colorCount: count, luma: luma).locations
            }
        }
        factory.bindOpacity(g.opacity, map: map, on: layer)
        // The mask, in the gradient layer's coordinates: the paths moved by the box's origin.
        let mask = try make(CAShapeLayer(), at: path)
        mask.position = CGPoint(x: -box.minX, y: -box.minY)
        if let style {
            mask.fillColor = nil
            mask.strokeColor = .black
            applyStrokeStyle(style, to: mask, context: context, path: path)
        } else {
            mask.fillColor = .black
            mask.fillRule = evenOdd ? .evenOdd : .nonZero
        }
        if style != nil {
            bindStrokePath(nodes, on: mask, map: map)
        } else {
            bindPath(nodes, on: mask, keyPath: "path", map: map)
        }
        layer.mask = mask
        return layer
    }

    /// Lottie gradient data (`colorCount` × [position, r, g, b], then [position, alpha]…) as
    /// colours at locations: every colour and opacity stop, each with the colour and the
    /// opacity interpolated at its position, so the count stays the same while stops move.
    static func gradientStops(_ data: LottieVector, colorCount: Int, luma: Bool) -> (
        colors: [CGColor], locations: [NSNumber]
    ) {
        let v = data.values
        let n = min(colorCount, v.count / 4)
        guard n > 0 else { return ([.clear, .clear], [0, 1]) }
        let colorStops: [(Double, [Double])] = (0..<n).map { i in
            (v[i * 4], [v[i * 4 + 1], v[i * 4 + 2], v[i * 4 + 3]])
        }
        var alphaStops: [(Double, Double)] = []
        var k = n * 4
        while k + 1 < v.count {
            alphaStops.append((v[k], v[k + 1]))
            k += 2
        }
        func sample<T>(_ stops: [(Double, T)], at p: Double, mix: (T, T, Double) -> T) -> T {
            if p <= stops[0].0 { return stops[0].1 }
            for i in 1..<stops.count where p <= stops[i].0 {
                let a = stops[i - 1], b = stops[i]
                return mix(a.1, b.1, b.0 > a.0 ? (p - a.0) / (b.0 - a.0) : 1)
            }
            return stops[stops.count - 1].1
        }
        var positions = colorStops.map(\.0)
        if !alphaStops.isEmpty { positions = (positions + alphaStops.map(\.0)).sorted() }
        var colors: [CGColor] = []
        var locations: [NSNumber] = []
        for p in positions {
            let c = sample(colorStops, at: p) { a, b, t in zip(a, b).map { $0 + ($1 - $0) * t } }
            let alpha = alphaStops.isEmpty ? 1 : sample(alphaStops, at: p) { $0 + ($1 - $0) * $2 }
            let r = min(max(c[0], 0), 1), g = min(max(c[1], 0), 1), b = min(max(c[2], 0), 1)
            let a = min(max(alpha, 0), 1)
            colors.append(
                luma
                    ? CGColor(srgbRed: 1, green: 1, blue: 1, alpha: CGFloat(luminance(r, g, b) * a))
                    : CGColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a)))
            locations.append(NSNumber(value: p))
        }
        return (colors, locations)
    }
}
