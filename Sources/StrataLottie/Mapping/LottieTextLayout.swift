import Foundation
import Strata

/// A text document laid out: each character's outline and pen position on
/// its baseline, in the layer's space (y down), before animators.
///
/// As ThorVG and lottie-web place text: point text has its first baseline at
/// y 0 (less the baseline shift) and each line starts at x 0, at −width
/// (right) or −width / 2 (centre); box text starts one ascent below the box
/// top and is justified within the box width, wrapping at spaces. A line's
/// width counts every character's advance plus tracking, the last one's
/// included; characters are not kerned (each has its own advance).
struct LottieTextLayout {
    /// One character.
    struct Glyph {
        /// The outline in points with the pen at the origin (y down); empty for spaces.
        var path: CGPath
        /// The pen position on the baseline.
        var origin: CGPoint
        /// Its index among the text's characters (line breaks not counted).
        var index: Int
        /// Its index among the characters that are not spaces (a space gets the next one's).
        var indexExcludingSpaces: Int
        /// The word it belongs to (spaces belong to the word before them).
        var word: Int
        /// The line it is on.
        var line: Int
        var isSpace: Bool
    }

    /// A character's outline and advance, in points.
    struct Shape {
        var path: CGPath
        var advance: Double
    }

    var glyphs: [Glyph] = []
    /// How each line moves when animators add tracking: 0 (left), 0.5 (centre) or 1 (right) of the added width.
    var lineJustification: [Double] = []
    var characterCount = 0
    var nonSpaceCount = 0
    var wordCount = 0
    var lineCount = 0
    /// The text had more than ``LottieLimits/maximumTextCharacters`` characters (the rest is left out).
    var truncated = false

    /// Lays out `document`; `shape` gives each character's outline at the document's size
    /// (nil: the character is left out), `ascent` the font's ascent in points.
    init(_ document: LottieText.Document, ascent: Double, shape: (Character) -> Shape?) {
        let size = document.size
        let tracking = document.tracking / 1000 * size
        let lineHeight = document.lineHeight ?? size * 1.2
        let justify: Double = document.justification == 1 ? 1 : document.justification == 2 ? 0.5 : 0
        let boxWidth = document.boxSize.map { $0[0] } ?? 0
        let boxHeight = document.boxSize.map { $0[1] } ?? 0
        let box = document.boxPosition ?? [0, 0]
        let top = document.boxSize == nil ? 0 : box[1] + min(ascent, boxHeight)

        // Characters by paragraph, line breaks dropped.
        var paragraphs: [[(Character, Shape?)]] = [[]]
        var count = 0
        for c in document.text {
            if c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}" {
                paragraphs.append([])
                continue
            }
            if count == LottieLimits.maximumTextCharacters {
                truncated = true
                break
            }
            count += 1
            paragraphs[paragraphs.count - 1].append((c, shape(c)))
        }
        func advance(_ item: (Character, Shape?)) -> Double { (item.1?.advance ?? 0) + (item.1 == nil ? 0 : tracking) }

        // Lines: box text wraps before a word that would overflow the box, and inside a word too wide for it.
        var lines: [[(Character, Shape?)]] = []
        for paragraph in paragraphs {
            guard boxWidth > 0 else {
                lines.append(paragraph)
                continue
            }
            var line: [(Character, Shape?)] = []
            var width = 0.0
            var i = 0
            while i < paragraph.count {
                let item = paragraph[i]
                if item.0 == " " {
                    var next = 0.0
                    var j = i + 1
                    while j < paragraph.count, paragraph[j].0 != " " {
                        next += advance(paragraph[j])
                        j += 1
                    }
                    if width + advance(item) + next > boxWidth, j > i + 1 {
                        lines.append(line)
                        line = []
                        width = 0
                        i += 1
                        continue
                    }
                } else if width > 0, width + advance(item) > boxWidth {
                    lines.append(line)
                    line = []
                    width = 0
                    continue
                }
                line.append(item)
                width += advance(item)
                i += 1
            }
            lines.append(line)
        }

        var index = 0, nonSpace = 0, word = -1, previousWasSpace = true
        for (n, line) in lines.enumerated() {
            let width = line.reduce(0) { $0 + advance($1) }
            var x = box[0] + justify * (boxWidth - width)
            let y = top + Double(n) * lineHeight - document.baselineShift
            for item in line {
                let isSpace = item.0.isWhitespace
                if !isSpace && previousWasSpace { word += 1 }
                previousWasSpace = isSpace
                if let shape = item.1 {
                    glyphs.append(
                        Glyph(
                            path: shape.path, origin: CGPoint(x: x, y: y), index: index,
                            indexExcludingSpaces: nonSpace, word: max(word, 0), line: n, isSpace: isSpace))
                }
                x += advance(item)
                index += 1
                if !isSpace { nonSpace += 1 }
            }
            // A line break starts a new word.
            previousWasSpace = true
        }
        lineJustification = Array(repeating: justify, count: lines.count)
        characterCount = index
        nonSpaceCount = nonSpace
        wordCount = word + 1
        lineCount = lines.count
    }
}
