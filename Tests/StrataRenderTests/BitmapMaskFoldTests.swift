import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// A mask pass that draws one bitmap is folded into the composite that
/// samples it (`RenderList.foldBitmapMasks`): the composite reads the bitmap
/// from the atlas, cut to where it lies (inverted: unmasked around it), and
/// the pass is gone, the others renumbered; rotated masks keep their pass.
@Suite struct BitmapMaskFoldTests {
    static func list(_ layers: [CALayer], folding: Bool = true) throws -> RenderList {
        try maskTestList(layers) { $0.foldsBitmapMasks = folding }
    }

    /// A card with a group inside (a pass of its own, sampled by the masked content) masked by a star.
    static func card(at x: CGFloat, star side: CGFloat, turned: Bool = false, inverted: Bool = false) -> CALayer {
        let card = FrameBuilderTests.box(
            CGRect(x: x, y: 20, width: 60, height: 60), CGColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1))
        card.addSublayer(FrameBuilderTests.group(at: 0))
        let star = CAShapeLayer()
        star.frame = CGRect(x: 30 - side / 2, y: 30 - side / 2, width: side, height: side)
        star.path = starPath(side: side)
        if turned { star.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
        guard inverted else {
            card.mask = star
            return card
        }
        card.mask = invertedMatte(over: card.bounds, cutting: star, margin: 30)
        return card
    }

    @Test func aMaskOfOneBitmapIsSampledInItsPassPlace() throws {
        let layers = [Self.card(at: 10, star: 40), Self.card(at: 100, star: 40, turned: true)]
        let unfolded = try Self.list(layers, folding: false), list = try Self.list(layers)
        #expect(unfolded.passes.filter { $0.purpose == .mask }.count == 2, "\(unfolded.dump())")
        #expect(list.passes.filter { $0.purpose == .mask }.count == 1, "the turned star keeps its pass: \(list.dump())")
        #expect(list.passes.count == unfolded.passes.count - 1)
        let composites = list.screen.items.filter { $0.kind == .composite && $0.mask != nil }
        #expect(composites.count == 2, "\(list.dump())")
        let folded = try #require(composites.first { if case .raster? = $0.mask { true } else { false } })
        // Cut to the star's bitmap (about 40 + 2 pixels), which lies inside the card.
        #expect(folded.quad.width < 50 && folded.quad.height < 50, "\(folded.quad)")
        let area = try #require(folded.maskPlacement?.area)
        #expect(area.x < 0 && area.z > 1, "the pass reaches past the bitmap: \(area)")
        #expect(folded.maskPlacement?.inverted == false)
        // Every pass an item samples is still the pass of that purpose (renumbered).
        for pass in list.passes {
            for item in pass.items {
                if case .pass(let p)? = item.texture {
                    #expect([.maskedContent, .groupOpacity].contains(list.passes[p].purpose))
                }
                if case .pass(let p)? = item.mask { #expect(list.passes[p].purpose == .mask) }
            }
        }
    }

    /// A star whose bitmap's rectangle has edges that are not whole numbers (its
    /// card scaled, the bitmap made at the density shown) is folded as well:
    /// the item's quad is that rectangle, and counts as inside it.
    @Test func aBitmapOnFractionalEdgesIsFoldedToo() throws {
        for scale in [0.93, 0.87, 1.13] as [CGFloat] {
            for side in [38, 41, 43] as [CGFloat] {
                let card = Self.card(at: 10, star: side)
                card.transform = CATransform3DMakeScale(scale, scale, 1)
                let list = try Self.list([card])
                #expect(
                    list.passes.filter { $0.purpose == .mask }.isEmpty,
                    "star \(side) at \(scale): \(list.dump())")
            }
        }
    }

    /// A pass nothing samples any more (its composite cut away) is dropped, then the
    /// mask only it read; the rest are renumbered, the appearance atlas stays.
    @Test func passesNothingSamplesAreDropped() {
        let box = CGRect(x: 0, y: 0, width: 10, height: 10)
        func composite(of pass: Int, mask: Int? = nil) -> DrawItem {
            DrawItem(
                kind: .composite, mapping: .identity, quad: box, shape: box,
                content: .texture(.pass(pass), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: box),
                mask: mask.map { .pass($0) })
        }
        let dot = DrawItem(mapping: .identity, quad: box, shape: box, fill: PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        var list = RenderList(pixelWidth: 10, pixelHeight: 10, background: .clear)
        list.passes = [
            RenderPass(purpose: .mask, bounds: box, items: [dot]),
            RenderPass(purpose: .maskedContent, bounds: box, items: [dot]),
            RenderPass(purpose: .appearance, bounds: box, items: [dot]),
            RenderPass(purpose: .groupOpacity, bounds: box, items: [composite(of: 1, mask: 0)]),
            RenderPass(purpose: .groupOpacity, bounds: box, items: [dot]),
            RenderPass(purpose: .screen, bounds: box, items: [composite(of: 4)]),
        ]
        list.dropUnsampledPasses()
        #expect(list.passes.map(\.purpose) == [.appearance, .groupOpacity, .screen], "\(list.dump())")
        #expect(list.screen.items[0].texture == .pass(1))
    }

    @Test func anInvertedMaskDrawsTheContentUnmaskedAroundItsBitmap() throws {
        let list = try Self.list([Self.card(at: 10, star: 30, inverted: true)])
        #expect(!list.passes.contains { $0.purpose == .mask }, "\(list.dump())")
        let pieces = list.screen.items.filter {
            $0.kind == .composite && $0.texture != nil && $0.label == list.screen.items.last?.label
        }
        let masked = pieces.filter { $0.mask != nil }
        #expect(masked.count == 1 && masked[0].maskPlacement?.inverted == true, "\(list.dump())")
        #expect(pieces.count == 5, "the bitmap and four bands around it: \(list.dump())")
        // The pieces tile the composite: their areas add up to the content's.
        let area = pieces.reduce(0.0) { $0 + Double($1.quad.width * $1.quad.height) }
        let whole = try #require(pieces.first).shape
        #expect(abs(area - Double(whole.width * whole.height)) < 1e-6, "\(area) vs \(whole)")
    }

    @Test func masksFlippedOrTurnedAQuarterFoldToo() throws {
        let flipped = Self.card(at: 10, star: 40), quarter = Self.card(at: 100, star: 40)
        flipped.mask?.transform = CATransform3DMakeScale(-1, 1, 1)
        quarter.mask?.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let list = try Self.list([flipped, quarter])
        #expect(!list.passes.contains { $0.purpose == .mask }, "\(list.dump())")
        let placements = list.screen.items.compactMap(\.maskPlacement)
        #expect(placements.count == 2, "\(list.dump())")
        // Flipped across: the area runs from its right to its left.
        #expect(placements.contains { !$0.transposed && $0.area.x > $0.area.z }, "\(placements.map(\.area))")
        #expect(placements.contains { $0.transposed }, "turned a quarter")
    }
}

/// The render list of `layers` on a white 300 × 120 canvas, shape and text
/// layers drawn, after `configure` set the flattener's switches.
func maskTestList(_ layers: [CALayer], configure: (inout Flattener) -> Void) throws -> RenderList {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 300, height: 120)
    root.sublayers = layers
    var flattener = Flattener(
        size: CGSize(width: 300, height: 120), background: CGColor(gray: 1, alpha: 1),
        rasterizer: try StandardLayerRasterizer.shapesAndText())
    configure(&flattener)
    return flattener.renderList(for: root)
}
