import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// A procedural image: a 4×4 checker of four colours with a 1-pixel marker row.
func checkerImage(_ w: Int = 32, _ h: Int = 24) -> CGImage {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    let colors: [[UInt8]] = [[230, 57, 70, 255], [29, 53, 87, 255], [241, 250, 238, 255], [69, 123, 157, 128]]
    for y in 0..<h {
        for x in 0..<w {
            let c = colors[((x * 4 / w) + (y * 4 / h)) % 4]
            for k in 0..<4 { px[(y * w + x) * 4 + k] = c[k] }
        }
    }
    return CGImage(width: w, height: h, pixels: px, label: "checker")
}

func color(_ hex: UInt32, _ alpha: CGFloat = 1) -> CGColor {
    CGColor(
        red: CGFloat((hex >> 16) & 255) / 255, green: CGFloat((hex >> 8) & 255) / 255,
        blue: CGFloat(hex & 255) / 255, alpha: alpha)
}

func render(
    _ root: CALayer, _ w: CGFloat, _ h: CGFloat, scale: Double = 1,
    background: CGColor? = color(0x202830)
) throws -> (image: CGImage, stats: RenderStats) {
    try OffscreenRenderer().render(root, size: CGSize(width: w, height: h), scale: scale, background: background)
}

func perspective(_ d: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = -1 / d
    return t
}

@Suite struct RendererGoldenTests {
    @Test func cornersBordersAndMaskedCorners() throws {
        let r = root(240, 120)
        let a = layer(CGRect(x: 0, y: 0, width: 90, height: 70), CGPoint(x: 60, y: 60), color(0xe63946))
        a.cornerRadius = 20
        a.borderWidth = 6
        a.borderColor = color(0xa8dadc)
        let b = layer(CGRect(x: 0, y: 0, width: 90, height: 70), CGPoint(x: 170, y: 60), color(0x457b9d))
        b.cornerRadius = 30
        b.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        b.cornerCurve = .continuous
        b.borderWidth = 3
        b.borderColor = color(0xf1faee, 0.6)
        r.sublayers = [a, b]
        let out = try render(r, 240, 120)
        // Inside, corner outside, border.
        #expect(close(pixel(out.image, 60, 60), [230, 57, 70, 255]))
        #expect(close(pixel(out.image, 16, 26), [32, 40, 48, 255]))
        #expect(close(pixel(out.image, 60, 27), [168, 218, 220, 255]))
        GoldenImage.check(out.image, named: "corners_borders")
    }

    @Test func contentsGravityAndContentsRect() throws {
        let r = root(300, 100)
        let image = checkerImage()
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .center, .topLeft, .resizeAspectFill]
        for (i, g) in gravities.enumerated() {
            let l = layer(CGRect(x: 0, y: 0, width: 50, height: 60), CGPoint(x: 30 + 60 * i, y: 40), color(0x333333))
            l.contents = image
            l.contentsGravity = g
            if i == 0 { l.contentsRect = CGRect(x: 0.25, y: 0, width: 0.5, height: 1) }
            if i == 4 { l.masksToBounds = true; l.cornerRadius = 10 }
            r.addSublayer(l)
        }
        let out = try render(r, 300, 100)
        // resize with contentsRect (0.25, 0, 0.5, 1): the left edge shows checker column 1 (dark blue).
        #expect(close(pixel(out.image, 7, 15), [29, 53, 87, 255], 6))
        GoldenImage.check(out.image, named: "contents_gravity")
    }

    @Test func gradientsAxialRadialConicWithLocations() throws {
        let r = root(300, 100)
        let types: [CAGradientLayerType] = [.axial, .radial, .conic]
        for (i, t) in types.enumerated() {
            let g = CAGradientLayer()
            g.bounds = CGRect(x: 0, y: 0, width: 90, height: 80)
            g.position = CGPoint(x: 50 + 100 * i, y: 50)
            g.type = t
            g.colors = [color(0xff0000), color(0x00ff00), color(0x0000ff)]
            g.locations = [0, 0.3, 1]
            g.startPoint = t == .axial ? CGPoint(x: 0, y: 0.5) : CGPoint(x: 0.5, y: 0.5)
            g.endPoint = t == .axial ? CGPoint(x: 1, y: 0.5) : CGPoint(x: 1, y: 1)
            g.cornerRadius = 12
            r.addSublayer(g)
        }
        let out = try render(r, 300, 100)
        // Axial at 30% is pure green; radial centre is red.
        #expect(close(pixel(out.image, 5 + 27, 50), [0, 255, 0, 255], 12))
        // Radial centre: t ≈ 0.017 of the way from red (0) to green (0.3).
        #expect(close(pixel(out.image, 150, 50), [240, 15, 0, 255], 6))
        GoldenImage.check(out.image, named: "gradients")
    }

    /// A radial gradient with a focal point (`radialFocus`, Strata's, for Lottie's highlight): the
    /// first colour sits there, and along each ray from it the ramp reaches its end on the circle.
    @Test func radialGradientSpreadsFromItsFocus() throws {
        let r = root(100, 100)
        let g = CAGradientLayer()
        g.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.position = CGPoint(x: 50, y: 50)
        g.type = .radial
        g.colors = [color(0xff0000), color(0x0000ff)]
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        g.radialFocus = CGPoint(x: 0.6, y: 0)
        r.addSublayer(g)
        let out = try render(r, 100, 100)
        // Red at the focus (80, 50): the pixel centre beside it, (80.5, 50.5), is 0.014 radii from it
        // on a ray that meets the circle 0.48 radii away (t 0.03).
        #expect(close(pixel(out.image, 80, 50), [247, 0, 8, 255], 4), "\(pixel(out.image, 80, 50))")
        // Left of the centre, x 20.5: 1.2 of the 1.6 radii from the focus to the circle (t 0.75);
        // centred, it would be 0.59.
        #expect(close(pixel(out.image, 20, 50), [64, 0, 191, 255], 4), "\(pixel(out.image, 20, 50))")
        // Straight up from the focus, 0.6 radii of the 0.8 to the circle (t 0.75).
        #expect(close(pixel(out.image, 80, 20), [64, 0, 191, 255], 4), "\(pixel(out.image, 80, 20))")
    }

    @Test func nestedRoundedClipsUnderPerspective() throws {
        let r = root(200, 160)
        let outer = layer(CGRect(x: 0, y: 0, width: 140, height: 110), CGPoint(x: 100, y: 80), color(0x264653))
        outer.transform = CATransform3DRotate(perspective(300), 0.5, 0, 1, 0)
        outer.masksToBounds = true
        outer.cornerRadius = 24
        let inner = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 70), color(0xe9c46a))
        inner.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        inner.masksToBounds = true
        inner.cornerRadius = 30
        let innermost = layer(CGRect(x: 0, y: 0, width: 200, height: 30), CGPoint(x: 50, y: 50), color(0xe76f51))
        inner.addSublayer(innermost)
        outer.addSublayer(inner)
        r.addSublayer(outer)
        let out = try render(r, 200, 160)
        #expect(out.stats.passes == 1)
        GoldenImage.check(out.image, named: "clip_perspective")
    }

    @Test func abuttingLayersRotatedIn3DShowNoSeam() throws {
        let r = root(200, 200)
        let grid = layer(CGRect(x: 0, y: 0, width: 160, height: 160), CGPoint(x: 100, y: 100), nil)
        grid.transform = CATransform3DRotate(CATransform3DRotate(perspective(300), 0.7, 0, 1, 0), 0.5, 1, 0, 0)
        let n = 8
        for i in 0..<(n * n) {
            grid.addSublayer(
                layer(
                    CGRect(x: 0, y: 0, width: 20, height: 20),
                    CGPoint(x: 10 + 20 * (i % n), y: 10 + 20 * (i / n)), color(0xffffff)))
        }
        r.addSublayer(grid)
        let out = try render(r, 200, 200, background: color(0x000000))
        // Every pixel well inside the grid's outline is fully white: no seam lets black through.
        // Every cell lies in the grid's plane; cell 0's local space spans the grid, u and v in 0…160.
        let cell0 = Flattener(size: CGSize(width: 200, height: 200)).renderList(for: r).screen.items[0]
        guard let toLocal = cell0.mapping.inverted() else { Issue.record("cell 0 is edge-on"); return }
        var darkest = 255
        for y in 0..<200 {
            for x in 0..<200 {
                // Inside the union of cells, a few units from its outer edge.
                let h = toLocal.apply(Double(x) + 0.5, Double(y) + 0.5)
                let u = h.x / h.w, v = h.y / h.w
                guard u > 3, u < 157, v > 3, v < 157 else { continue }
                darkest = min(darkest, pixel(out.image, x, y)[0])
            }
        }
        #expect(darkest >= 250, "a seam let the background through: darkest interior pixel \(darkest)")
        GoldenImage.check(out.image, named: "seam_grid")
    }

    @Test func groupOpacityOfOverlappingSublayers() throws {
        let r = root(200, 100)
        for (i, groupOpacity) in [true, false].enumerated() {
            let g = layer(CGRect(x: 0, y: 0, width: 90, height: 90), CGPoint(x: 50 + 100 * i, y: 50), nil)
            let a = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 35, y: 35), color(0xff0000))
            let b = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 55, y: 55), color(0x0000ff))
            g.sublayers = [a, b]
            if groupOpacity { g.opacity = 0.5 } else { a.opacity = 0.5; b.opacity = 0.5 }
            r.addSublayer(g)
        }
        let out = try render(r, 200, 100, background: .white)
        // Group: the overlap shows blue at half opacity over white; separately, blue over red.
        #expect(close(pixel(out.image, 45, 45), [128, 128, 255, 255], 3))
        #expect(close(pixel(out.image, 145, 45), [128, 64, 191, 255], 3))
        #expect(out.stats.passes == 2)
        GoldenImage.check(out.image, named: "group_opacity")
    }

    @Test func scaleTwoRendersTwiceThePixels() throws {
        let r = root(60, 40)
        let l = layer(CGRect(x: 0, y: 0, width: 30, height: 20), CGPoint(x: 30, y: 20), color(0x2a9d8f))
        l.cornerRadius = 8
        r.addSublayer(l)
        let out = try render(r, 60, 40, scale: 2)
        #expect(out.image.width == 120 && out.image.height == 80)
        GoldenImage.check(out.image, named: "scale2")
    }

    @Test func renderingTwiceGivesIdenticalBytes() throws {
        let r = root(120, 90)
        let l = layer(CGRect(x: 0, y: 0, width: 80, height: 60), CGPoint(x: 60, y: 45), color(0x8338ec))
        l.transform = CATransform3DRotate(perspective(200), 0.6, 1, 1, 0)
        l.cornerRadius = 12
        l.shadowOpacity = 0.7
        l.shadowRadius = 6
        l.contents = checkerImage()
        r.addSublayer(l)
        let first = try render(r, 120, 90).image.pngData()
        let second = try OffscreenRenderer().render(
            r, size: CGSize(width: 120, height: 90),
            background: color(0x202830)
        ).image.pngData()
        #expect(first == second)
    }
}

@Suite struct NineSliceRenderTests {
    @Test func stretchedFrameKeepsCornersAndShowsNoSeams() throws {
        // A 12×12 frame: a 4-pixel dark border around a white centre.
        var px = [UInt8](repeating: 255, count: 12 * 12 * 4)
        for y in 0..<12 {
            for x in 0..<12 where x < 4 || x >= 8 || y < 4 || y >= 8 {
                px[(y * 12 + x) * 4] = 20; px[(y * 12 + x) * 4 + 1] = 40; px[(y * 12 + x) * 4 + 2] = 80
            }
        }
        let r = root(200, 100)
        let button = layer(CGRect(x: 0, y: 0, width: 160, height: 60), CGPoint(x: 100, y: 50), nil)
        button.contents = CGImage(width: 12, height: 12, pixels: px, label: "frame")
        button.contentsCenter = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        button.transform = CATransform3DRotate(perspective(400), 0.3, 1, 0.5, 0)
        r.addSublayer(button)
        let out = try render(r, 200, 100, background: .black)
        let plain = try render(r, 200, 100, background: .black)
        #expect(out.image.pixels == plain.image.pixels)
        // Along the middle row, inside the white centre, every pixel is white: no seam between cells.
        let list = Flattener(size: CGSize(width: 200, height: 100)).renderList(for: r)
        let centre = list.screen.items[4]
        guard let toLocal = centre.mapping.inverted() else { Issue.record("no inverse"); return }
        var darkest = 255
        for x in 0..<200 {
            let h = toLocal.apply(Double(x) + 0.5, 50.5)
            let u = h.x / h.w, v = h.y / h.w
            guard u > 6, u < 154, v > 6, v < 54 else { continue }
            darkest = min(darkest, pixel(out.image, x, 50)[0])
        }
        #expect(darkest >= 250, "darkest centre pixel \(darkest)")
        GoldenImage.check(out.image, named: "nine_slice")
    }
}

@Suite struct MinificationTests {
    @Test func contentsDrawnMuchSmallerAverageInsteadOfAliasing() throws {
        // One-pixel black and white checker, 256 × 256, drawn into 32 × 32 points.
        var px = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 where (x + y) % 2 == 0 {
                px[(y * 256 + x) * 4] = 0; px[(y * 256 + x) * 4 + 1] = 0; px[(y * 256 + x) * 4 + 2] = 0
            }
        }
        let r = root(64, 64)
        let thumb = layer(CGRect(x: 0, y: 0, width: 32, height: 32), CGPoint(x: 32, y: 32), nil)
        thumb.contents = CGImage(width: 256, height: 256, pixels: px, label: "fine checker")
        thumb.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
        r.addSublayer(thumb)
        let out = try render(r, 64, 64, background: .black)
        var values: [Double] = []
        for y in 24..<40 { for x in 24..<40 { values.append(Double(pixel(out.image, x, y)[0])) } }
        let mean = values.reduce(0, +) / Double(values.count)
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        #expect(abs(mean - 128) < 12, "mean \(mean)")
        #expect(spread < 8, "standard deviation \(spread): the checker aliases")
    }
}

@Suite struct ContentsRectEdgeTests {
    @Test func contentsRectOutsideTheImageExtendsItsEdgePixels() throws {
        // A 2×1 image, red | blue, shown through contentsRect x −20…22 (far past
        // the atlas gutter): extended red, the image, extended blue. The white
        // image in the same atlas page must never show through.
        let image = CGImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255], label: "red|blue")
        let neighbour = CGImage(
            width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64 * 4), label: "white")
        let r = root(120, 60)
        let strip = layer(CGRect(x: 0, y: 0, width: 90, height: 30), CGPoint(x: 60, y: 20), nil)
        strip.contents = image
        strip.contentsRect = CGRect(x: -20, y: -20, width: 42, height: 41)
        let other = layer(CGRect(x: 0, y: 0, width: 16, height: 16), CGPoint(x: 100, y: 50), nil)
        other.contents = neighbour
        r.sublayers = [other, strip]
        let out = try render(r, 120, 60, background: .black)
        // The strip spans x 15…105: the image's two pixels land at x 57.9…62.1.
        for x in [17, 30, 45, 57] { #expect(close(pixel(out.image, x, 10), [255, 0, 0, 255], 3), "x \(x)") }
        for x in [63, 75, 90, 103] { #expect(close(pixel(out.image, x, 30), [0, 0, 255, 255], 3), "x \(x)") }
    }
}
