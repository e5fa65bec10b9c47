import Foundation
import Strata
import StrataLayerRaster
import StrataRender
import Testing
import _StrataTestSupport

/// A masked-content pass that holds one item is drawn as that item, in its
/// composite's place, reading the mask by device position
/// (`RenderList.foldMaskedContent`): the pass is gone, a mask pass that
/// stays is sampled by the item, and only content exactly alike folds.
@Suite struct MaskedContentFoldTests {
    static func list(_ layers: [CALayer], folding: Bool = true) throws -> RenderList {
        try maskTestList(layers) { $0.foldsMaskedContent = folding }
    }

    static func star(_ frame: CGRect, turned: Bool = false) -> CAShapeLayer {
        let star = CAShapeLayer()
        star.frame = frame
        star.path = starPath(side: frame.width)
        if turned { star.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
        return star
    }

    /// A rounded card (one item) masked by a star.
    static func card(at x: CGFloat, turned: Bool = false, opacity: Float = 1) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: x, y: 20, width: 60, height: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1)
        card.cornerRadius = 8
        card.opacity = opacity
        card.mask = star(CGRect(x: 10, y: 10, width: 40, height: 40), turned: turned)
        return card
    }

    @Test func aPassOfOneItemIsThatItemMaskedWhereItsCompositeWas() throws {
        let unfolded = try Self.list([Self.card(at: 10)], folding: false), list = try Self.list([Self.card(at: 10)])
        #expect(unfolded.passes.count == 2, "the card's pass, the screen: \(unfolded.dump())")
        #expect(list.passes.count == 1, "\(list.dump())")
        let item = try #require(list.screen.items.first { $0.mask != nil })
        #expect(item.kind == .layer && item.radii.minXMinY == 8, "\(list.dump())")
        guard case .raster? = item.mask else {
            Issue.record("the star's bitmap is the mask: \(list.dump())")
            return
        }
        let placement = try #require(item.maskPlacement)
        // A bitmap is filtered where it is read (its texels need not lie on pixels).
        #expect(!placement.texelForPixel)
        // Where the composite drew: cut to the star's bitmap (about 40 + 2 pixels).
        let region = try #require(placement.region)
        #expect(region.width < 50 && region.height < 50 && region.minX > 10, "\(region)")
        // Inside the bitmap, to within its gutter (the cut is on whole device pixels).
        let texel: Float = 1 / 40
        #expect(placement.area.x > -texel && placement.area.z < 1 + texel, "inside the bitmap: \(placement.area)")
        // Its quad is cut to that region: it shades no more pixels than the composite did.
        let reach = item.mapping.deviceBox(of: item.quad, orElse: .null)
        #expect(
            reach.minX >= region.minX - 1e-3 && reach.minY >= region.minY - 1e-3 && reach.maxX <= region.maxX + 1e-3
                && reach.maxY <= region.maxY + 1e-3, "\(reach) in \(region)")
        #expect(item.layerFeatures.contains(.maskedBodies))
        #expect(item.shading == .layer)
    }

    @Test func aMaskThatKeepsItsPassIsSampledByTheItem() throws {
        // A translucent plain layer as the mask: a pass of its own (no bitmap to read).
        let card = Self.card(at: 10, opacity: 0.5)
        let veil = CALayer()
        veil.frame = CGRect(x: 5, y: 0, width: 30, height: 60)
        veil.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        card.mask = veil
        let list = try Self.list([card])
        #expect(list.passes.map(\.purpose) == [.mask, .screen], "\(list.dump())")
        let item = try #require(list.screen.items.first { $0.mask != nil })
        #expect(item.mask == .pass(0) && item.kind == .layer, "\(list.dump())")
        #expect(item.opacity == 0.5, "the composite's opacity moves to the item")
        let placement = try #require(item.maskPlacement)
        #expect(placement.region == list.passes[0].bounds)
        #expect(placement.area == SIMD4(0, 0, 1, 1))
        // The pass lies on the device's pixels where the item reads it: texel for pixel.
        #expect(placement.texelForPixel && item.layerFeatures.contains(.texelMasks))
        #expect(!item.layerFeatures.contains(.maskedBodies))
    }

    @Test func aTurnedBitmapMaskIsReadByTheItemThroughItsMap() throws {
        let inverted = Self.card(at: 100)
        let cut = Self.star(CGRect(x: 10, y: 10, width: 40, height: 40), turned: true)
        inverted.mask = invertedMatte(over: inverted.bounds, cutting: cut)
        let list = try Self.list([Self.card(at: 10, turned: true), inverted])
        #expect(list.passes.map(\.purpose) == [.screen], "both passes of each card are gone: \(list.dump())")
        let items = list.screen.items.filter { $0.mask != nil }
        #expect(items.count == 2, "\(list.dump())")
        for (k, item) in items.enumerated() {
            guard case .raster? = item.mask, let placement = item.maskPlacement, let map = placement.unitMap else {
                Issue.record("read through a map: \(list.dump())")
                continue
            }
            func unit(_ x: Float, _ y: Float) -> SIMD2<Float> {
                SIMD2(x * map[0] + y * map[1] + map[4], x * map[2] + y * map[3] + map[5])
            }
            // The star's centre (its layer's, turned about it) lies inside its bitmap, the card's corner outside.
            let centre = unit(40 + 90 * Float(k), 50), corner = unit(10 + 90 * Float(k), 20)
            #expect(centre.x > 0.3 && centre.x < 0.7 && centre.y > 0.3 && centre.y < 0.7, "\(centre)")
            #expect(corner.x < 0 || corner.x > 1 || corner.y < 0 || corner.y > 1, "\(corner)")
            #expect(placement.inverted == (k == 1))
        }
    }

    @Test func itemsThatShareNoPixelAreEachDrawnMasked() throws {
        let group = CALayer()
        group.frame = CGRect(x: 10, y: 10, width: 200, height: 80)
        for x in [0.0, 120.0] {
            let dot = CALayer()
            dot.frame = CGRect(x: x, y: 10, width: 50, height: 50)
            dot.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
            dot.cornerRadius = 25
            group.addSublayer(dot)
        }
        let veil = CALayer()
        veil.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
        veil.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        group.mask = veil
        let list = try Self.list([group])
        #expect(list.passes.map(\.purpose) == [.mask, .screen], "\(list.dump())")
        let masked = list.screen.items.filter { $0.mask == .pass(0) }
        #expect(masked.count == 2 && masked[0].maskPlacement == masked[1].maskPlacement, "\(list.dump())")
        // Moved to touch, the two keep their pass.
        group.sublayers?[1].frame.origin.x = 50
        #expect(try Self.list([group]).passes.contains { $0.purpose == .maskedContent })
    }

    /// An inverted matte's bitmap folded into the composite cuts it into pieces: the part
    /// under the bitmap reads it, the parts around it are unmasked. The content pass folds
    /// into each piece, its item cut to that piece, and is gone.
    @Test func aPassShownInPiecesFoldsIntoEachPiece() throws {
        func card() -> CALayer {
            let card = CALayer()
            card.frame = CGRect(x: 10, y: 10, width: 120, height: 90)
            card.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1)
            card.cornerRadius = 12
            card.opacity = 0.8
            let star = Self.star(CGRect(x: 40.3, y: 25.6, width: 40, height: 40))
            // Shrunk: its bitmap's density is rounded to a quarter octave, its edges off the device's grid.
            star.setAffineTransform(CGAffineTransform(scaleX: 0.93, y: 0.93))
            card.mask = invertedMatte(over: card.bounds, cutting: star)
            return card
        }
        let unfolded = try Self.list([card()], folding: false)
        let pieces = unfolded.screen.items.filter { $0.kind == .composite }
        #expect(pieces.count > 1 && pieces.filter { $0.mask != nil }.count == 1, "\(unfolded.dump())")
        let list = try Self.list([card()])
        #expect(list.passes.map(\.purpose) == [.screen], "\(list.dump())")
        let items = list.screen.items
        #expect(items.count == pieces.count && items.allSatisfy { $0.kind == .layer && $0.opacity == 0.8 })
        #expect(items.filter { $0.mask != nil }.count == 1, "\(list.dump())")
        // Each piece of the card lies in its composite's piece, to within the half pixel
        // its cut moves to a pixel boundary: together they cover it once.
        for (item, piece) in zip(items, pieces) {
            let reach = item.mapping.deviceBox(of: item.quad, orElse: .null).insetBy(dx: 0.501, dy: 0.501)
            #expect(reach.intersection(piece.quad) == reach, "\(reach) in \(piece.quad)")
        }
        // Cut where the pieces' pixels part (a pixel is the piece's that holds its centre):
        // on whole pixels inside the card, so no column between two pieces is left to neither.
        let card = CGRect(x: 10, y: 10, width: 120, height: 90)
        for item in items {
            let box = item.mapping.deviceBox(of: item.quad, orElse: .null)
            for edge in [box.minX, box.maxX] where edge > card.minX && edge < card.maxX {
                #expect(abs(edge - edge.rounded()) < 1e-6, "cut at \(edge): \(box)")
            }
            for edge in [box.minY, box.maxY] where edge > card.minY && edge < card.maxY {
                #expect(abs(edge - edge.rounded()) < 1e-6, "cut at \(edge): \(box)")
            }
        }
        for i in items.indices {
            for j in items.indices where j > i {
                let a = items[i].mapping.deviceBox(of: items[i].quad, orElse: .null)
                let b = items[j].mapping.deviceBox(of: items[j].quad, orElse: .null)
                #expect(a.intersection(b).width * a.intersection(b).height < 1e-6, "\(a) meets \(b)")
            }
        }
    }

    @Test func contentOfSeveralItemsOrBlendedKeepsItsPass() throws {
        let two = Self.card(at: 10)
        let bar = CALayer()
        bar.frame = CGRect(x: 5, y: 25, width: 50, height: 10)
        bar.backgroundColor = CGColor(gray: 0, alpha: 1)
        two.addSublayer(bar)
        let blended = Self.card(at: 100)
        let inner = CALayer()
        inner.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        inner.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        inner.compositingFilter = "multiplyBlendMode"
        blended.backgroundColor = nil
        blended.addSublayer(inner)
        let list = try Self.list([two, blended])
        #expect(list.passes.filter { $0.purpose == .maskedContent }.count == 2, "\(list.dump())")
    }

    @Test func aSubAreaFollowsFlipsAndQuarterTurns() {
        let bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        let region = CGRect(x: 35, y: 20, width: 50, height: 25)
        // The region is x 0.25…0.75, y 0…0.5 of the bounds.
        let plain = RenderList.subArea(SIMD4(0, 0, 1, 1), transposed: false, of: region, within: bounds)
        #expect(plain == SIMD4(0.25, 0, 0.75, 0.5))
        let flipped = RenderList.subArea(SIMD4(1, 0, 0, 1), transposed: false, of: region, within: bounds)
        #expect(flipped == SIMD4(0.75, 0, 0.25, 0.5))
        // Turned: the mask's x runs along the content's y.
        let turned = RenderList.subArea(SIMD4(0, 0, 1, 1), transposed: true, of: region, within: bounds)
        #expect(turned == SIMD4(0, 0.25, 0.5, 0.75))
    }
}
