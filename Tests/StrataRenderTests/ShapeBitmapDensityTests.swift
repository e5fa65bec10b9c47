import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// Shape bitmaps are made at the density they are shown at along each axis, so a
/// layer scaled unevenly keeps one-pixel edges (its bitmap made at the smaller
/// density alone was stretched along the other, smearing the edges there).
@Suite struct ShapeBitmapDensityTests {
    /// The item an ellipse's shape layer under `transform` is drawn as.
    func shownItem(_ transform: CATransform3D) throws -> DrawItem {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 100, y: 100, width: 80, height: 200)
        // An ellipse that is not a circle: a rectangle would be drawn in closed form, with no bitmap.
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 200), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.transform = transform
        root.addSublayer(shape)
        var flattener = Flattener(size: CGSize(width: 400, height: 400))
        flattener.rasterizer = ShapeLayerRasterizer()
        return try #require(flattener.renderList(for: root).screen.items.first)
    }

    func shownBitmap(scaleX: CGFloat, scaleY: CGFloat) throws -> (raster: RasterImage, rect: CGRect) {
        let item = try shownItem(CATransform3DMakeScale(scaleX, scaleY, 1))
        guard case .texture(.raster(let raster), _, let rect)? = item.content else {
            Issue.record("not a bitmap: \(item)")
            throw CancellationError()
        }
        return (raster, rect)
    }

    @Test func unevenScalesMakeBitmapsAtEachAxissDensity() throws {
        // 100 % × 20 %: a pixel per point across (a bitmap made at the smaller density alone had
        // 17 pixels across for 80 on screen), and 0.2 down, rounded up to a quarter octave.
        let squeezed = try shownBitmap(scaleX: 1, scaleY: 0.2)
        #expect(squeezed.raster.width == 82, "\(squeezed.raster.width)×\(squeezed.raster.height)")
        #expect(abs(Double(squeezed.raster.height) / Double(squeezed.rect.height) - pow(2, -9 / 4)) < 1e-9)
        // 50 % both ways: half a pixel per point along both.
        let half = try shownBitmap(scaleX: 0.5, scaleY: 0.5)
        #expect(Double(half.raster.width) / Double(half.rect.width) == 0.5)
        #expect(Double(half.raster.height) / Double(half.rect.height) == 0.5)
    }

    @Test func bitmapsBelowAPixelPerPointKeepAClearPixelAtEachEdge() throws {
        // Turned and shrunk: the point of margin is under a pixel, so a whole pixel more is added,
        // and the bitmap (its edges in its pixels) is drawn by the plain textured program.
        for scale in [0.3, 0.6, 0.9, 1.0, 2.0] as [CGFloat] {
            let shown = try shownBitmap(scaleX: scale, scaleY: scale)
            #expect(shown.raster.hasClearEdges, "at \(scale): \(shown.raster.width)×\(shown.raster.height)")
        }
        let item = try shownItem(CATransform3DRotate(CATransform3DMakeScale(0.4, 0.4, 1), 0.5, 0, 0, 1))
        #expect(item.shading == .texturedQuad, "\(item)")
    }
}

/// What the shape rasterizer remembers of where shapes were drawn (to keep a
/// moving shape to one bitmap) does not keep the shapes: an animated path
/// makes a new shape every frame.
@Suite struct ShapePlacementMemoryTests {
    @Test func placementsDoNotKeepPathsAlive() throws {
        let rasterizer = ShapeLayerRasterizer(capacity: 1)
        weak var first: CGPath?
        func draw(_ side: CGFloat) {
            let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: side, height: side / 2), transform: nil)
            if side == 20 { first = path }
            let layer = CAShapeLayer()
            layer.frame = CGRect(x: 0, y: 0, width: side, height: side)
            layer.path = path
            layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            var source = RasterSource(layer)
            source.pixelPhase = (0.25, 0.5)
            #expect(rasterizer.rasterContents(of: source, pixelsPerPoint: 1) != nil)
        }
        draw(20)
        #expect(first != nil)
        // The cache keeps one bitmap, the newest: the first shape's is dropped.
        draw(30)
        #expect(first == nil, "the first path is kept alive")
    }
}
