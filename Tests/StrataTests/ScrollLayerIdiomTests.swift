import Foundation
import Testing

@testable import Strata

/// `CAScrollLayer`, the scrolling methods every layer has, and `CATiledLayer`,
/// written as QuartzCore code writes them.
@Suite struct ScrollLayerIdiomTests {
    /// A 100 × 50 scroll layer over a 400 × 300 content layer with a marker at (250, 200).
    private func scroller() -> (scroll: CAScrollLayer, content: CALayer, marker: CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroll.addSublayer(content)
        let marker = CALayer()
        marker.frame = CGRect(x: 250, y: 200, width: 20, height: 20)
        content.addSublayer(marker)
        return (scroll, content, marker)
    }

    @Test func scrollingMovesTheBoundsOriginAlongTheAllowedAxes() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let (scroll, _, _) = scroller()
        #expect(scroll.scrollMode == .both && scroll.masksToBounds)
        #expect((CAScrollLayer.defaultValue(forKey: "masksToBounds") as? NSNumber)?.boolValue == true)
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroll.bounds == CGRect(x: 30, y: 40, width: 100, height: 50))
        #expect(scroll.frame == CGRect(x: 10, y: 10, width: 100, height: 50))  // it does not move itself
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 0, y: 0))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 40))
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 99, y: 5))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 5))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 99, y: 99))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 5))
        scroll.setValue("both", forKey: "scrollMode")
        #expect(scroll.scrollMode == .both && scroll.value(forKey: "scrollMode") as? String == "both")
    }

    @Test func scrollingToARectScrollsAsLittleAsShowsIt() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let (scroll, _, _) = scroller()
        scroll.scroll(to: CGRect(x: 150, y: 100, width: 20, height: 20))  // beyond the max edges
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 70))
        scroll.scroll(to: CGRect(x: 80, y: 80, width: 10, height: 10))  // already visible
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 70))
        scroll.scroll(to: CGRect(x: 10, y: 0, width: 5, height: 5))  // before the min edges
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 0))
        scroll.scroll(to: CGRect(x: 200, y: 0, width: 300, height: 10))  // wider than the view: its min edge
        #expect(scroll.bounds.origin == CGPoint(x: 200, y: 0))
    }

    @Test func sublayersScrollTheirScrollLayerInTheirOwnCoordinates() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let (scroll, content, marker) = scroller()
        content.position = CGPoint(x: 205, y: 155)  // content moved by (5, 5) within the scroll layer
        marker.scrollRectToVisible(marker.bounds)
        // The marker spans 255...275 × 205...225 in the scroll layer.
        #expect(scroll.bounds.origin == CGPoint(x: 175, y: 175))
        #expect(marker.visibleRect == marker.bounds)
        #expect(content.visibleRect == CGRect(x: 170, y: 170, width: 100, height: 50))
        content.scroll(CGPoint(x: 20, y: 30))
        #expect(scroll.bounds.origin == CGPoint(x: 25, y: 35))
        #expect(marker.visibleRect.isNull)  // scrolled out of view
        // Without a scroll layer above: nothing scrolls, all is visible.
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 5, y: 5))
        loose.scrollRectToVisible(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(loose.bounds.origin == .zero && loose.visibleRect == loose.bounds)
    }

    @Test func scrollingAnimatesLikeAnyChangeOfBounds() {
        let stage = Stage()
        let (scroll, _, _) = scroller()
        stage.show(scroll)
        scroll.scroll(to: CGPoint(x: 100, y: 0))
        #expect(scroll.animation(forKey: "bounds") != nil)
        stage.tick(0)
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        #expect(abs(Double(stage.sample(scroll, at: 0.125).bounds.minX) - 100 * f) < 1e-6)
        #expect(stage.sample(scroll, at: 1).bounds.minX == 100)
        #expect(scroll.presentation() != nil)
    }

    // MARK: CATiledLayer

    final class TileLog: CATiledLayer {
        var tiles: [CGRect] = []
        override class func fadeDuration() -> CFTimeInterval { 0 }
        override func draw(in ctx: CGContext) {
            let tile = ctx.boundingBoxOfClipPath
            tiles.append(tile)
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(tile)
        }
    }

    @Test func tiledLayersDrawTileByTileWithoutBeingAsked() throws {
        let stage = Stage()
        let tiled = TileLog()
        tiled.frame = CGRect(x: 0, y: 0, width: 600, height: 300)
        #expect(tiled.tileSize == CGSize(width: 256, height: 256) && tiled.levelsOfDetail == 1)
        #expect(TileLog.fadeDuration() == 0 && CATiledLayer.fadeDuration() == 0.25)
        stage.show(tiled)
        // Tiles of 256 pixels at scale 1: three across, two down, each clipped to the bounds.
        #expect(tiled.tiles.count == 6)
        #expect(tiled.tiles.contains(CGRect(x: 0, y: 0, width: 256, height: 256)))
        #expect(tiled.tiles.contains(CGRect(x: 512, y: 256, width: 88, height: 44)))
        let contents = try #require(tiled.contents as? CGImage)
        #expect(contents.width == 600 && contents.height == 300)
        // Every pixel was painted by some tile.
        #expect(stride(from: 3, to: contents.pixels.count, by: 4).allSatisfy { contents.pixels[$0] == 255 })
        // No fade: the new drawing shows at once.
        #expect(tiled.animation(forKey: "contents") == nil)

        // Tile sizes are pixels: at scale 2 a tile covers 128 points.
        tiled.tiles = []
        tiled.contentsScale = 2
        stage.tick(1)
        #expect(tiled.tiles.count == 5 * 3)
        #expect(tiled.tiles.contains(CGRect(x: 128, y: 128, width: 128, height: 128)))
        tiled.tiles = []
        tiled.setValue(NSValue(cgSize: CGSize(width: 512, height: 512)), forKey: "tileSize")
        stage.tick(2)
        #expect(tiled.tiles.count == 3 * 2)
    }
}
