import Foundation
import Strata

extension LottieBuilder {
    /// After Effects' blurriness and drop-shadow softness as a Gaussian's σ.
    /// ThorVG and lottie-web take σ = 0.3 × blurriness, but ThorVG (at its
    /// default quality) runs two of the three box passes its kernels are
    /// sized for, so the blur it draws has √(2/3) of that σ: the one drawn here.
    static let blurrinessToSigma = 0.3 * (2.0 / 3).squareRoot()

    /// Draws `layer`'s effects on `own` (its transform, opacity and masks
    /// set, its content built): the content and masks move into a holder,
    /// and the effects apply to it in file order, after the masks and before
    /// the layer's opacity, as After Effects orders them. Colour effects and
    /// blurs are the holder's `filters`; a drop shadow is a layer shadow, on
    /// the holder when nothing before it changed the pixels, else on a layer
    /// around what came before (a shadow of the filtered, masked pixels). A
    /// stroke is drawn in a layer around what came before: over it, instead
    /// of it, or as its mask, by its paint style.
    mutating func applyEffects(
        _ layer: LottieLayer, to own: CALayer, map: LottieTimeMap,
        path: String
    ) throws(LottieError) {
        guard !layer.effects.isEmpty else { return }
        let holder = try make(CALayer(), name: (layer.source.name ?? "layer") + " (effects)", at: path)
        for sublayer in own.sublayers ?? [] { holder.addSublayer(sublayer) }
        holder.mask = own.mask
        own.mask = nil
        var target = holder
        var filters: [LottieEffect] = []
        var hasShadow = false
        // The filters gathered for `target` so far, set once it is done with.
        func finish(_ target: CALayer, _ filters: [LottieEffect], builder: inout LottieBuilder) {
            guard !filters.isEmpty else { return }
            builder.bindFilters(filters, on: target, map: map)
        }
        for effect in layer.effects {
            if case .stroke(let stroke) = effect.kind {
                // What came before is finished first: the stroke goes over it, in its place or as its mask.
                guard let strokes = try strokeLayers(stroke, masks: layer.masks, map: map, path: effect.source.path)
                else { continue }
                finish(target, filters, builder: &self)
                filters = []
                let wrapper = try make(CALayer(), name: (layer.source.name ?? "layer") + " (effects)", at: path)
                switch stroke.paintStyle {
                case .onOriginal:
                    wrapper.addSublayer(target)
                    wrapper.addSublayer(strokes)
                case .onTransparent:
                    wrapper.addSublayer(strokes)
                case .revealOriginal:
                    wrapper.addSublayer(target)
                    wrapper.mask = strokes
                }
                target = wrapper
                hasShadow = false
            } else if case .dropShadow = effect.kind {
                if hasShadow || !filters.isEmpty || target.mask != nil {
                    finish(target, filters, builder: &self)
                    filters = []
                    let wrapper = try make(CALayer(), name: (layer.source.name ?? "layer") + " (effects)", at: path)
                    wrapper.addSublayer(target)
                    target = wrapper
                }
                bindShadow(effect, on: target, map: map)
                hasShadow = true
            } else {
                filters.append(effect)
            }
        }
        finish(target, filters, builder: &self)
        own.addSublayer(target)
    }

    /// A drop shadow effect as `layer`'s shadow.
    mutating func bindShadow(_ effect: LottieEffect, on layer: CALayer, map: LottieTimeMap) {
        guard case .dropShadow(let color, let opacity, let direction, let distance, let softness) = effect.kind else {
            return
        }
        factory.bind(
            "shadowColor", color, map: map, on: layer,
            setModel: { layer.shadowColor = Self.effectColor($0) }, convert: { Self.effectColor($0) })
        // Lottie keeps After Effects' 0...255 opacity of this effect.
        factory.bind(
            "shadowOpacity", opacity, map: map, on: layer,
            setModel: { layer.shadowOpacity = Self.shadowOpacity($0) },
            convert: { NSNumber(value: Self.shadowOpacity($0)) })
        factory.bind(
            "shadowRadius", softness, map: map, on: layer,
            setModel: { layer.shadowRadius = Self.sigma($0) }, convert: { NSNumber(value: Double(Self.sigma($0))) })
        // The offset is made of two values: one animation, sampled, when either moves.
        let start = map.localFrame(factory.inPoint)
        layer.shadowOffset = Self.shadowOffset(
            direction: direction.value(at: start), distance: distance.value(at: start))
        if direction.isAnimated || distance.isAnimated {
            factory.addSampled("shadowOffset", to: layer) { f in
                let local = map.localFrame(f)
                return NSValue(
                    cgSize: Self.shadowOffset(
                        direction: direction.value(at: local),
                        distance: distance.value(at: local)))
            }
        }
    }

    /// `effects` (blurs and colour effects) as `layer`'s `filters`; sampled
    /// every frame (the array changes at once) when a value moves.
    mutating func bindFilters(_ effects: [LottieEffect], on layer: CALayer, map: LottieTimeMap) {
        func filters(at frame: Double) -> [Any] { effects.compactMap { Self.filter($0, at: frame) } }
        layer.filters = filters(at: map.localFrame(factory.inPoint))
        if effects.contains(where: \.isAnimated) {
            factory.addSampled("filters", to: layer, discrete: true) { f in filters(at: map.localFrame(f)) }
        }
    }

    /// The filter an effect is at `frame` (its own time); nil when it does nothing then.
    static func filter(_ effect: LottieEffect, at frame: Double) -> CALayerFilter? {
        switch effect.kind {
        case .dropShadow, .stroke:
            return nil
        case .gaussianBlur(let blurriness, let dimensions):
            let radius = sigma(blurriness.value(at: frame))
            guard radius > 0 else { return nil }
            // 1: both, 2: horizontal, 3: vertical.
            let d = LottieReader.int(dimensions.value(at: frame))
            return .gaussianBlur(radius: radius, horizontal: d != 3, vertical: d != 2)
        case .fill(let color, let opacity):
            let c = effectColor(color.value(at: frame)).rgba
            let alpha = min(max(opacity.value(at: frame), 0), 1)
            return .colorFill(CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: CGFloat(alpha)))
        case .tint(let black, let white, let amount):
            let k = min(max(amount.value(at: frame) / 100, 0), 1)
            guard k > 0 else { return nil }
            let b = effectColor(black.value(at: frame)), w = effectColor(white.value(at: frame))
            // A two-colour map is linear in luminance: its middle is the mean of its ends.
            let mid = CGColor(
                srgbRed: (b.rgba.r + w.rgba.r) / 2, green: (b.rgba.g + w.rgba.g) / 2,
                blue: (b.rgba.b + w.rgba.b) / 2, alpha: 1)
            return .luminanceMap(shadows: b, midtones: mid, highlights: w, amount: CGFloat(k))
        case .tritone(let highlights, let midtones, let shadows, let blend):
            let k = 1 - min(max(blend.value(at: frame) / 100, 0), 1)
            guard k > 0 else { return nil }
            return .luminanceMap(
                shadows: effectColor(shadows.value(at: frame)),
                midtones: effectColor(midtones.value(at: frame)),
                highlights: effectColor(highlights.value(at: frame)), amount: CGFloat(k))
        }
    }

    /// An effect's colour value (RGB 0...1, its alpha ignored as the players do).
    static func effectColor(_ c: LottieVector) -> CGColor {
        CGColor(
            srgbRed: CGFloat(min(max(c[0], 0), 1)), green: CGFloat(min(max(c[1], 0), 1)),
            blue: CGFloat(min(max(c[2], 0), 1)), alpha: 1)
    }

    static func shadowOpacity(_ v: Double) -> Float { Float(min(max(v / 255, 0), 1)) }

    static func sigma(_ blurriness: Double) -> CGFloat { CGFloat(max(0, blurriness) * blurrinessToSigma) }

    /// After Effects' direction (degrees clockwise from up) and distance as
    /// an offset in y-down points.
    static func shadowOffset(direction: Double, distance: Double) -> CGSize {
        let radians = direction * .pi / 180
        return CGSize(width: distance * sin(radians), height: -distance * cos(radians))
    }

    /// A stroke effect's lines: one shape layer per mask it strokes (each
    /// trimmed on its own, as lottie-web and ThorVG trim them), in the
    /// layer's coordinates, with round caps and joins (a round brush); nil,
    /// with a warning, when the layer has no such mask. The lines are not
    /// clipped by the layer's masks (lottie-web leaves them unclipped; the
    /// masks a stroke follows are usually of mode none, which clip nothing).
    mutating func strokeLayers(
        _ stroke: LottieStrokeEffect, masks: [LottieMask], map: LottieTimeMap, path: String
    ) throws(LottieError) -> CALayer? {
        let chosen: ArraySlice<LottieMask>
        if let index = stroke.mask {
            guard masks.indices.contains(index - 1) else {
                warn(.strokeEffectMask("the layer has no mask \(index) (it has \(masks.count))", at: path))
                return nil
            }
            chosen = masks[(index - 1)...(index - 1)]
        } else {
            guard !masks.isEmpty else {
                warn(.strokeEffectMask("the layer has no masks to stroke", at: path))
                return nil
            }
            chosen = masks[...]
        }
        let holder = try make(CALayer(), name: "stroke", at: path)
        factory.bind(
            "opacity", stroke.opacity, map: map, on: holder,
            setModel: { holder.opacity = Float(min(max($0, 0), 1)) },
            convert: { NSNumber(value: Float(min(max($0, 0), 1))) })
        for mask in chosen {
            let line = try make(CAShapeLayer(), name: mask.source.name, at: path)
            line.fillColor = nil
            line.lineCap = .round
            line.lineJoin = .round
            factory.bind(
                "strokeColor", stroke.color, map: map, on: line,
                setModel: { line.strokeColor = Self.effectColor($0) }, convert: { Self.effectColor($0) })
            factory.bind(
                "lineWidth", stroke.brushSize, map: map, on: line,
                setModel: { line.lineWidth = CGFloat(max(0, $0 * 2)) }, convert: { NSNumber(value: max(0, $0 * 2)) })
            // Start after end draws the same part (lottie-web takes the smaller as the start); the two
            // are sampled together when either moves.
            func ends(_ frame: Double) -> (Double, Double) {
                Self.trimEnds(start: stroke.start.value(at: frame), end: stroke.end.value(at: frame))
            }
            let first = ends(map.localFrame(factory.inPoint))
            line.strokeStart = CGFloat(first.0)
            line.strokeEnd = CGFloat(first.1)
            if stroke.start.isAnimated || stroke.end.isAnimated {
                factory.addSampled("strokeStart", to: line) { f in NSNumber(value: ends(map.localFrame(f)).0) }
                factory.addSampled("strokeEnd", to: line) { f in NSNumber(value: ends(map.localFrame(f)).1) }
            }
            let node = LottiePathNode.bezier(LottiePath(source: mask.source, shape: mask.shape, direction: .clockwise))
            bindPath([node], on: line, keyPath: "path", map: map)
            holder.addSublayer(line)
        }
        return holder
    }

    /// Start and end (percent) as fractions of the length, the smaller first, within 0...1.
    static func trimEnds(start: Double, end: Double) -> (Double, Double) {
        let a = min(max(start / 100, 0), 1), b = min(max(end / 100, 0), 1)
        return (min(a, b), max(a, b))
    }
}
