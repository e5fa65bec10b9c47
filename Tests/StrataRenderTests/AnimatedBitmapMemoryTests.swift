import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataLayerRaster
@testable import StrataRender

/// A path animated every frame makes a new bitmap every frame: the
/// rasterizer's cache keeps a bounded number of bytes of them (not a hundred
/// large bitmaps), and the atlas places each frame's bitmaps in the pages it
/// has instead of making (and clearing) a page per frame.
@Suite struct AnimatedBitmapMemoryTests {
    /// A star `side` points wide whose inner radius depends on `frame`: another path, another bitmap.
    static func star(side: CGFloat, frame: Int) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: side, height: side)
        layer.path = starPath(side: side, inner: 0.2 + 0.01 * CGFloat(frame % 20))
        layer.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        return layer
    }

    @Test func theCacheKeepsABoundedNumberOfBytes() throws {
        let rasterizer = ShapeLayerRasterizer(capacity: 128, byteCapacity: 768 << 10)
        // 500 × 500 points of one opaque paint: about a quarter megabyte of coverage each, so three fit.
        var first: RasterImage?
        for frame in 0..<6 {
            let made = try #require(
                rasterizer.rasterContents(of: Self.star(side: 500, frame: frame), pixelsPerPoint: 1))
            if frame == 0 { first = made.image }
        }
        #expect(rasterizer.made == 6)
        // The newest is still cached; the first was dropped and is made again.
        _ = rasterizer.rasterContents(of: Self.star(side: 500, frame: 5), pixelsPerPoint: 1)
        #expect(rasterizer.made == 6)
        let again = try #require(rasterizer.rasterContents(of: Self.star(side: 500, frame: 0), pixelsPerPoint: 1))
        #expect(rasterizer.made == 7)
        #expect(again.image !== first)
        #expect(again.image.pixels == first?.pixels)
    }

    @Test func theAtlasPlacesEachFramesBitmapsInThePagesItHas() throws {
        let builder = FrameBuilder()
        let rasterizer = ShapeLayerRasterizer()
        var pagesMade = 0, resets = 0
        for frame in 0..<30 {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1200, height: 1200)
            // Two animated stars of about 1100 × 1100 pixels: two of them per 2048² page at most.
            for k in 0..<2 {
                let star = Self.star(side: 1100, frame: frame + 7 * k)
                star.position = CGPoint(x: 600 + CGFloat(k), y: 600)
                root.addSublayer(star)
            }
            var flattener = Flattener(size: CGSize(width: 1200, height: 1200), rasterizer: rasterizer)
            flattener.appearanceCache = nil
            let list = flattener.renderList(for: root)
            let plan = builder.plan(list, into: FrameTarget(id: 1, width: 1200, height: 1200, keepsPixels: false))
            for upload in plan.atlas {
                switch upload {
                case .page: pagesMade += 1
                case .reset: resets += 1
                default: break
                }
            }
        }
        // Each frame needs two pages' worth of slots at most: once those are made, frames reuse them.
        #expect(pagesMade <= 4, "pages made over 30 frames: \(pagesMade)")
        #expect(resets == 0)
    }
}
