import Foundation
import Strata

extension LottieBuilder {
    /// The most glyph-frames a text layer's animators are sampled for: past it, fewer frames.
    static let maximumTextSamples = 1_000_000

    /// Builds a text layer: for each document a layer shown while it is
    /// current, holding one layer per character (its pen position, and the
    /// animators' offset, scale, rotation and opacity) with a filled and a
    /// stroked `CAShapeLayer` of the glyph's outline.
    mutating func buildText(
        _ text: LottieText, into parent: CALayer, map: LottieTimeMap, luma: Bool,
        path: String
    ) throws(LottieError) {
        let allFrames = factory.sampleFrames()
        let allLocal = allFrames.map { map.localFrame($0) }
        for (i, keyframe) in text.documents.enumerated() {
            let from = i == 0 ? -Double.infinity : keyframe.time
            let to = i + 1 < text.documents.count ? text.documents[i + 1].time : .infinity
            let shows = allLocal.map { $0 >= from && $0 < to }
            guard shows.contains(true) else { continue }
            let documentPath = "\(path).d.k[\(i)]"
            let holder = try make(CALayer(), name: "text \(i)", at: documentPath)
            if shows.contains(false) {
                holder.isHidden = !shows[0]
                var points = [
                    LottieAnimationFactory.Point(frame: allFrames[0], value: NSNumber(value: !shows[0]), timing: nil)
                ]
                for k in 1..<shows.count where shows[k] != shows[k - 1] {
                    // A hair early, so that the frame itself (rounded in seconds) shows the new document.
                    points.append(
                        .init(
                            frame: allFrames[k] - LottieAnimationFactory.jumpEarly,
                            value: NSNumber(value: !shows[k]), timing: nil))
                }
                if points.count > 1 {
                    factory.add("hidden", points: points, to: holder) { $0.calculationMode = .discrete }
                }
            }
            try buildDocument(keyframe.document, of: text, into: holder, map: map, luma: luma, path: documentPath)
            parent.addSublayer(holder)
        }
    }

    private mutating func buildDocument(
        _ document: LottieText.Document, of text: LottieText, into holder: CALayer,
        map: LottieTimeMap, luma: Bool, path: String
    ) throws(LottieError) {
        guard document.size > 0, !document.text.isEmpty else { return }
        let glyphs = glyphSource(for: document, path: path)
        let layout = LottieTextLayout(document, ascent: glyphs.ascent, shape: glyphs.shape)
        if layout.truncated {
            warn(.textTooLong("more than \(LottieLimits.maximumTextCharacters) characters", at: path))
        }
        let drawn = layout.glyphs.indices.filter { !layout.glyphs[$0].path.isEmpty }
        guard !drawn.isEmpty else { return }

        // Styles at the sampled frames (one frame when nothing animates them).
        var frames = [factory.inPoint]
        if !text.animators.isEmpty {
            frames = factory.sampleFrames()
            let most = max(2, Self.maximumTextSamples / max(1, drawn.count))
            if frames.count > most {
                let all = frames
                frames = (0..<most).map { all[($0 * (all.count - 1)) / (most - 1)] }
            }
        }
        let table = frames.map { text.styles(of: layout, document: document, at: map.localFrame($0)) }
        let anchor = CGPoint(x: text.anchor[0], y: text.anchor[1])

        for g in drawn {
            let glyph = layout.glyphs[g]
            let styles = table.map { $0[g] }
            let node = try make(CALayer(), at: path)
            node.bounds = CGRect(x: anchor.x, y: anchor.y, width: 0, height: 0)
            bind("position", styles, on: node, frames: frames) { s in
                NSValue(
                    cgPoint: CGPoint(
                        x: glyph.origin.x + anchor.x + s.offset.x, y: glyph.origin.y + anchor.y + s.offset.y))
            } setModel: {
                node.position = ($0 as! NSValue).cgPointValue
            }
            bind("transform", styles, on: node, frames: frames) { s in
                NSValue(caTransform3D: Self.glyphTransform(s))
            } setModel: {
                node.transform = ($0 as! NSValue).caTransform3DValue
            }
            bind("opacity", styles, on: node, frames: frames) {
                NSNumber(value: Float($0.opacity))
            } setModel: {
                node.opacity = ($0 as! NSNumber).floatValue
            }

            var paints: [CALayer] = []
            if let firstFill = styles.first(where: { $0.fillColor != nil })?.fillColor {
                let fill = try make(CAShapeLayer(), at: path)
                fill.path = glyph.path
                fill.strokeColor = nil
                fill.fillRule = .nonZero
                bind("fillColor", styles, on: fill, frames: frames) { s in
                    Self.paintColor(s.fillColor ?? firstFill, luma: luma)
                } setModel: {
                    fill.fillColor = ($0 as! CGColor)
                }
                bind("opacity", styles, on: fill, frames: frames) { s in
                    NSNumber(value: Float(s.fillColor == nil ? 0 : s.fillOpacity))
                } setModel: {
                    fill.opacity = ($0 as! NSNumber).floatValue
                }
                paints.append(fill)
            }
            if let firstStroke = styles.first(where: { $0.strokeColor != nil && $0.strokeWidth > 0 })?.strokeColor {
                let stroke = try make(CAShapeLayer(), at: path)
                stroke.path = glyph.path
                stroke.fillColor = nil
                stroke.lineJoin = .round
                bind("strokeColor", styles, on: stroke, frames: frames) { s in
                    Self.paintColor(s.strokeColor ?? firstStroke, luma: luma)
                } setModel: {
                    stroke.strokeColor = ($0 as! CGColor)
                }
                bind("lineWidth", styles, on: stroke, frames: frames) {
                    NSNumber(value: $0.strokeWidth)
                } setModel: {
                    stroke.lineWidth = CGFloat(($0 as! NSNumber).doubleValue)
                }
                bind("opacity", styles, on: stroke, frames: frames) { s in
                    NSNumber(value: Float(s.strokeColor == nil ? 0 : s.strokeOpacity))
                } setModel: {
                    stroke.opacity = ($0 as! NSNumber).floatValue
                }
                if document.strokeOverFill { paints.append(stroke) } else { paints.insert(stroke, at: 0) }
            }
            for paint in paints { node.addSublayer(paint) }
            holder.addSublayer(node)
        }
    }

    /// Sets the model value of `keyPath` from the first style, and animates it through
    /// the sampled frames when the value changes.
    private mutating func bind(
        _ keyPath: String, _ styles: [LottieText.GlyphStyle], on layer: CALayer, frames: [Double],
        value: (LottieText.GlyphStyle) -> Any, setModel: (Any) -> Void
    ) {
        setModel(value(styles[0]))
        guard styles.contains(where: { $0 != styles[0] }) else { return }
        let values = styles.map(value)
        // Only where this value itself changes (another property of the style may be what moves).
        guard values.contains(where: { !Self.same($0, values[0]) }) else { return }
        factory.add(keyPath, points: zip(frames, values).map { .init(frame: $0, value: $1, timing: nil) }, to: layer)
    }

    private static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let a as NSNumber, let b as NSNumber): return a == b
        case (let a as NSValue, let b as NSValue): return a == b
        case (let a as CGColor, let b as CGColor): return a == b
        default: return false
        }
    }

    static func glyphTransform(_ s: LottieText.GlyphStyle) -> CATransform3D {
        // Scaled first, then turned (ThorVG scales the glyph inside its turned group).
        let scale = CATransform3DMakeScale(s.scale.x, s.scale.y, 1)
        guard s.rotation != 0 else { return scale }
        return CATransform3DConcat(scale, CATransform3DMakeRotation(s.rotation * .pi / 180, 0, 0, 1))
    }

    // MARK: Glyphs

    /// Where a document's glyphs come from: the file's `chars` for its font, else the installed font.
    struct GlyphSource {
        var ascent: Double
        var shape: (Character) -> LottieTextLayout.Shape?
    }

    mutating func glyphSource(for document: LottieText.Document, path: String) -> GlyphSource {
        let size = document.size
        let entry = composition.fonts.first { $0.name == document.font }
        let family = entry?.family ?? document.font, style = entry?.style ?? ""
        // The file's glyphs for this font, 100 units to the em.
        var own: [String: (path: CGPath, width: Double)] = [:]
        for c in composition.characters where c.family == family && (entry == nil || c.style == style) {
            guard own[c.character] == nil else { continue }
            let key = "\(c.family)\u{0}\(c.style)\u{0}\(c.character)"
            let outline = characterOutlines[key] ?? Self.outline(c.shapes)
            characterOutlines[key] = outline
            own[c.character] = (outline, c.width)
        }
        let needsFont = document.text.contains { c in
            !(c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}") && own[String(c)] == nil
        }
        var font: CTFont?
        var fontName = ""
        if needsFont {
            let candidates = [entry?.name, entry.map { "\($0.family) \($0.style)" }, entry?.family, document.font]
                .compactMap { $0 }.filter { !$0.isEmpty }
            // The file's family and style, as fontconfig matches them; else the names as CATextLayer reads them.
            font =
                entry.flatMap { CTFont(family: $0.family, style: $0.style, size: size) }
                ?? candidates.lazy.map { CTFontCreateWithName($0, size, nil) }.first { $0.isInstalled }
            fontName = font.map { CTFontCopyPostScriptName($0) } ?? "DejaVu Sans"
            if font == nil {
                let fallback = CTFontCreateWithName(candidates.first ?? "", size, nil)
                if CTFontGetAscent(fallback) == 0 && CTFontGetDescent(fallback) == 0 {
                    warn(.textNoFont(at: path))
                } else {
                    font = fallback
                    warn(.textFont(candidates.first ?? "", at: path))
                }
            }
            if font != nil, !own.isEmpty { warn(.textMissingGlyphs(fontName, at: path)) }
        }
        let scale = size / 100
        let ascent = entry?.ascent.map { $0 * scale } ?? font.map { Double(CTFontGetAscent($0)) } ?? size * 0.75
        let unitScale = CGAffineTransform(scaleX: scale, y: scale)
        var cache: [Character: LottieTextLayout.Shape?] = [:]
        return GlyphSource(ascent: ascent) { c in
            if let known = cache[c] { return known }
            var result: LottieTextLayout.Shape?
            if let g = own[String(c)] {
                let scaled = CGMutablePath()
                scaled.addPath(g.path, transform: unitScale)
                result = .init(path: scaled, advance: g.width * scale)
            } else if let font {
                result = Self.fontShape(c, font: font)
            }
            cache[c] = result
            return result
        }
    }

    /// A character of an installed font, y down.
    static func fontShape(_ c: Character, font: CTFont) -> LottieTextLayout.Shape {
        let units = Array(String(c).utf16)
        var glyphs = [CGGlyph](repeating: 0, count: max(units.count, 1))
        _ = units.withUnsafeBufferPointer { u in
            glyphs.withUnsafeMutableBufferPointer { g in
                CTFontGetGlyphsForCharacters(font, u.baseAddress!, g.baseAddress!, units.count)
            }
        }
        var flip = CGAffineTransform(scaleX: 1, y: -1)
        let path = CTFontCreatePathForGlyph(font, glyphs[0], &flip) ?? CGMutablePath()
        let advance = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, nil, 1)
        return .init(path: path, advance: advance)
    }

    /// The paths of a glyph's shapes (groups' paths, at their first values; their transforms
    /// and paints are not used, as ThorVG and lottie-web fill glyphs with the document's colour).
    static func outline(_ items: [LottieShapeItem], depth: Int = 0) -> CGPath {
        let path = CGMutablePath()
        for item in items {
            switch item {
            case .path(let p): path.addPath(LottieGeometry.bezier(p.shape.value, keepCurves: true))
            case .group(let g) where depth < LottieLimits.maximumGroupDepth:
                path.addPath(outline(g.items, depth: depth + 1))
            default: break
            }
        }
        return path
    }
}
