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
        // 17 pixels across for 80 on screen), and 0.2 down (a shape drawn once, at its own density).
        let squeezed = try shownBitmap(scaleX: 1, scaleY: 0.2)
        #expect(squeezed.raster.width == 82, "\(squeezed.raster.width)×\(squeezed.raster.height)")
        #expect(abs(Double(squeezed.raster.height) / Double(squeezed.rect.height) - 0.2) < 1e-9)
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

/// A shape that holds still is drawn at the density it is shown at, its
/// pixels the device's; one whose scale changes falls back to densities
/// rounded to a quarter octave, so that an animated scale reuses bitmaps.
@Suite struct SteadyShapeDensityTests {
    func source(_ shape: CAShapeLayer, density: Double, phase: (x: Double, y: Double)? = (0, 0)) -> RasterSource {
        var source = RasterSource(shape)
        source.pixelsPerPointAlongAxes = (density, density)
        source.pixelPhase = phase
        return source
    }

    func ellipse() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 80, height: 50)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 50), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        return shape
    }

    /// Bitmap pixels per point along x.
    func density(_ made: (image: RasterImage, rect: CGRect)) -> Double {
        Double(made.image.width) / Double(made.rect.width)
    }

    @Test func aShapeShownAtAFractionalScaleIsDrawnTexelForPixel() throws {
        // 93 %, placed on whole pixels: the bitmap has 0.93 pixels per point (rounded up to
        // a quarter octave it had one, and was resampled, blurring its edges).
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let shape = ellipse()
        shape.position = CGPoint(x: 100, y: 100)
        shape.transform = CATransform3DMakeScale(0.93, 0.93, 1)
        root.addSublayer(shape)
        var flattener = Flattener(size: CGSize(width: 200, height: 200))
        flattener.rasterizer = ShapeLayerRasterizer()
        let item = try #require(flattener.renderList(for: root).screen.items.first)
        guard case .texture(.raster(let raster), _, let rect)? = item.content else {
            Issue.record("not a bitmap: \(item)")
            return
        }
        #expect(abs(Double(raster.width) / Double(rect.width) - 0.93) < 1e-9, "\(raster.width) for \(rect.width)")
        #expect(item.shading == .texelQuad, "\(item.shading)")
    }

    @Test func aScaledShapeFallsBackToRoundedDensitiesAndReusesThem() throws {
        let rasterizer = ShapeLayerRasterizer()
        let shape = ellipse()
        let first = try #require(rasterizer.rasterContents(of: source(shape, density: 0.93), pixelsPerPoint: 0.93))
        #expect(abs(density(first) - 0.93) < 1e-9)
        // Shown a hair larger (a layer that wobbles): the same bitmap, not one per frame.
        let wobbled = try #require(rasterizer.rasterContents(of: source(shape, density: 0.935), pixelsPerPoint: 0.935))
        #expect(wobbled.image === first.image)
        #expect(rasterizer.made == 1)
        // Scaled: from then on at a quarter octave up (0.97 and 0.99 both draw at 1.0), made once.
        for scale in [0.97, 0.99, 0.98, 0.93] {
            let made = try #require(rasterizer.rasterContents(of: source(shape, density: scale), pixelsPerPoint: scale))
            #expect(density(made) == 1, "at \(scale): \(density(made))")
        }
        #expect(rasterizer.made == 2, "\(rasterizer.made) bitmaps for one scale step")
    }

    @Test func aMovedShapeKeepsItsDensityButStartsAtTheLayersOrigin() throws {
        let rasterizer = ShapeLayerRasterizer()
        let shape = ellipse()
        let placed = try #require(
            rasterizer.rasterContents(of: source(shape, density: 0.93, phase: (0.25, 0.5)), pixelsPerPoint: 0.93))
        #expect(placed.rect.minX != 0 || placed.rect.minY != 0)
        let moved = try #require(
            rasterizer.rasterContents(of: source(shape, density: 0.93, phase: (0.75, 0.5)), pixelsPerPoint: 0.93))
        #expect(abs(density(moved) - 0.93) < 1e-9)
        // At the origin: a whole number of bitmap pixels from the layer's origin.
        let x0 = Double(moved.rect.minX) * density(moved)
        #expect(abs(x0 - x0.rounded()) < 1e-9, "\(x0)")
        let again = try #require(
            rasterizer.rasterContents(of: source(shape, density: 0.93, phase: (0.1, 0.5)), pixelsPerPoint: 0.93))
        #expect(again.image === moved.image)
        #expect(rasterizer.made == 2)
    }
}

/// The shape rasterizer's cache drops the bitmaps not asked for again before
/// those asked for every frame: an animated path's bitmaps pass through it
/// without pushing out the still shapes beside it.
@Suite struct ShapeCacheReuseTests {
    @Test func bitmapsAskedForEveryFrameOutliveSingleUseOnes() throws {
        let rasterizer = ShapeLayerRasterizer(capacity: 4)
        func source(width: CGFloat) -> RasterSource {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
            shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: width, height: 40), transform: nil)
            shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            return RasterSource(shape)
        }
        let still = [source(width: 90), source(width: 80)]
        for frame in 0..<20 {
            for s in still { #expect(rasterizer.rasterContents(of: s, pixelsPerPoint: 1) != nil) }
            // An animated path: a new shape every frame.
            #expect(rasterizer.rasterContents(of: source(width: 10 + CGFloat(frame)), pixelsPerPoint: 1) != nil)
        }
        // Made once each: the two still shapes, and the twenty frames of the animated one.
        #expect(rasterizer.made == 22, "\(rasterizer.made)")
    }

    /// A shape whose opaque paint changes and nothing else (an animated
    /// `fillColor`) reuses the coverage it was rasterized to, painted anew.
    @Test func aNewOpaquePaintReusesTheCoverage() throws {
        let rasterizer = ShapeLayerRasterizer()
        // One path object, as a layer whose colour animates keeps its path.
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 90, height: 40), transform: nil)
        func source(_ color: CGColor, width: CGFloat = 90, stroked: Bool = false) -> RasterSource {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
            shape.path =
                width == 90 ? ellipse : CGPath(ellipseIn: CGRect(x: 0, y: 0, width: width, height: 40), transform: nil)
            shape.fillColor = stroked ? nil : color
            shape.strokeColor = stroked ? color : nil
            shape.lineWidth = 3
            return RasterSource(shape)
        }
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0.2, blue: 1, alpha: 1)
        let first = try #require(rasterizer.rasterContents(of: source(red), pixelsPerPoint: 1))
        let repainted = try #require(rasterizer.rasterContents(of: source(blue), pixelsPerPoint: 1))
        #expect(rasterizer.made == 2 && rasterizer.repaints == 1, "\(rasterizer.made) \(rasterizer.repaints)")
        #expect(repainted.image !== first.image && repainted.rect == first.rect)
        #expect(repainted.image.coverage == first.image.coverage)
        // The pixels of the blue shape rasterized afresh.
        let fresh = try #require(ShapeLayerRasterizer().rasterContents(of: source(blue), pixelsPerPoint: 1))
        #expect(repainted.image.pixels == fresh.image.pixels)
        // A stroke too; not a translucent paint (its pixels are made as pixels), nor another path.
        _ = rasterizer.rasterContents(of: source(red, stroked: true), pixelsPerPoint: 1)
        _ = rasterizer.rasterContents(of: source(blue, stroked: true), pixelsPerPoint: 1)
        #expect(rasterizer.repaints == 2)
        _ = rasterizer.rasterContents(of: source(blue.copy(alpha: 0.5)!), pixelsPerPoint: 1)
        _ = rasterizer.rasterContents(of: source(red, width: 80), pixelsPerPoint: 1)
        #expect(rasterizer.made == 6 && rasterizer.repaints == 2, "\(rasterizer.made) \(rasterizer.repaints)")
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
