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
        // The stroke effect is named; the slider control and the disabled fill are not warned about.
        #expect(
            c.warnings.map(\.description) == [
                #"layers[0].ef[0]: layer effect "Stroke" (ty 22, ADBE Stroke) is not supported; left out"#
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
}
