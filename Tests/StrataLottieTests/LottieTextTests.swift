import Foundation
import Strata
import Testing

@testable import StrataLottie

@Suite("Lottie text layers")
struct LottieTextTests {
    /// The per-character layers of a built tree (those holding a glyph's fill), in drawing order.
    func glyphNodes(_ root: CALayer) -> [CALayer] {
        allLayers(root).filter { layer in
            (layer.sublayers ?? []).contains { $0 is CAShapeLayer } && !(layer is CAShapeLayer)
        }
        .filter { $0.name == nil }
    }

    func textLayer(
        _ text: String, font: String = "DejaVu Sans", size: Double = 20, extra: String = "",
        animators: String = "[]"
    ) -> String {
        #"{"ty":5,"ks":{"p":{"a":0,"k":[10,50]}},"ip":0,"op":30,"st":0,"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","s":\#(size),"f":"\#(font)","fc":[0,0,1]\#(extra)}}]},"a":\#(animators)}}"#
    }

    func near(_ color: CGColor?, _ rgb: [Double]) -> Bool {
        guard let c = color?.components, c.count >= 3 else { return false }
        return zip(c, rgb).allSatisfy { abs(Double($0) - $1) < 1e-6 }
    }

    @Test func readsDocumentsFontsAndCharacters() throws {
        let c = try LottieFiles.load("text_chars")
        #expect(c.warnings.isEmpty)
        #expect(c.fonts == [LottieFont(name: "Blocks-Regular", family: "Blocks", style: "Regular", ascent: 70)])
        #expect(c.characters.map(\.character).sorted() == [" ", "E", "H", "I", "L", "T"])
        guard case .text(let text) = c.layers[0].content else {
            Issue.record("not a text layer")
            return
        }
        #expect(text.documents.map(\.time) == [0, 15])
        let first = text.documents[0].document
        #expect(first.text == "HELL\rTILE" && first.size == 36 && first.justification == 2 && first.tracking == 50)
        #expect(first.lineHeight == 44 && first.fillColor == [0.8, 0.1, 0.1])
        #expect(text.document(at: 14.9).text == "HELL\rTILE" && text.document(at: 15).text == "LIT\rHELL")
    }

    @Test func laysOutLinesWithJustificationTrackingAndLineHeight() throws {
        var d = LottieText.Document()
        d.size = 50
        d.text = "ab\rc"
        d.tracking = 100  // a tenth of an em: 5 points
        d.lineHeight = 60
        d.justification = 2
        d.baselineShift = 4
        let shape = LottieTextLayout.Shape(
            path: CGPath(rect: CGRect(x: 0, y: -10, width: 10, height: 10), transform: nil),
            advance: 20)
        let layout = LottieTextLayout(d, ascent: 40) { _ in shape }
        #expect(
            layout.glyphs.map(\.origin) == [CGPoint(x: -25, y: -4), CGPoint(x: 0, y: -4), CGPoint(x: -12.5, y: 56)])
        #expect(layout.glyphs.map(\.line) == [0, 0, 1] && layout.characterCount == 3 && layout.lineCount == 2)

        // Box text wraps at the space before a word that would overflow, one ascent below the box top.
        d = LottieText.Document()
        d.size = 10
        d.text = "aa aa"
        d.lineHeight = 12
        d.boxPosition = [5, 7]
        d.boxSize = [50, 100]
        let boxed = LottieTextLayout(d, ascent: 8) { _ in shape }
        #expect(
            boxed.glyphs.map(\.origin) == [
                CGPoint(x: 5, y: 15), CGPoint(x: 25, y: 15), CGPoint(x: 5, y: 27), CGPoint(x: 25, y: 27),
            ])
        #expect(boxed.wordCount == 2)
    }

    @Test func rangeSelectorsShapeTheirAmount() {
        var s = LottieText.Selector()
        let whole = s.range(at: 0)
        #expect((0..<4).map { s.factor(Double($0), total: 4, range: whole) } == [1, 1, 1, 1])
        s.start = LottieProperty(30)  // 1.2 of 4 characters: the second is 80% selected
        let r = s.range(at: 0)
        let f = (0..<4).map { s.factor(Double($0), total: 4, range: r) }
        #expect(f[0] == 0 && abs(f[1] - 0.8) < 1e-9 && f[2] == 1 && f[3] == 1)
        s.smoothness = LottieProperty(0)
        #expect((0..<4).map { s.factor(Double($0), total: 4, range: s.range(at: 0)) } == [0, 1, 1, 1])
        s = LottieText.Selector()
        s.shape = .rampUp
        s.amount = LottieProperty(50)
        let ramp = (0..<4).map { s.factor(Double($0), total: 4, range: s.range(at: 0)) }
        #expect(ramp == [0.0625, 0.1875, 0.3125, 0.4375])
        s.shape = .triangle
        s.inUnits = true
        s.end = LottieProperty(2)
        #expect(
            s.factor(0, total: 4, range: s.range(at: 0)) == 0.25 && s.factor(3, total: 4, range: s.range(at: 0)) == 0)
    }

    @Test func documentsShowInTurn() throws {
        let c = try LottieFiles.load("text_chars")
        let shown: (Double) throws -> [String] = { frame in
            let root = try presentation(c, frame: frame)
            return allLayers(root).filter { ($0.name ?? "").hasPrefix("text ") && !$0.isHidden }.compactMap(\.name)
        }
        #expect(try shown(0) == ["text 0"])
        #expect(try shown(14) == ["text 0"])
        #expect(try shown(15) == ["text 1"])
        #expect(try shown(29) == ["text 1"])
        // "LIT" and "HELL", right justified: the last character of each line ends at x 0.
        let root = try presentation(c, frame: 20)
        let holder = try #require(allLayers(root).first { $0.name == "text 1" })
        let nodes = glyphNodes(holder)
        #expect(nodes.count == 7)
        #expect(abs(nodes[0].position.x - (-(34 + 60 + 66) * 0.3)) < 1e-9 && nodes[0].position.y == 0)
        #expect(nodes[3].position.y == 40)
    }

    @Test func animatorsMoveFadeAndRecolourTheirRange() throws {
        let c = try LottieFiles.load("text_animator")
        #expect(c.warnings.isEmpty)
        let start = glyphNodes(try presentation(c, frame: 0))
        #expect(start.count == 7)  // "HELL THE" less the space
        #expect(start.allSatisfy { $0.opacity == 0 && $0.position.y == -30 })
        let end = glyphNodes(try presentation(c, frame: 29))
        #expect(end.allSatisfy { $0.opacity == 1 && $0.position.y == 0 })
        let fill = try #require(end[0].sublayers?.first as? CAShapeLayer)
        #expect(near(fill.fillColor, [0.9, 0.2, 0.1]))
        // At frame 15 the range starts at 4.14 characters: the first four are clear of it, "T" (index 5) in it.
        let middle = glyphNodes(try presentation(c, frame: 15))
        #expect(middle[0].opacity == 1 && middle[3].opacity == 1 && middle[4].opacity == 0)
        let blue = try #require(middle[4].sublayers?.first as? CAShapeLayer)
        #expect(near(blue.fillColor, [0.1, 0.3, 0.9]))
    }

    @Test func installedFontsAreDrawn() throws {
        let c = try LottieFiles.load("text_font")
        #expect(c.warnings.isEmpty)
        let tree = try c.makeLayerTree()
        #expect(tree.warnings.isEmpty)
        let root = try presentation(c, frame: 0)
        #expect(glyphNodes(root).count == 10)  // "Strata" and "text"
        // Drawn on the CPU: green ink on the first baseline (y 80) from x 20, none above the ascent or left of x 20.
        let ctx = try #require(
            CGContext(
                data: nil, width: 200, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 200)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let image = try #require(ctx.makeImage())
        func ink(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for y in ys { for x in xs where image.pixels[(y * 200 + x) * 4 + 3] > 128 { n += 1 } }
            return n
        }
        #expect(ink(20..<140, 50..<81) > 300)  // "Strata": cap height 0.73 em, 29 points
        #expect(ink(0..<200, 0..<48) == 0)
        #expect(ink(0..<19, 0..<200) == 0)
        #expect(ink(20..<100, 100..<127) > 150)  // "text" on the second baseline (126)
        let i = try #require((0..<(200 * 200)).first { image.pixels[$0 * 4 + 3] == 255 })
        #expect(image.pixels[i * 4 + 1] > image.pixels[i * 4] && image.pixels[i * 4 + 1] > image.pixels[i * 4 + 2])
    }

    @Test func badTextIsBounded() throws {
        // A font that is not installed: drawn with the default font, with a warning.
        let missing = try lottie(layers: "[\(textLayer("Hi", font: "NoSuchFont-Bold"))]")
        let tree = try missing.makeLayerTree()
        #expect(
            tree.warnings.map(\.description).contains {
                $0.contains("font \"NoSuchFont-Bold\" is not installed; drawn with the default font")
            })
        #expect(glyphNodes(tree.root).count == 2)
        // Huge text: cut at the limit, with a warning.
        let huge = String(repeating: "ab ", count: 4_000)
        let long = try lottie(layers: "[\(textLayer(huge))]")
        let longTree = try long.makeLayerTree()
        #expect(longTree.warnings.map(\.description).contains { $0.contains("more than 5000 characters") })
        #expect(glyphNodes(longTree.root).count <= LottieLimits.maximumTextCharacters)
        // Odd values: no size, no text, absurd selector numbers, a text layer without t.
        let odd = try lottie(
            layers: """
                [\(textLayer("", extra: #","sz":[-1,5]"#)), \(textLayer("x", size: 0)),
                 \(textLayer("xy", animators: #"[{"s":{"s":{"a":0,"k":1e300},"e":{"a":0,"k":-1e300},"sh":9,"rn":1},"a":{"o":{"a":0,"k":0}}}]"#)),
                 {"ty":5,"ks":{}}]
                """)
        let oddTree = try odd.makeLayerTree()
        #expect(glyphNodes(oddTree.root).count == 2)
        #expect(odd.warnings.map(\.description).contains { $0.contains("randomized order is not supported") })
        #expect(odd.warnings.map(\.description).contains { $0.contains("a text layer without text (t) draws nothing") })
    }

    /// The glyph outlines of "Sa" set in a font listed as `name`, of `family` in `style`, with no chars.
    func glyphPaths(family: String, style: String, name: String) throws -> [CGPath] {
        let header =
            #""v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":100,"fonts":{"list":[{"fName":"\#(name)","#
            + #""fFamily":"\#(family)","fStyle":"\#(style)","ascent":75}]}"#
        let tree = try lottie(layers: "[\(textLayer("Sa", font: name, size: 30))]", header: header).makeLayerTree()
        return glyphNodes(tree.root).compactMap { ($0.sublayers?.first as? CAShapeLayer)?.path }
    }

    func same(_ a: [CGPath], _ b: [CGPath]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.boundingBoxOfPath == $1.boundingBoxOfPath && $0.elements.count == $1.elements.count
            }
    }

    @Test func namedFontsAreFoundByFamilyAndStyle() throws {
        // The family and style find the face the file name names, whatever the font's own name is.
        let boldItalic = try glyphPaths(family: "DejaVu Serif", style: "Bold Italic", name: "Heading")
        #expect(boldItalic.count == 2)
        #expect(same(boldItalic, try glyphPaths(family: "Unknown", style: "", name: "DejaVuSerif-BoldItalic")))
        #expect(!same(boldItalic, try glyphPaths(family: "DejaVu Serif", style: "Book", name: "Body")))
        let monoBold = try glyphPaths(family: "DejaVu Sans Mono", style: "Bold", name: "Code")
        #expect(same(monoBold, try glyphPaths(family: "Unknown", style: "", name: "DejaVuSansMono-Bold")))
        #expect(!same(monoBold, try glyphPaths(family: "DejaVu Sans Mono", style: "Regular", name: "Code")))

        // The animation: three documents; only the family nobody has is warned about, drawn in DejaVu Sans.
        let c = try LottieFiles.load("text_fontconfig")
        #expect(c.warnings.isEmpty)
        let tree = try c.makeLayerTree()
        #expect(
            tree.warnings.map(\.description) == [
                #"layers[2].t.d.k[0]: font "Missing" is not installed; drawn with the default font (DejaVu Sans)"#
            ])
        #expect(glyphNodes(tree.root).count == 13)
        let none = try glyphPaths(family: "No Such Family", style: "Regular", name: "Missing")
        #expect(same(none, try glyphPaths(family: "DejaVu Sans", style: "Book", name: "Sans")))
    }
}
