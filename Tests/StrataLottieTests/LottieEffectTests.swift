import Foundation
import Strata
import Testing

@testable import StrataLottie

/// Layer effects: what the reader keeps and warns about, and the shadows and
/// filters the built layers carry (values worked by hand from the files).
@Suite struct LottieEffectTests {
    let k = LottieBuilder.blurrinessToSigma

    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    /// The layer holding `name`'s effects that carries filters or a shadow.
    func effectLayers(_ root: CALayer) -> [CALayer] {
        allLayers(root).filter { ($0.name ?? "").hasSuffix("(effects)") }
    }

    @Test func readerKeepsDrawnEffectsAndWarnsAboutTheRest() throws {
        let c = try LottieFiles.load("effect_unsupported")
        // The radial wipe is named; the slider control and the disabled fill are not warned about.
        #expect(
            c.warnings.map(\.description) == [
                #"layers[0].ef[0]: layer effect "Radial Wipe" (ty 26, ADBE Radial Wipe) is not supported; left out"#
            ])
        #expect(c.layers[0].effects.isEmpty)
        let tree = try c.makeLayerTree()
        #expect(effectLayers(tree.root).isEmpty)

        let shadow = try LottieFiles.load("effect_drop_shadow")
        #expect(shadow.warnings.isEmpty)
        guard
            case .dropShadow(let color, let opacity, let direction, let distance, let softness)? =
                shadow.layers[0].effects.first?.kind
        else { Issue.record("no drop shadow"); return }
        #expect(color.value == [0.1, 0.1, 0.4, 1])
        #expect(opacity.value == 200 && direction.value == 135 && distance.value == 12 && softness.value == 16)
        #expect(shadow.layers[0].effects.first?.source.path == "layers[0].ef[0]")
        #expect(shadow.layers[1].effects.first?.isAnimated == true)
    }

    @Test func effectsThatCannotBeReadAreLeftOutNotThrown() throws {
        let layers = #"""
            [\#(shapeLayer("[]", extra: #""ef":[{"ty":29,"nm":"Blur","ef":[{"ty":0,"v":{"a":0,"k":"lots"}}]},"#
            + #"{"ty":21,"en":0,"ef":"nonsense"},7,{"ty":99}]"#))]
            """#
        let c = try lottie(layers: layers)
        #expect(
            c.warnings.map(\.description) == [
                "layers[0].ef[0].ef[0].v.k: layer effect left out: expected a number, got a string",
                "layers[0].ef[3]: layer effect (ty 99) is not supported; left out",
            ])
        #expect(c.layers[0].effects.isEmpty)
    }

    @Test func dropShadowsBecomeLayerShadows() throws {
        let tree = try LottieFiles.load("effect_drop_shadow").makeLayerTree()
        let holders = effectLayers(tree.root)
        #expect(holders.count == 2)
        // The first layer: direction 135° (down and right) at 12, softness 16, opacity 200 of 255.
        let soft = try #require(holders.first { $0.shadowOpacity > 0 && $0.shadowRadius > 0 })
        #expect(soft.shadowColor == CGColor(srgbRed: 0.1, green: 0.1, blue: 0.4, alpha: 1))
        #expect(near(Double(soft.shadowOpacity), 200 / 255, 1e-6))
        #expect(near(Double(soft.shadowRadius), 16 * k))
        #expect(near(Double(soft.shadowOffset.width), 12 * sin(.pi * 3 / 4)))
        #expect(near(Double(soft.shadowOffset.height), 12 * sin(.pi * 3 / 4)))
        // Its content and the content's parent moved into the holder; the layer keeps its transform.
        #expect(soft.superlayer?.position == CGPoint(x: 60, y: 60))
        #expect(soft.sublayers?.isEmpty == false)
        // The second: straight up at 15 on its first frame, turning clockwise (sampled offsets).
        let hard = try #require(holders.first { $0 !== soft })
        #expect(hard.shadowRadius == 0 && hard.shadowOpacity == 1)
        #expect(near(Double(hard.shadowOffset.width), 0) && near(Double(hard.shadowOffset.height), -15))
        let turning = try #require(tree.animations(of: hard).first { $0.keyPath == "shadowOffset" })
        let composition = try LottieFiles.load("effect_drop_shadow")
        #expect(hard.name == "hard (effects)")
        let later = try #require(layer(named: "hard (effects)", in: try presentation(composition, frame: 29)))
        // Frame 29: 270°, to the left.
        #expect(near(Double(later.shadowOffset.width), -15, 1e-3) && near(Double(later.shadowOffset.height), 0, 1e-3))
        #expect((turning.values?.count ?? 0) >= 29)
    }

    @Test func colourEffectsAndBlursBecomeFilters() throws {
        let tint = try LottieFiles.load("effect_tint").makeLayerTree()
        let tinted = effectLayers(tint.root).compactMap { $0.filters as? [CALayerFilter] }
        let navy = CGColor(srgbRed: 0.05, green: 0.1, blue: 0.4, alpha: 1)
        let yellow = CGColor(srgbRed: 1, green: 0.9, blue: 0.2, alpha: 1)
        let mid = CGColor(srgbRed: 0.525, green: 0.5, blue: 0.30000000000000004, alpha: 1)
        #expect(
            Set(tinted.flatMap { $0 }) == [
                .luminanceMap(shadows: navy, midtones: mid, highlights: yellow, amount: 1),
                .luminanceMap(shadows: navy, midtones: mid, highlights: yellow, amount: 0.5),
            ])

        let tritone = try LottieFiles.load("effect_tritone").makeLayerTree()
        #expect(
            effectLayers(tritone.root).first?.filters as? [CALayerFilter] == [
                .luminanceMap(
                    shadows: CGColor(srgbRed: 0.1, green: 0.05, blue: 0.3, alpha: 1),
                    midtones: CGColor(srgbRed: 0.8, green: 0.3, blue: 0.3, alpha: 1),
                    highlights: CGColor(srgbRed: 1, green: 0.95, blue: 0.6, alpha: 1), amount: 1)
            ])

        // A fill whose colour moves: the filters change every frame; opacity 0.6 is the colour's alpha.
        let fill = try LottieFiles.load("effect_fill")
        let filled = try #require(effectLayers(try fill.makeLayerTree().root).first)
        #expect(
            filled.filters as? [CALayerFilter] == [
                .colorFill(CGColor(srgbRed: 0.1, green: 0.6, blue: 0.3, alpha: 0.6))
            ])
        let end = try #require(layer(named: filled.name!, in: try presentation(fill, frame: 29)))
        #expect(
            end.filters as? [CALayerFilter] == [.colorFill(CGColor(srgbRed: 0.8, green: 0.2, blue: 0.6, alpha: 0.6))])

        // A blur growing from none (no filter on the first frame), and one across only.
        let blur = try LottieFiles.load("effect_gaussian_blur")
        let blurTree = try blur.makeLayerTree()
        let blurred = effectLayers(blurTree.root)
        #expect(blurred.contains { ($0.filters as? [CALayerFilter]) == [] })
        #expect(
            blurred.contains {
                ($0.filters as? [CALayerFilter]) == [
                    .gaussianBlur(radius: CGFloat(20 * k), horizontal: true, vertical: false)
                ]
            })
        #expect(blurred.first { ($0.filters as? [CALayerFilter]) == [] }?.name == "growing (effects)")
        let grown = try #require(layer(named: "growing (effects)", in: try presentation(blur, frame: 29)))
        #expect(grown.filters as? [CALayerFilter] == [.gaussianBlur(radius: CGFloat(30 * k))])
    }

    @Test func effectsApplyInOrderAfterMasks() throws {
        // A tint then a drop shadow, on a masked layer: the mask moves to the holder, which is tinted;
        // the shadow is on a layer around it (a shadow of the tinted, masked pixels).
        let tint =
            #"{"ty":20,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":2,"v":{"a":0,"k":[1,0,0,1]}},{"ty":0,"v":{"a":0,"k":100}}]}"#
        let shadow =
            #"{"ty":25,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":0,"v":{"a":0,"k":255}},{"ty":1,"v":{"a":0,"k":90}},{"ty":0,"v":{"a":0,"k":4}},{"ty":0,"v":{"a":0,"k":0}}]}"#
        let mask = #"{"mode":"a","pt":{"a":0,"k":{"v":[[0,0],[10,0],[10,10]],"c":true}},"o":{"a":0,"k":100}}"#
        let c = try lottie(
            layers: "["
                + shapeLayer("[]", extra: #""nm":"art","ef":[\#(tint),\#(shadow)],"masksProperties":[\#(mask)]"#) + "]")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let tree = try c.makeLayerTree()
        let own = try #require(layer(named: "art", in: tree.root))
        #expect(own.mask == nil)
        let outer = try #require(own.sublayers?.first)
        #expect(outer.shadowOpacity == 1 && outer.filters == nil && outer.mask == nil)
        #expect(near(Double(outer.shadowOffset.width), 4) && near(Double(outer.shadowOffset.height), 0))
        let holder = try #require(outer.sublayers?.first)
        #expect(holder.mask != nil && holder.shadowOpacity == 0)
        #expect((holder.filters as? [CALayerFilter])?.count == 1)

        // A shadow first, then a tint, without masks: one holder, whose filter tints the shadow too.
        let d = try lottie(layers: "[" + shapeLayer("[]", extra: #""nm":"art","ef":[\#(shadow),\#(tint)]"#) + "]")
        let only = try #require(layer(named: "art", in: try d.makeLayerTree().root)?.sublayers?.first)
        #expect(only.shadowOpacity == 1 && (only.filters as? [CALayerFilter])?.count == 1)
        #expect(!(only.sublayers ?? []).contains { ($0.name ?? "").hasSuffix("(effects)") })
    }

    @Test func strokeEffectsAreReadWithTheirPaintStyles() throws {
        let c = try LottieFiles.load("effect_stroke")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        guard case .stroke(let top)? = c.layers[0].effects.first?.kind,
            case .stroke(let bottom)? = c.layers[1].effects.first?.kind
        else { Issue.record("no stroke effects"); return }
        #expect(top.mask == nil && top.paintStyle == .onTransparent && top.end.isAnimated)
        #expect(top.color.value == [0.95, 0.5, 0.1, 1] && top.brushSize.value == 3 && top.opacity.value == 0.8)
        #expect(bottom.mask == 2 && bottom.paintStyle == .revealOriginal)
        #expect(bottom.start.value == 25 && bottom.end.value == 75 && bottom.brushSize.value == 6)
    }

    @Test func strokeEffectsDrawAlongTheMasks() throws {
        let c = try LottieFiles.load("effect_stroke")
        let tree = try c.makeLayerTree()
        #expect(tree.warnings.isEmpty, "\(tree.warnings)")
        // Masks of mode none clip nothing: neither layer has a mask of its own.
        let transparent = try #require(layer(named: "transparent", in: tree.root))
        #expect(transparent.mask == nil)
        // On transparent: the effect layer holds the lines alone, the blue square left out.
        let top = try #require(layer(named: "transparent (effects)", in: tree.root))
        let lines = allLayers(top).compactMap { $0 as? CAShapeLayer }
        #expect(lines.count == 2 && lines.allSatisfy { $0.fillColor == nil })
        #expect(lines.allSatisfy { $0.lineWidth == 6 && $0.lineCap == .round && $0.lineJoin == .round })
        #expect(lines.allSatisfy { $0.strokeColor == CGColor(srgbRed: 0.95, green: 0.5, blue: 0.1, alpha: 1) })
        #expect(lines.first?.superlayer?.opacity == 0.8)
        // Each mask's own outline, in the layer's coordinates: the circle round (55, 55), the triangle.
        let circle = try #require(lines[0].path), triangle = try #require(lines[1].path)
        #expect(
            circle.boundingBoxOfPath.insetBy(dx: -0.01, dy: -0.01).contains(CGRect(x: 20, y: 20, width: 70, height: 70))
        )
        #expect(triangle.boundingBoxOfPath == CGRect(x: 115, y: 25, width: 65, height: 60))
        // The end grows from nothing (frame 0) to the whole line (frame 29).
        #expect(lines.allSatisfy { $0.strokeStart == 0 && $0.strokeEnd == 0 })
        let late = allLayers(try #require(layer(named: "transparent (effects)", in: try presentation(c, frame: 29))))
            .compactMap { $0 as? CAShapeLayer }
        #expect(late.count == 2 && late.allSatisfy { abs($0.strokeEnd - 1) < 1e-6 })

        // Reveal original: the solid masked by a 12-wide line along its second mask, from 25 % to 75 %.
        let bottom = try #require(layer(named: "reveal (effects)", in: tree.root))
        let mask = try #require(bottom.mask)
        let revealing = allLayers(mask).compactMap { $0 as? CAShapeLayer }
        #expect(revealing.count == 1)
        #expect(
            revealing.first?.lineWidth == 12 && revealing.first?.strokeStart == 0.25
                && revealing.first?.strokeEnd == 0.75)
        #expect(revealing.first?.path?.boundingBoxOfPath == CGRect(x: 80, y: 30, width: 100, height: 50))
        #expect(bottom.sublayers?.isEmpty == false)
    }

    @Test func aStrokeOnTheOriginalIsDrawnOverIt() throws {
        let c = try LottieFiles.load("effect_stroke_original")
        #expect(c.warnings.isEmpty)
        let root = try presentation(c, frame: 0)
        let ctx = try #require(
            CGContext(
                data: nil, width: 200, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 200)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let image = try #require(ctx.makeImage())
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(image.pixels[(y * 200 + x) * 4 + $0]) } }
        func near(_ p: [Int], _ q: [Int]) -> Bool { zip(p, q).allSatisfy { abs($0 - $1) <= 2 } }
        // The square's sides (50 and 150) in dark red, 8 wide, over the green ellipse and past it.
        for (x, y) in [(50, 100), (100, 50), (150, 120), (100, 153)] {
            #expect(near(pixel(x, y), [153, 13, 26, 255]), "\(x), \(y): \(pixel(x, y))")
        }
        // Inside the square and off the line: the ellipse as it was; outside both: nothing.
        #expect(near(pixel(100, 100), [51, 179, 77, 255]), "\(pixel(100, 100))")
        #expect(near(pixel(100, 35), [51, 179, 77, 255]), "\(pixel(100, 35))")
        #expect(pixel(20, 20)[3] == 0)
    }

    @Test func strokeEffectsWarnAboutWhatTheyCannotDraw() throws {
        // A soft brush with spacing along mask 3 of a layer with one mask; then one with no masks at all.
        func stroke(mask: Int, extra: String) -> String {
            #"{"ty":22,"nm":"Stroke","ef":[{"ty":10,"v":{"a":0,"k":\#(mask)}},{"ty":4,"v":{"a":0,"k":0}},"#
                + #"{"ty":4,"v":{"a":0,"k":0}},{"ty":2,"v":{"a":0,"k":[1,0,0,1]}},{"ty":0,"v":{"a":0,"k":2}},"#
                + #"{"ty":0,"v":{"a":0,"k":\#(extra)}},{"ty":0,"v":{"a":0,"k":1}},{"ty":0,"v":{"a":0,"k":0}},"#
                + #"{"ty":0,"v":{"a":0,"k":100}},{"ty":0,"v":{"a":0,"k":20}},{"ty":7,"v":{"a":0,"k":9}}]}"#
        }
        let mask =
            #""masksProperties":[{"mode":"n","pt":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"#
            + #""i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}},"o":{"a":0,"k":100}}]"#
        let c = try lottie(
            layers: "[\(shapeLayer("[]", extra: mask + ",\"ef\":[\(stroke(mask: 3, extra: "0.5"))]")),"
                + "\(shapeLayer("[]", extra: "\"ef\":[\(stroke(mask: 1, extra: "1"))]"))]")
        let tree = try c.makeLayerTree()
        let all = (c.warnings + tree.warnings).map(\.description)
        #expect(
            all.contains(
                "layers[0].ef[0]: stroke effect: not drawn as asked: a soft brush (drawn hard), "
                    + "spacing (drawn solid), paint style 9 (drawn on the original)"), "\(all)")
        #expect(all.contains("layers[0].ef[0]: stroke effect left out: the layer has no mask 3 (it has 1)"), "\(all)")
        #expect(all.contains("layers[1].ef[0]: stroke effect left out: the layer has no mask 1 (it has 0)"), "\(all)")
        #expect(all.allSatisfy { !$0.contains("\n") })
        #expect(allLayers(tree.root).compactMap { $0 as? CAShapeLayer }.isEmpty)
    }
}
