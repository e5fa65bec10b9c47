import Foundation
import Strata

/// What the items of a shape layer are built with.
struct LottieShapeContext {
    let map: LottieTimeMap
    /// Inside a luma matte: colours become white with their luminance as alpha.
    let luma: Bool
}

extension LottieBuilder {
    /// Builds a shape layer's items into `parent`: paints and groups as
    /// sublayers, back to front (the first item is drawn on top).
    ///
    /// Which paths each paint draws is worked out first, from the whole
    /// tree (``LottiePaintPaths``): a modifier changes the paths before it
    /// wherever the paints sit, so a paint's paths are known only once every
    /// item after it is read.
    mutating func buildShapeGroup(
        _ items: [LottieShapeItem], into parent: CALayer, context: inout LottieShapeContext,
        depth: Int, path: String
    ) throws(LottieError) {
        try buildShapeGroup(
            items, paths: LottiePaintPaths(items), into: parent, context: &context, depth: depth, path: path)
    }

    /// Builds a group's items into `parent`, each paint drawing the paths `paths` gives it.
    mutating func buildShapeGroup(
        _ items: [LottieShapeItem], paths: LottiePaintPaths, into parent: CALayer,
        context: inout LottieShapeContext, depth: Int, path: String
    ) throws(LottieError) {
        guard depth < LottieLimits.maximumGroupDepth else { throw .shapesTooDeep(at: path) }
        // Layers made so far (drawn in reverse order).
        var units: [CALayer] = []
        for (i, item) in items.enumerated() {
            let itemPath = "\(path)[\(i)]"
            let nodes = paths.nodes(ofPaint: i)
            switch item {
            case .group(let g):
                let layer = try make(CALayer(), name: g.source.name, at: itemPath)
                bindTransform(g.transform, to: layer, map: context.map, opacity: true)
                // Group opacity multiplies each item, as rlottie draws it (not the group as one).
                layer.allowsGroupOpacity = false
                try buildShapeGroup(
                    g.items, paths: paths.group(i), into: layer, context: &context, depth: depth + 1,
                    path: itemPath + ".it")
                units.append(layer)
            case .fill(let fill):
                if let layer = try fillLayer(fill, nodes: nodes, context: context, path: itemPath) {
                    units.append(layer)
                }
            case .stroke(let stroke):
                if let layer = try strokeLayer(stroke, nodes: nodes, context: context, path: itemPath) {
                    units.append(layer)
                }
            case .gradientFill(let fill):
                if let layer = try gradientLayer(
                    fill.gradient, nodes: nodes, evenOdd: fill.evenOdd, style: nil,
                    context: context, path: itemPath)
                {
                    units.append(layer)
                }
            case .gradientStroke(let stroke):
                if let layer = try gradientLayer(
                    stroke.gradient, nodes: nodes, evenOdd: false, style: stroke.style,
                    context: context, path: itemPath)
                {
                    units.append(layer)
                }
            case .repeater(let repeater):
                // The paints so far, copied (the paths after it are copied by `paths`).
                let copies = try repeated(units, repeater, context: context, path: itemPath)
                units = copies.map { [$0] } ?? []
            case .rectangle, .ellipse, .polystar, .path, .trim, .roundCorners, .puckerBloat, .zigZag, .offsetPath,
                .twist, .mergePaths, .transform, .ignored:
                break
            }
        }
        for unit in units.reversed() { parent.addSublayer(unit) }
    }

    // MARK: Paints

    /// A Lottie colour as a Core Animation one (inside a luma matte: white, alpha its luminance).
    static func paintColor(_ c: LottieVector, luma: Bool, alpha: Double = 1) -> CGColor {
        let r = min(max(c[0], 0), 1), g = min(max(c[1], 0), 1), b = min(max(c[2], 0), 1)
        if luma { return CGColor(srgbRed: 1, green: 1, blue: 1, alpha: CGFloat(Self.luminance(r, g, b) * alpha)) }
        return CGColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(alpha))
    }

    static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.299 * r + 0.587 * g + 0.114 * b }

    static func matteColor(_ c: LottieVector, _ mode: LottieLayer.MatteMode?) -> CGColor {
        Self.paintColor(c, luma: mode == .luma || mode == .lumaInverted)
    }

    mutating func fillLayer(
        _ fill: LottieFill, nodes: [LottiePathNode], context: LottieShapeContext,
        path: String
    ) throws(LottieError) -> CALayer? {
        guard !nodes.isEmpty else { return nil }
        let layer = try make(CAShapeLayer(), name: fill.source.name, at: path)
        layer.strokeColor = nil
        layer.fillRule = fill.evenOdd ? .evenOdd : .nonZero
        let luma = context.luma
        factory.bind(
            "fillColor", fill.color, map: context.map, on: layer,
            setModel: { layer.fillColor = Self.paintColor($0, luma: luma) },
            convert: { Self.paintColor($0, luma: luma) })
        factory.bindOpacity(fill.opacity, map: context.map, on: layer)
        bindPath(nodes, on: layer, keyPath: "path", map: context.map)
        return layer
    }

    mutating func strokeLayer(
        _ stroke: LottieStroke, nodes: [LottiePathNode], context: LottieShapeContext,
        path: String
    ) throws(LottieError) -> CALayer? {
        guard !nodes.isEmpty else { return nil }
        let layer = try make(CAShapeLayer(), name: stroke.source.name, at: path)
        layer.fillColor = nil
        let luma = context.luma
        factory.bind(
            "strokeColor", stroke.color, map: context.map, on: layer,
            setModel: { layer.strokeColor = Self.paintColor($0, luma: luma) },
            convert: { Self.paintColor($0, luma: luma) })
        factory.bindOpacity(stroke.opacity, map: context.map, on: layer)
        applyStrokeStyle(stroke.style, to: layer, context: context, path: path)
        bindStrokePath(nodes, on: layer, map: context.map)
        return layer
    }

    /// A stroke's path: a trimmed single path as the untrimmed path with
    /// `strokeStart` and `strokeEnd` (so Core Animation trims it, and a
    /// keyframed trim plays smoothly between frames), else as `bindPath`.
    mutating func bindStrokePath(_ nodes: [LottiePathNode], on layer: CAShapeLayer, map: LottieTimeMap) {
        guard nodes.count == 1, case .trimmed(let inner, let trim) = nodes[0], inner.count == 1,
            !inner[0].isTrimmed,
            !inner[0].isAnimated
                || (inner[0].keyframedPath.map {
                    LottieAnimationFactory.isNative($0, map: map)
                } ?? false)
        else {
            bindPath(nodes, on: layer, keyPath: "path", map: map)
            return
        }
        // Only while the visible part never wraps round the path's start.
        func segment(_ f: Double) -> (Double, Double) {
            LottieGeometry.trimSegment(
                start: trim.start.value(at: f), end: trim.end.value(at: f), offset: trim.offset.value(at: f))
        }
        let frames = factory.sampleFrames().map { map.localFrame($0) }
        guard
            frames.allSatisfy({
                let (a, b) = segment($0); return a <= b
            })
        else {
            bindPath(nodes, on: layer, keyPath: "path", map: map)
            return
        }
        bindPath(inner, on: layer, keyPath: "path", map: map)
        let start = map.localFrame(factory.inPoint)
        let (s0, e0) = segment(start)
        layer.strokeStart = CGFloat(s0)
        layer.strokeEnd = CGFloat(e0)
        guard trim.start.isAnimated || trim.end.isAnimated || trim.offset.isAnimated else { return }
        // Keyframes as they are when start stays before end at every frame with no offset; else sampled.
        let offset = trim.offset.value / 360
        let plain =
            !trim.offset.isAnimated && offset == offset.rounded(.down)
            && frames.allSatisfy { trim.start.value(at: $0) <= trim.end.value(at: $0) }
            && [trim.start, trim.end].allSatisfy { p in
                ([p.value] + p.segments.flatMap { [$0.from, $0.to] }).allSatisfy { $0 >= 0 && $0 <= 100 }
                    && LottieAnimationFactory.isNative(p, map: map)
            }
        if plain {
            // Each end's model value is its own value at the first frame: an end that does not
            // move stays there while the other plays (the segment above is (0, 0) for an empty
            // trim, which would hold a still end at 0).
            factory.bind(
                "strokeStart", trim.start, map: map, on: layer, setModel: { layer.strokeStart = CGFloat($0 / 100) },
                convert: { NSNumber(value: $0 / 100) })
            factory.bind(
                "strokeEnd", trim.end, map: map, on: layer, setModel: { layer.strokeEnd = CGFloat($0 / 100) },
                convert: { NSNumber(value: $0 / 100) })
        } else {
            factory.addSampled("strokeStart", to: layer) { NSNumber(value: segment(map.localFrame($0)).0) }
            factory.addSampled("strokeEnd", to: layer) { NSNumber(value: segment(map.localFrame($0)).1) }
        }
    }

    mutating func applyStrokeStyle(
        _ style: LottieStrokeStyle, to layer: CAShapeLayer, context: LottieShapeContext,
        path: String
    ) {
        factory.bind(
            "lineWidth", style.width, map: context.map, on: layer,
            setModel: { layer.lineWidth = CGFloat(max(0, $0)) }, convert: { NSNumber(value: max(0, $0)) })
        layer.lineCap = style.lineCap == 2 ? .round : style.lineCap == 3 ? .square : .butt
        layer.lineJoin = style.lineJoin == 2 ? .round : style.lineJoin == 3 ? .bevel : .miter
        layer.miterLimit = CGFloat(max(1, style.miterLimit))
        let lengths = style.dashes.filter { $0.kind != "o" }
        if !lengths.isEmpty {
            if lengths.contains(where: { $0.length.isAnimated }) { warn(.animatedDashes(at: path)) }
            let start = context.map.localFrame(factory.inPoint)
            let values = lengths.map { max(0, $0.length.value(at: start)) }
            if values.contains(where: { $0 > 0 }) {
                layer.lineDashPattern = values.map { NSNumber(value: $0) }
                if let offset = style.dashes.first(where: { $0.kind == "o" }) {
                    factory.bind(
                        "lineDashPhase", offset.length, map: context.map, on: layer,
                        setModel: { layer.lineDashPhase = CGFloat($0) }, convert: { NSNumber(value: $0) })
                }
            }
        }
    }

    /// Sets `keyPath` of `layer` to the paths of `nodes`: still, keyframed as they are, or sampled.
    mutating func bindPath(
        _ nodes: [LottiePathNode], on layer: CALayer, keyPath: String, map: LottieTimeMap,
        transform: CGAffineTransform = .identity
    ) {
        func moved(_ path: CGPath) -> CGPath {
            if transform.isIdentity { return path }
            let out = CGMutablePath()
            out.addPath(path, transform: transform)
            return out
        }
        let start = map.localFrame(factory.inPoint)
        let initial = moved(LottiePathNode.combined(nodes, at: start))
        layer.setValue(initial, forKey: keyPath)
        guard nodes.contains(where: { $0.isAnimated }) else { return }
        if nodes.count == 1, let keyframed = nodes[0].keyframedPath,
            LottieAnimationFactory.isNative(keyframed, map: map)
        {
            factory.add(
                keyPath, points: LottieAnimationFactory.points(keyframed, map: map) { moved($0.path) }, to: layer)
            return
        }
        factory.addSampled(keyPath, to: layer) { f in moved(LottiePathNode.combined(nodes, at: map.localFrame(f))) }
    }

    // MARK: Repeaters

    /// Copies of `units` for a repeater: one holder with a layer per copy,
    /// each moved by the copy's transform and faded from the start to the end opacity.
    mutating func repeated(
        _ units: [CALayer], _ r: LottieRepeater, context: LottieShapeContext,
        path: String
    ) throws(LottieError) -> CALayer? {
        let map = context.map
        let maxCopies = Self.maximumCopies(r)
        guard maxCopies > 0 else { return nil }
        let holder = try make(CALayer(), name: r.source.name, at: path)
        holder.allowsGroupOpacity = false
        var copies: [CALayer] = []
        for k in 0..<maxCopies {
            let copy = try make(CALayer(), name: "copy \(k)", at: path)
            copy.allowsGroupOpacity = false
            for unit in units { copy.addSublayer(try k == 0 ? unit : clone(unit, at: path)) }
            // The copy's place: a matrix, still or sampled.
            let animated =
                r.anchor.isAnimated || r.position.isAnimated || r.scale.isAnimated || r.rotation.isAnimated
                || r.offset.isAnimated
            let start = map.localFrame(factory.inPoint)
            copy.transform = CATransform3DMakeAffineTransform(LottieMatrix.repeaterCopy(r, copy: k, at: start))
            if animated {
                factory.addSampled("transform", to: copy) { f in
                    NSValue(
                        caTransform3D: CATransform3DMakeAffineTransform(
                            LottieMatrix.repeaterCopy(r, copy: k, at: map.localFrame(f))))
                }
            }
            // Opacity from `so` by (eo − so) / count per copy (After Effects stops short of `eo`,
            // as rlottie and Skottie draw it), and copies past the count (rounded down) hidden.
            func opacity(at f: Double) -> Float {
                let n = r.copies.value(at: f)
                let so = r.startOpacity.value(at: f) / 100, eo = r.endOpacity.value(at: f) / 100
                let t = n > 1 ? Double(k) / n : 0
                return Float(min(max(so + (eo - so) * t, 0), 1))
            }
            func visible(at f: Double) -> Bool { Double(k) < r.copies.value(at: f).rounded(.down) }
            copy.opacity = opacity(at: start)
            copy.isHidden = !visible(at: start)
            if r.startOpacity.isAnimated || r.endOpacity.isAnimated || r.copies.isAnimated {
                factory.addSampled("opacity", to: copy) { NSNumber(value: opacity(at: map.localFrame($0))) }
            }
            if r.copies.isAnimated {
                factory.addSampled("hidden", to: copy, discrete: true) {
                    NSNumber(value: !visible(at: map.localFrame($0)))
                }
            }
            copies.append(copy)
        }
        // Later copies on top, whatever the composite mode says (rlottie draws them so; Skottie
        // agrees for mode 2 and puts the first on top for mode 1).
        for copy in copies { holder.addSublayer(copy) }
        return holder
    }

    /// The most copies repeater `r` makes at any frame (its copy count's largest value, rounded down).
    static func maximumCopies(_ r: LottieRepeater) -> Int {
        let counts = [r.copies.value] + r.copies.segments.flatMap { [$0.from, $0.to] }
        return Int(min(max(counts.max() ?? 0, 0), Double(LottieLimits.maximumRepeaterCopies)).rounded(.down))
    }

    /// A copy of `layer`'s subtree with its animations (for repeater copies).
    mutating func clone(_ layer: CALayer, at path: String) throws(LottieError) -> CALayer {
        let copy: CALayer
        switch layer {
        case let l as CAShapeLayer: copy = CAShapeLayer(layer: l)
        case let l as CAGradientLayer: copy = CAGradientLayer(layer: l)
        default: copy = CALayer(layer: layer)
        }
        try count(at: path)
        factory.copyAnimations(of: layer, to: copy)
        if let mask = layer.mask { copy.mask = try clone(mask, at: path) }
        for sublayer in layer.sublayers ?? [] { copy.addSublayer(try clone(sublayer, at: path)) }
        return copy
    }
}
