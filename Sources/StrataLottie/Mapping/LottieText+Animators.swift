import Foundation
import Strata

extension LottieText {
    /// What the animators make of one character at one frame.
    struct GlyphStyle: Equatable {
        /// Added to the pen position, points (animator position, and tracking of the characters before it).
        var offset = CGPoint.zero
        var scale = CGPoint(x: 1, y: 1)
        /// Degrees, clockwise.
        var rotation = 0.0
        /// 0...1.
        var opacity = 1.0
        var fillColor: LottieVector?
        var fillOpacity = 1.0
        var strokeColor: LottieVector?
        var strokeOpacity = 1.0
        var strokeWidth = 0.0
    }

    /// Each glyph's style at `frame` (the layer's own frames), as ThorVG
    /// combines animators: positions, rotations and tracking add up, scales
    /// multiply, and opacities and colours move from what is so far toward
    /// the animator's value by the selector's amount.
    func styles(of layout: LottieTextLayout, document: Document, at frame: Double) -> [GlyphStyle] {
        let base = GlyphStyle(
            fillColor: document.fillColor, strokeColor: document.strokeColor,
            strokeWidth: document.strokeColor == nil ? 0 : document.strokeWidth)
        guard !animators.isEmpty else { return Array(repeating: base, count: layout.glyphs.count) }
        // Values of this frame, per animator.
        struct Frame {
            var opacity, rotation, fillOpacity, strokeOpacity, strokeWidth, tracking: Double?
            var position, scale, fillColor, strokeColor: LottieVector?
        }
        let values = animators.map { a in
            Frame(
                opacity: a.style.opacity?.value(at: frame), rotation: a.style.rotation?.value(at: frame),
                fillOpacity: a.style.fillOpacity?.value(at: frame),
                strokeOpacity: a.style.strokeOpacity?.value(at: frame),
                strokeWidth: a.style.strokeWidth?.value(at: frame), tracking: a.style.tracking?.value(at: frame),
                position: a.style.position?.value(at: frame), scale: a.style.scale?.value(at: frame),
                fillColor: a.style.fillColor?.value(at: frame), strokeColor: a.style.strokeColor?.value(at: frame))
        }
        let ranges = animators.map { $0.selector.range(at: frame) }
        var out: [GlyphStyle] = []
        out.reserveCapacity(layout.glyphs.count)
        var shift = 0.0, line = -1
        var lineShifts = Array(repeating: 0.0, count: layout.lineCount)
        for glyph in layout.glyphs {
            if glyph.line != line {
                line = glyph.line
                shift = 0
            }
            var s = base
            for (i, animator) in animators.enumerated() {
                let (position, total): (Int, Int)
                switch animator.selector.basis {
                case .characters: (position, total) = (glyph.index, layout.characterCount)
                case .charactersExcludingSpaces: (position, total) = (glyph.indexExcludingSpaces, layout.nonSpaceCount)
                case .words: (position, total) = (glyph.word, layout.wordCount)
                case .lines: (position, total) = (glyph.line, layout.lineCount)
                }
                let f = animator.selector.factor(Double(position), total: Double(total), range: ranges[i])
                guard f != 0 else { continue }
                let v = values[i]
                if let p = v.position { s.offset.x += f * p[0]; s.offset.y += f * p[1] }
                if let k = v.scale {
                    s.scale.x *= 1 + f * (k[0, default: 100] / 100 - 1)
                    s.scale.y *= 1 + f * (k[1, default: k[0, default: 100]] / 100 - 1)
                }
                if let r = v.rotation { s.rotation += f * r }
                if let o = v.opacity { s.opacity -= f * (s.opacity - Self.unit(o)) }
                if let o = v.fillOpacity { s.fillOpacity -= f * (s.fillOpacity - Self.unit(o)) }
                if let o = v.strokeOpacity { s.strokeOpacity -= f * (s.strokeOpacity - Self.unit(o)) }
                if let c = v.fillColor { s.fillColor = Self.mix(s.fillColor ?? c, c, f) }
                if let c = v.strokeColor { s.strokeColor = Self.mix(s.strokeColor ?? c, c, f) }
                if let w = v.strokeWidth { s.strokeWidth += f * (max(0, w) - s.strokeWidth) }
                // In hundredths of an em, as ThorVG reads it.
                if let t = v.tracking { shift += f * t * document.size / 100 }
            }
            s.offset.x += shift
            lineShifts[glyph.line] = shift
            out.append(s)
        }
        // Tracking widens the line: right and centred lines move left by all or half of it.
        for (i, glyph) in layout.glyphs.enumerated() where lineShifts[glyph.line] != 0 {
            out[i].offset.x -= layout.lineJustification[glyph.line] * lineShifts[glyph.line]
        }
        return out
    }

    static func unit(_ percent: Double) -> Double { min(max(percent / 100, 0), 1) }

    static func mix(_ a: LottieVector, _ b: LottieVector, _ f: Double) -> LottieVector {
        LottieVector((0..<3).map { a[$0] + (b[$0] - a[$0]) * f })
    }
}

extension LottieText.Selector {
    /// The selector's numbers at one frame.
    struct Range {
        var start, end, amount, smoothness, easeHigh, easeLow: Double
    }

    func range(at frame: Double) -> Range {
        let o = offset.value(at: frame)
        return Range(
            start: start.value(at: frame) + o, end: end.value(at: frame) + o, amount: amount.value(at: frame),
            smoothness: smoothness.value(at: frame), easeHigh: easeHigh.value(at: frame),
            easeLow: easeLow.value(at: frame))
    }

    /// How much of the style the unit at `index` of `total` gets (0...1, times the amount), as
    /// ThorVG computes it: square ranges cover whole units with a linear edge one unit wide
    /// (sharper as smoothness falls); the ramps, triangle, round and smooth shapes span the range.
    func factor(_ index: Double, total: Double, range r: Range) -> Double {
        let scale = inUnits ? 1 : max(total, 0) / 100
        let start = r.start * scale, end = r.end * scale
        guard start.isFinite, end.isFinite else { return 0 }
        var f = 0.0
        switch shape {
        case .square:
            let smoothness = r.smoothness / 100
            if smoothness <= 1e-6 {
                f = index >= start.rounded() && index < end.rounded() ? 1 : 0
            } else {
                if index >= start.rounded(.down) {
                    let diff = index - start
                    f = diff < 0 ? min(end, 1) + diff : end - index
                }
                f = (f - (1 - smoothness) * 0.5) / smoothness
            }
        case .rampUp:
            f = start == end ? (index >= end ? 1 : 0) : (0.5 + index - start) / (end - start)
        case .rampDown:
            f = start == end ? (index >= end ? 0 : 1) : 1 - (0.5 + index - start) / (end - start)
        case .triangle:
            f = start == end ? 0 : 2 * (0.5 + index - start) / (end - start)
            f = f < 1 ? f : 2 - f
        case .round:
            guard end > start else { return 0 }
            let i = min(max(index + 0.5 - start, 0), end - start)
            let half = (end - start) / 2, t = i - half
            f = (1 - t * t / (half * half)).squareRoot()
        case .smooth:
            guard end > start else { return 0 }
            let i = min(max(index + 0.5 - start, 0), end - start)
            f = 0.5 * (1 + cos(Double.pi * (1 + 2 * i / (end - start))))
        }
        f = min(max(f.isFinite ? f : 0, 0), 1)
        let high = min(max(r.easeHigh, -100), 100), low = min(max(r.easeLow, -100), 100)
        if high != 0 || low != 0 {
            // Ease high and low bend the falloff along a cubic Bézier, as After Effects' selectors do.
            var p2 = (x: 1.0, y: 1.0), p1 = (x: 0.0, y: 0.0)
            if high > 0 { p2.x = 1 - high / 100 } else { p2.y = 1 + high / 100 }
            if low > 0 { p1.x = low / 100 } else { p1.y = -low / 100 }
            f = LottieBezierEasing.progress(f, out: p1, in: p2)
        }
        return min(max(f, 0), 1) * r.amount / 100
    }
}
