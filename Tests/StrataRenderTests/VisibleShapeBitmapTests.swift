import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// A shape reaching past the target is rasterized only as far as it shows
/// (with a pixel of spare beyond a cleared edge), while it holds still; its
/// pixels are those of the whole bitmap. One seen through another window
/// (moved by whole pixels) is made whole from then on, so it keeps one bitmap.
@Suite struct VisibleShapeBitmapTests {
    /// A 600 × 400 ellipse filled and stroked.
    func ellipse() -> ShapeContent {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 600, height: 400)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 600, height: 400), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        shape.strokeColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        shape.lineWidth = 6
        guard case .shape(let content) = shape.drawnContent else { preconditionFailure("a shape layer draws a shape") }
        return content
    }

    func source(_ shape: ShapeContent, visible: CGRect?) -> RasterSource {
        RasterSource(
            content: .shape(shape), bounds: CGRect(x: 0, y: 0, width: 600, height: 400),
            pixelsPerPointAlongAxes: nil, pixelPhase: (0, 0), visibleRect: visible)
    }

    /// Premultiplied RGBA of pixel (x, y) of `image`.
    func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<(i + 4)].map { Int($0) }
    }

    @Test func aShapePastTheTargetIsMadeAsFarAsItShows() throws {
        let shape = ellipse()
        let whole = try #require(
            ShapeLayerRasterizer().rasterContents(of: source(shape, visible: nil), pixelsPerPoint: 1))
        // Seen through a window on its top-left 250 × 150 points.
        let window = CGRect(x: -50, y: -40, width: 300, height: 190)
        let cut = try #require(
            ShapeLayerRasterizer().rasterContents(of: source(shape, visible: window), pixelsPerPoint: 1))
        #expect(cut.image.width < whole.image.width / 2 && cut.image.height < whole.image.height / 2)
        #expect(cut.rect.maxX >= window.maxX + 1 && cut.rect.maxY >= window.maxY + 1, "\(cut.rect)")
        #expect(cut.rect.minX == whole.rect.minX && cut.rect.minY == whole.rect.minY)
        #expect(cut.image.hasClearEdges)
        // Inside the window, the pixels of the whole bitmap (the same grid, each pixel's exact coverage).
        var differing = 0, largest = 0
        for y in 0..<(cut.image.height - 1) {
            for x in 0..<(cut.image.width - 1) {
                let a = pixel(cut.image, x, y), b = pixel(whole.image, x, y)
                let d = zip(a, b).map { abs($0 - $1) }.max()!
                largest = max(largest, d)
                if d > 0 { differing += 1 }
            }
        }
        #expect(largest <= 2, "largest difference \(largest) over \(differing) pixels")
    }

    @Test func aShapeSeenThroughAnotherWindowIsMadeWhole() throws {
        let shape = ellipse()
        let rasterizer = ShapeLayerRasterizer()
        let first = try #require(
            rasterizer.rasterContents(
                of: source(shape, visible: CGRect(x: 0, y: 0, width: 200, height: 200)), pixelsPerPoint: 1))
        #expect(first.image.width < 300)
        // Moved by whole pixels: its window changes, and it is made whole, once.
        let second = try #require(
            rasterizer.rasterContents(
                of: source(shape, visible: CGRect(x: 10, y: 0, width: 200, height: 200)), pixelsPerPoint: 1))
        #expect(second.image.width > 600 && second.image.height > 400)
        let made = rasterizer.made
        let third = try #require(
            rasterizer.rasterContents(
                of: source(shape, visible: CGRect(x: 20, y: 0, width: 200, height: 200)), pixelsPerPoint: 1))
        #expect(third.image === second.image)
        #expect(rasterizer.made == made)
    }

    @Test func theFlattenerCutsAShapeToTheScreen() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let layer = CAShapeLayer()
        // Half of it past the right edge, and past the bottom.
        layer.frame = CGRect(x: 100.25, y: 50, width: 600, height: 400)
        layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 600, height: 400), transform: nil)
        layer.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(layer)
        var flattener = Flattener(size: CGSize(width: 400, height: 300))
        flattener.rasterizer = ShapeLayerRasterizer()
        let item = try #require(flattener.renderList(for: root).screen.items.first)
        guard case .texture(.raster(let raster), _, let rect)? = item.content else {
            Issue.record("not a bitmap: \(item)")
            return
        }
        // 300 × 250 points show (and a few pixels spare), not 600 × 400.
        #expect(raster.width <= 305 && raster.height <= 255, "\(raster.width)×\(raster.height)")
        #expect(rect.maxX >= 300 && rect.maxY >= 250, "\(rect)")
    }
}
