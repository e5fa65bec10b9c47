import Foundation

/// What text layout needs of a font at one size: glyphs, their advances and
/// kerning, in the layout's units (device pixels for the renderer's text,
/// see StrataLayerRaster; pixels of a `CGContext` for `CATextLayer.draw(in:)`).
package protocol TextMetrics {
    /// The glyph for a Unicode scalar (0, `.notdef`, when the font lacks it).
    func glyphIndex(for scalar: UInt32) -> UInt32
    /// How far the pen moves after the glyph.
    func advance(of glyph: UInt32) -> Double
    /// The kerning between two glyphs.
    func kerning(_ left: UInt32, _ right: UInt32) -> Double
}

/// One character of a paragraph, mapped to its glyph and measured.
package struct TextItem: Sendable {
    package var scalar: Unicode.Scalar
    /// The glyph index in the layout's face (0 is `.notdef`).
    package var glyph: UInt32
    /// How far the pen moves after the glyph.
    package var advance: Double
    /// Breakable white space: hangs past the line end and stretches when justified.
    package var isSpace: Bool
    /// A line may break just before this item (ideographs).
    package var breakBefore: Bool
    /// A line may break just after this item (hyphens, ideographs).
    package var breakAfter: Bool
}

/// One laid-out line of a text layer, in the layout's units from the bounds' top-left.
package struct TextLine: Sendable {
    /// The glyphs drawn, each with its pen position from the line's start.
    package var glyphs: [(glyph: UInt32, x: Double)]
    /// What the line shows (with "…" where it was truncated); for tests and debugging.
    package var text: String
    /// Where the line starts (alignment offset).
    package var x: Double
    /// The line's width without trailing spaces (before justification stretches it).
    package var width: Double
    /// The baseline, a whole unit.
    package var baseline: Double
}

/// Line layout as Core Animation lays out a text layer: lines from the
/// top-left of the bounds, the first baseline one ascender down, one font line
/// height apart; newlines start lines; wrapping at word boundaries; alignment
/// per line; "…" where a line is truncated.
///
/// Shared by the renderer's text (FreeType bitmaps, StrataLayerRaster) and
/// `CATextLayer.draw(in:)` (outlines into a `CGContext`), so both break,
/// align and truncate a string alike.
package struct TextLineLayout<Metrics: TextMetrics> {
    /// Unicode scalars laid out at most; the rest of a longer string is dropped.
    static var maximumScalars: Int { 100_000 }

    package let metrics: Metrics

    package init(metrics: Metrics) { self.metrics = metrics }

    /// The lines of `string` laid out in bounds of `width` × `height`
    /// (the metrics' units) with the font's `ascender` and `lineHeight`:
    /// one line per newline, wrapped when `wrapped`, truncated as
    /// `truncation` says, aligned by `alignment`; only the lines that may show.
    package func lines(
        of string: String, width: Double, height: Double, ascender: Double, lineHeight: Double,
        alignment: TextContent.Alignment, wrapped: Bool, truncation: TextContent.Truncation
    )
        -> [TextLine]
    {
        let truncating = truncation != .none
        // Lines whose top is inside the bounds, and one more for ink that reaches above its line.
        let drawable = Int(min(1e6, (height / lineHeight).rounded(.up))) + 1
        // Wrapped text truncates its last fully visible line.
        let fullyVisible = max(1, Int(min(1e6, ((height + 1e-6) / lineHeight).rounded(.down))))
        let lineLimit = wrapped && truncating ? fullyVisible : drawable
        let ellipsis = ellipsisItems()

        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(min(string.unicodeScalars.underestimatedCount, Self.maximumScalars))
        for s in string.unicodeScalars {
            if scalars.count == Self.maximumScalars { break }
            scalars.append(s)
        }

        var lines: [TextLine] = []
        var p = 0
        paragraphs: while lines.count < lineLimit {
            // Gather one paragraph: up to a line separator or the end.
            var items: [TextItem] = []
            var endedByNewline = false
            while p < scalars.count {
                let s = scalars[p]
                p += 1
                if Self.isNewline(s.value) {
                    if s.value == 0x0D, p < scalars.count, scalars[p].value == 0x0A { p += 1 }
                    endedByNewline = true
                    break
                }
                if let item = self.item(s) { items.append(item) }
            }
            func place(_ content: ArraySlice<TextItem>, justify: Bool) {
                lines.append(
                    placeLine(
                        content, index: lines.count, alignment: alignment, width: width,
                        ascender: ascender, lineHeight: lineHeight, justify: justify))
            }
            if wrapped {
                let ranges = wrap(items, width: width, limit: lineLimit - lines.count)
                for (k, range) in ranges.enumerated() {
                    let lastInParagraph = k == ranges.count - 1 && !Self.hasInk(items[range.upperBound...])
                    if truncating && lines.count == lineLimit - 1 {
                        // The last line that shows: the rest of the paragraph, elided if more follows.
                        let rest = items[range.lowerBound...]
                        let more = !lastInParagraph || Self.hasInk(scalars[p...])
                        if more || measure(rest) > width {
                            let cut = truncate(
                                rest, width: width, mode: truncation, ellipsis: ellipsis,
                                force: more)
                            place(cut[...], justify: false)
                            break paragraphs
                        }
                    }
                    place(items[range], justify: alignment == .justified && !lastInParagraph)
                    if lines.count >= lineLimit { break paragraphs }
                }
            } else if truncating && measure(items[...]) > width {
                place(
                    truncate(
                        items[...], width: width, mode: truncation, ellipsis: ellipsis,
                        force: false)[...], justify: false)
            } else {
                place(items[...], justify: false)
            }
            if !endedByNewline && p >= scalars.count { break }
        }
        return lines
    }

    /// One character as a layout item; nil for characters that draw nothing and take no room.
    package func item(_ s: Unicode.Scalar) -> TextItem? {
        let v = s.value
        if Self.isIgnorable(v) { return nil }
        if v == 0x09 {
            // A tab is four spaces wide (no tab stops).
            let space = metrics.glyphIndex(for: 0x20)
            return TextItem(
                scalar: s, glyph: space, advance: 4 * metrics.advance(of: space), isSpace: true,
                breakBefore: false, breakAfter: false)
        }
        let glyph = metrics.glyphIndex(for: v)
        let ideograph = Self.isIdeograph(v)
        return TextItem(
            scalar: s, glyph: glyph, advance: metrics.advance(of: glyph), isSpace: Self.isBreakingSpace(v),
            breakBefore: ideograph,
            breakAfter: ideograph || v == 0x2D || v == 0x2010 || v == 0x2013 || v == 0x2014)
    }

    /// "…", or "..." in a font without it.
    func ellipsisItems() -> [TextItem] {
        if metrics.glyphIndex(for: 0x2026) != 0, let e = item("\u{2026}") { return [e] }
        return item(".").map { [$0, $0, $0] } ?? []
    }

    /// The pen advance over `items`, kerning included, without trailing spaces.
    package func measure(_ items: ArraySlice<TextItem>) -> Double {
        var end = items.endIndex
        while end > items.startIndex, items[end - 1].isSpace { end -= 1 }
        var pen = 0.0
        var i = items.startIndex
        while i < end {
            if i > items.startIndex { pen += metrics.kerning(items[i - 1].glyph, items[i].glyph) }
            pen += items[i].advance
            i += 1
        }
        return pen
    }

    /// Line ranges of a paragraph wrapped to `width` pixels: breaks after spaces
    /// (which hang past the edge), after hyphens and around ideographs; a word
    /// longer than a line breaks between characters. At most `limit` ranges.
    func wrap(_ items: [TextItem], width: Double, limit: Int) -> [Range<Int>] {
        guard !items.isEmpty else { return [0..<0] }
        var ranges: [Range<Int>] = []
        var start = 0
        let n = items.count
        while start < n && ranges.count < limit {
            var pen = 0.0
            var lastBreak: Int?
            var end = n
            var i = start
            while i < n {
                let item = items[i]
                var w = item.advance
                if i > start { w += metrics.kerning(items[i - 1].glyph, item.glyph) }
                if item.isSpace {
                    pen += w
                    i += 1
                    lastBreak = i
                    continue
                }
                if item.breakBefore && i > start { lastBreak = i }
                if pen + w > width + 1e-6 && i > start {
                    end = lastBreak ?? i
                    break
                }
                pen += w
                i += 1
                if item.breakAfter { lastBreak = i }
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// `items` cut to fit `width` with the ellipsis where `mode` says; with `force`,
    /// the ellipsis is added even when everything fits (more text is hidden after).
    func truncate(
        _ items: ArraySlice<TextItem>, width: Double, mode: TextContent.Truncation,
        ellipsis: [TextItem], force: Bool
    ) -> [TextItem] {
        let e = measure(ellipsis[...])
        var budget = width - e
        // Kerning against the ellipsis is not known until the cut is made: retry a little tighter.
        for _ in 0..<4 {
            let cut: [TextItem]
            if force && measure(items) <= budget {
                cut = Self.trimmed(items, leading: false) + ellipsis
            } else {
                switch mode {
                case .start:
                    let tail = items.suffix(fittingSuffix(items, budget))
                    cut = ellipsis + Self.trimmed(tail, leading: true)
                case .middle where !force:
                    let head = Self.trimmed(items.prefix(fittingPrefix(items, budget / 2)), leading: false)
                    let rest = items.dropFirst(head.count)
                    let tail = rest.suffix(fittingSuffix(rest, budget - measure(head[...])))
                    cut = head + ellipsis + Self.trimmed(tail, leading: true)
                default:
                    cut = Self.trimmed(items.prefix(fittingPrefix(items, budget)), leading: false) + ellipsis
                }
            }
            let over = measure(cut[...]) - width
            if over <= 1e-6 || cut.count <= ellipsis.count { return cut }
            budget -= over
        }
        return ellipsis
    }

    /// How many leading items fit in `budget` pixels.
    func fittingPrefix(_ items: ArraySlice<TextItem>, _ budget: Double) -> Int {
        var pen = 0.0
        for i in items.indices {
            var w = items[i].advance
            if i > items.startIndex { w += metrics.kerning(items[i - 1].glyph, items[i].glyph) }
            if pen + w > budget + 1e-6 && !items[i].isSpace { return i - items.startIndex }
            pen += w
        }
        return items.count
    }

    /// How many trailing items fit in `budget` pixels.
    func fittingSuffix(_ items: ArraySlice<TextItem>, _ budget: Double) -> Int {
        var pen = 0.0
        var i = items.endIndex
        while i > items.startIndex {
            i -= 1
            var w = items[i].advance
            if i < items.endIndex - 1 { w += metrics.kerning(items[i].glyph, items[i + 1].glyph) }
            if pen + w > budget + 1e-6 && !items[i].isSpace { return items.endIndex - 1 - i }
            pen += w
        }
        return items.count
    }

    /// One line's glyphs placed: aligned in `width`, spaces stretched when justified.
    func placeLine(
        _ content: ArraySlice<TextItem>, index: Int, alignment: TextContent.Alignment, width: Double,
        ascender: Double, lineHeight: Double, justify: Bool
    ) -> TextLine {
        let lineWidth = measure(content)
        var inkEnd = content.endIndex
        while inkEnd > content.startIndex, content[inkEnd - 1].isSpace { inkEnd -= 1 }
        let inkStart = content[..<inkEnd].firstIndex { !$0.isSpace } ?? inkEnd
        var stretch = 0.0
        if justify && lineWidth < width {
            let gaps = content[inkStart..<inkEnd].reduce(0) { $0 + ($1.isSpace ? 1 : 0) }
            if gaps > 0 { stretch = (width - lineWidth) / Double(gaps) }
        }
        var glyphs: [(glyph: UInt32, x: Double)] = []
        glyphs.reserveCapacity(content.count)
        var pen = 0.0
        for i in content.indices {
            let item = content[i]
            if i > content.startIndex { pen += metrics.kerning(content[i - 1].glyph, item.glyph) }
            if !item.isSpace { glyphs.append((item.glyph, pen)) }
            pen += item.advance
            if item.isSpace && i > inkStart && i < inkEnd { pen += stretch }
        }
        let x: Double
        switch alignment {
        case .right: x = width - lineWidth
        case .center: x = (width - lineWidth) / 2
        case .natural, .left, .justified: x = 0
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: content.map(\.scalar))
        return TextLine(
            glyphs: glyphs, text: String(text), x: x, width: lineWidth,
            baseline: (ascender + Double(index) * lineHeight).rounded())
    }

    static func trimmed(_ items: ArraySlice<TextItem>, leading: Bool) -> [TextItem] {
        if leading { return Array(items.drop { $0.isSpace }) }
        var end = items.endIndex
        while end > items.startIndex, items[end - 1].isSpace { end -= 1 }
        return Array(items[..<end])
    }

    /// Whether any item draws something (is not white space).
    static func hasInk(_ items: ArraySlice<TextItem>) -> Bool { items.contains { !$0.isSpace } }

    /// Whether any scalar would draw something.
    static func hasInk(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { s in
            !(isNewline(s.value) || isIgnorable(s.value) || isBreakingSpace(s.value) || s.value == 0x09)
        }
    }

    /// Line and paragraph separators.
    static func isNewline(_ v: UInt32) -> Bool {
        (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    /// Controls and default-ignorable characters: no glyph, no advance.
    static func isIgnorable(_ v: UInt32) -> Bool {
        (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v) || v == 0xAD || v == 0x34F
            || (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x206F).contains(v)
            || (0xFE00...0xFE0F).contains(v) || v == 0xFEFF || (0xE0000...0xE0FFF).contains(v)
    }

    /// Spaces a line may break after (not the no-break spaces).
    static func isBreakingSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0x1680 || (0x2000...0x200A).contains(v) && v != 0x2007
            || v == 0x205F || v == 0x3000
    }

    /// CJK ideographs, kana and hangul: a line may break between any two.
    static func isIdeograph(_ v: UInt32) -> Bool {
        (0x2E80...0x2FFF).contains(v) || (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x3FFFF).contains(v)
    }
}
