import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataLayerRaster
@testable import StrataRender

/// Items wholly inside their clip do not carry it; items that reach its edge, or
/// its rounded corners, do. Shape bitmaps with nothing else drawn take the
/// textured-quad program.
/// A 100 × 80 panel at (10, 10) of a 200 × 100 canvas, masking to its bounds with `cornerRadius`.
func clippingPanel(cornerRadius: CGFloat, in root: CALayer) -> CALayer {
    let panel = makeLayer(
        "panel", bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 60, y: 50),
        color: nil)
    panel.masksToBounds = true
    panel.cornerRadius = cornerRadius
    root.addSublayer(panel)
    return panel
}

@Suite struct ClipLiftTests {
    func items(cornerRadius: CGFloat) -> (list: RenderList, items: [DrawItem]) {
        let root = canvasRoot(CGSize(width: 200, height: 100))
        let panel = clippingPanel(cornerRadius: cornerRadius, in: root)
        // Well inside; across the right edge; in the top-left corner.
        panel.addSublayer(
            makeLayer("inside", bounds: CGRect(x: 0, y: 0, width: 30, height: 20), position: CGPoint(x: 50, y: 40)))
        panel.addSublayer(
            makeLayer("across", bounds: CGRect(x: 0, y: 0, width: 30, height: 20), position: CGPoint(x: 95, y: 40)))
        panel.addSublayer(
            makeLayer("corner", bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 9, y: 9)))
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        // Lifting alone: folding would take the square clip into the item across its edge.
        flattener.foldsClips = false
        let list = flattener.renderList(for: root)
        return (list, list.screen.items)
    }

    @Test func itemsInsideTheirClipDoNotTestIt() {
        let (list, square) = items(cornerRadius: 0)
        #expect(list.labels(of: square) == ["inside", "across", "corner"])
        #expect(square[0].clip == -1 && square[1].clip >= 0)
        #expect(square[2].clip == -1, "a square corner holds what is inside it")
        let rounded = items(cornerRadius: 12).items
        #expect(rounded[0].clip == -1 && rounded[1].clip >= 0)
        #expect(rounded[2].clip >= 0, "a rounded corner cuts what lies in it")
    }

    @Test func shapeBitmapsAloneAreTexturedQuads() throws {
        let root = canvasRoot(CGSize(width: 200, height: 100))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 10, width: 100, height: 80)
        shape.path = try CGPath(svgPathData: "M 10 10 L 90 20 L 40 70 Z")
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(shape)
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.rasterizer = ShapeLayerRasterizer()
        let item = try #require(flattener.renderList(for: root).screen.items.first)
        guard case .texture(.raster(let raster), _, _)? = item.content else {
            Issue.record("not a bitmap: \(item)")
            return
        }
        #expect(raster.hasClearEdges)
        // On whole pixels, one texel per pixel: read as it is.
        #expect(item.shading == .texelQuad)
        // A fresh shape a quarter pixel off the grid: its bitmap's grid is the device's.
        let placed = CAShapeLayer()
        placed.frame = CGRect(x: 20.25, y: 10.5, width: 100, height: 80)
        placed.path = try CGPath(svgPathData: "M 10 10 L 80 20 L 40 70 Z")
        placed.fillColor = shape.fillColor
        shape.removeFromSuperlayer()
        root.addSublayer(placed)
        let offGrid = try #require(flattener.renderList(for: root).screen.items.first)
        #expect(offGrid.shading == .texelQuad, "\(offGrid)")
        #expect(flattener.renderList(for: root).screen.items.first?.content == offGrid.content, "kept")
        // Moved by part of a pixel, it keeps one bitmap from the layer's origin, sampled where it lands.
        placed.position.x += 0.5
        let moved = try #require(flattener.renderList(for: root).screen.items.first)
        #expect(moved.shading == .texturedQuad, "\(moved)")
        placed.position.x -= 0.25
        #expect(flattener.renderList(for: root).screen.items.first?.content == moved.content, "not made again")
        placed.removeFromSuperlayer()
        root.addSublayer(shape)
        // Drawn smaller than its bitmap (densities go by quarter octaves), it is sampled.
        shape.transform = CATransform3DMakeScale(0.6, 0.6, 1)
        let smaller = try #require(flattener.renderList(for: root).screen.items.first)
        #expect(smaller.shading == .texturedQuad, "\(smaller)")
        shape.transform = CATransform3DIdentity
        // With a background, the body is drawn by the layer program.
        shape.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let body = try #require(flattener.renderList(for: root).screen.items.first)
        #expect(body.shading == .layer)
        // A bitmap with paint on its edge keeps the edge test.
        let edged = RasterImage(
            key: "edged", width: 2, height: 2, pixels: [255, 0, 0, 255] + [UInt8](repeating: 0, count: 12))
        #expect(!edged.hasClearEdges)
    }
}

/// A bitmap with paint on its edges, drawn on whole device pixels, has its quad
/// cut to its rectangle and needs no edge test either.
@Suite struct AlignedRasterTests {
    func trimmed(translation x: Double) -> DrawItem {
        let edged = RasterImage(
            key: "edged", width: 2, height: 2, pixels: [255, 0, 0, 255] + [UInt8](repeating: 0, count: 12))
        let rect = CGRect(x: 0, y: 0, width: 2, height: 2)
        var list = RenderList(pixelWidth: 40, pixelHeight: 40, background: .clear)
        let item = DrawItem(
            mapping: PlaneMapping(1, 0, 0, 0, 1, 0, x, 20, 1), quad: rect.insetBy(dx: -1, dy: -1),
            shape: .zero, content: .texture(.raster(edged), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: rect))
        list.passes = [RenderPass(purpose: .screen, bounds: CGRect(x: 0, y: 0, width: 40, height: 40), items: [item])]
        list.trimPixelAlignedRasters()
        return list.screen.items[0]
    }

    @Test func aBitmapOnWholePixelsIsATexelQuadWithoutMargin() {
        let aligned = trimmed(translation: 10)
        #expect(aligned.quad == CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(aligned.shading == .texelQuad)
        // Half a pixel off the grid, it keeps its margin and edge test.
        let shifted = trimmed(translation: 10.5)
        #expect(shifted.quad == CGRect(x: -1, y: -1, width: 4, height: 4))
        #expect(shifted.shading == .layer)
        // With a background drawn around it, the quad stays whole.
        var filled = RenderList(pixelWidth: 40, pixelHeight: 40, background: .clear)
        var item = trimmed(translation: 10)
        item.quad = CGRect(x: -1, y: -1, width: 4, height: 4)
        item.shape = CGRect(x: -1, y: -1, width: 4, height: 4)
        item.fill = .white
        filled.passes = [RenderPass(purpose: .screen, bounds: CGRect(x: 0, y: 0, width: 40, height: 40), items: [item])]
        filled.trimPixelAlignedRasters()
        #expect(filled.screen.items[0].quad == item.quad)
    }
}

/// A bitmap made at a fractional density (its rectangle's edges not whole
/// numbers in its layer) on whole device pixels is trimmed too: its quad, the
/// rectangle and a hair more, counts as holding it.
@Suite struct FractionalAlignedRasterTests {
    @Test func aBitmapOnFractionalEdgesIsTrimmed() {
        var untrimmed: [Int] = []
        for k in 0..<20 {
            // (80 + k % 13) × 52 pixels at 0.93 px/pt, its corner on a whole device pixel,
            // its quad a pixel wider all round (as the flattener makes it).
            let width = 80 + k % 13
            let bitmap = RasterImage(
                key: "edged", width: width, height: 52, pixels: [UInt8](repeating: 255, count: width * 52 * 4))
            let rect = CGRect(
                x: -3.01075268817204 + Double(k) / 0.93, y: -2.956989247311828 + Double(k % 7) / 0.93,
                width: Double(width) / 0.93, height: 52 / 0.93)
            let item = DrawItem(
                mapping: PlaneMapping(0.93, 0, 0, 0, 0.93, 0, 62.8, 76.75, 1),
                quad: rect.insetBy(dx: -1 / 0.93, dy: -1 / 0.93), shape: .zero,
                content: .texture(.raster(bitmap), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: rect))
            var list = RenderList(pixelWidth: 200, pixelHeight: 200, background: .clear)
            list.passes = [
                RenderPass(purpose: .screen, bounds: CGRect(x: 0, y: 0, width: 200, height: 200), items: [item])
            ]
            list.trimPixelAlignedRasters()
            if list.screen.items[0].quad != rect { untrimmed.append(k) }
        }
        #expect(untrimmed.isEmpty, "not trimmed: \(untrimmed)")
    }
}

/// A large bitmap whose paint lies in part of it is drawn as quads over its
/// painted tiles only.
@Suite struct SparseRasterTests {
    /// A `width` × `height` bitmap painted opaque red inside `painted` (pixels).
    func bitmap(_ width: Int, _ height: Int, painted: [CGRect]) -> RasterImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for r in painted {
            for y in Int(r.minY)..<Int(r.maxY) {
                for x in Int(r.minX)..<Int(r.maxX) {
                    pixels[(y * width + x) * 4] = 255; pixels[(y * width + x) * 4 + 3] = 255
                }
            }
        }
        return RasterImage(key: "sparse \(painted)", width: width, height: height, pixels: pixels)
    }

    @Test func paintedTilesMakeRunsMergedDownTheirColumns() throws {
        // A band 40 pixels high across the top (two tile rows), and a 10 × 10 dot lower down.
        let raster = bitmap(
            320, 256,
            painted: [CGRect(x: 0, y: 20, width: 320, height: 40), CGRect(x: 100, y: 200, width: 10, height: 10)])
        let runs = try #require(raster.paintedRuns)
        #expect(runs == [CGRect(x: 0, y: 0, width: 320, height: 64), CGRect(x: 96, y: 192, width: 32, height: 32)])
        // Painted nearly all over, or small: drawn whole.
        #expect(bitmap(320, 256, painted: [CGRect(x: 0, y: 0, width: 320, height: 250)]).paintedRuns == nil)
        #expect(bitmap(100, 100, painted: [CGRect(x: 0, y: 0, width: 10, height: 10)]).paintedRuns == nil)
    }

    @Test func aSparseBitmapOnWholePixelsIsDrawnAsItsRuns() {
        let raster = bitmap(
            320, 256,
            painted: [CGRect(x: 0, y: 20, width: 320, height: 40), CGRect(x: 100, y: 200, width: 10, height: 10)])
        let rect = CGRect(x: 0, y: 0, width: 320, height: 256)
        func split(translation x: Double) -> [DrawItem] {
            var list = RenderList(pixelWidth: 400, pixelHeight: 300, background: .clear)
            let item = DrawItem(
                mapping: PlaneMapping(1, 0, 0, 0, 1, 0, x, 20, 1), quad: rect,
                shape: .zero,
                content: .texture(.raster(raster), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: rect))
            list.passes = [
                RenderPass(purpose: .screen, bounds: CGRect(x: 0, y: 0, width: 400, height: 300), items: [item])
            ]
            list.splitSparseRasters()
            return list.screen.items
        }
        let pieces = split(translation: 10)
        #expect(
            pieces.map(\.quad) == [
                CGRect(x: 0, y: 0, width: 320, height: 64), CGRect(x: 96, y: 192, width: 32, height: 32),
            ])
        #expect(pieces.allSatisfy { $0.shading == .texelQuad && $0.content == pieces[0].content })
        // Off the pixel grid the pieces' shared edges could cross pixel centres: drawn whole.
        #expect(split(translation: 10.5).count == 1)
    }
}

/// Where a layer's origin falls within its device pixel, for mappings that
/// only scale and translate.
@Suite struct PixelPhaseTests {
    @Test func theFractionOfTheTranslationForScalesAndTranslationsOnly() throws {
        let phase = try #require(PlaneMapping(2, 0, 0, 0, 1, 0, 10.25, -3.75, 1).pixelPhase)
        #expect(phase.x == 0.25 && phase.y == 0.25)
        let homogeneous = try #require(PlaneMapping(2, 0, 0, 0, 2, 0, 3, 5, 2).pixelPhase)
        #expect(homogeneous.x == 0.5 && homogeneous.y == 0.5)
        #expect(PlaneMapping(0, 1, 0, -1, 0, 0, 10, 10, 1).pixelPhase == nil, "turned")
        #expect(PlaneMapping(-1, 0, 0, 0, 1, 0, 10, 10, 1).pixelPhase == nil, "flipped")
        #expect(PlaneMapping(1, 0, 0.001, 0, 1, 0, 10, 10, 1).pixelPhase == nil, "in perspective")
    }
}

/// A composite showing its pass one texel per device pixel reads it texel
/// for pixel; drawn at another size or off the pixel grid it samples it.
@Suite struct TexelForPixelCompositeTests {
    func marked(passBounds: CGRect, rect: CGRect, translation: Double) -> DrawItem {
        var list = RenderList(pixelWidth: 100, pixelHeight: 100, background: .clear)
        let composite = DrawItem(
            kind: .composite, mapping: PlaneMapping(1, 0, 0, 0, 1, 0, translation, 0, 1), quad: rect, shape: rect,
            content: .texture(.pass(0), uv: CGRect(x: 0, y: 0, width: 1, height: 1), rect: rect),
            antialiasedEdges: 0)
        list.passes = [
            RenderPass(purpose: .groupOpacity, bounds: passBounds, items: []),
            RenderPass(purpose: .screen, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), items: [composite]),
        ]
        list.markTexelForPixelComposites()
        return list.screen.items[0]
    }

    @Test func aPassShownAtItsPixelsIsReadTexelForPixel() {
        let bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(marked(passBounds: bounds, rect: bounds, translation: 0).shading == .texelQuad)
        #expect(marked(passBounds: bounds, rect: bounds, translation: 0.5).shading == .texturedQuad, "off the grid")
        let larger = CGRect(x: 10, y: 10, width: 40, height: 40)
        #expect(marked(passBounds: larger, rect: bounds, translation: 0).shading == .texturedQuad, "at half size")
    }
}
