import Foundation
import Strata
import StrataHost
import StrataRender
import Testing
import _StrataTestSupport

/// Rectangles, rounded rectangles and circles drawn in closed form match the
/// same outlines drawn by the rasterizer (given as paths the shader does not
/// take: each side cut into many pieces), flat, rotated and unevenly scaled.
@Suite struct AnalyticShapePixelTests {
    /// `rect`'s outline with every straight side in eight pieces: the same
    /// geometry, too many elements for the closed form.
    static func pieces(_ rect: CGRect) -> CGPath {
        let p = CGMutablePath()
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ]
        p.move(to: corners[0])
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            for k in 1...8 {
                let t = CGFloat(k) / 8
                p.addLine(to: CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        p.closeSubpath()
        return p
    }

    /// A circle of 16 cubic arcs (the closed form takes four).
    static func sixteenArcs(center c: CGPoint, radius r: CGFloat) -> CGPath { arcs(16, center: c, radius: r) }

    /// A circle of `count` cubic arcs from its rightmost point, turning from +x towards +y.
    static func arcs(_ count: Int, center c: CGPoint, radius r: CGFloat) -> CGPath {
        let p = CGMutablePath()
        let step = 2 * CGFloat.pi / CGFloat(count), k = 4 / 3 * tan(step / 4) * r
        p.move(to: CGPoint(x: c.x + r, y: c.y))
        for i in 0..<count {
            let a0 = CGFloat(i) * step, a1 = a0 + step
            p.addCurve(
                to: CGPoint(x: c.x + r * cos(a1), y: c.y + r * sin(a1)),
                control1: CGPoint(x: c.x + r * cos(a0) - k * sin(a0), y: c.y + r * sin(a0) + k * cos(a0)),
                control2: CGPoint(x: c.x + r * cos(a1) + k * sin(a1), y: c.y + r * sin(a1) - k * cos(a1)))
        }
        p.closeSubpath()
        return p
    }

    func scene(closedForm: Bool) throws -> CGImage {
        let r = root(360, 140)
        let box = CGRect(x: 10, y: 15, width: 80, height: 60)
        let fill = shape(
            closedForm ? CGPath(rect: box, transform: nil) : Self.pieces(box),
            at: CGPoint(x: 60, y: 70), size: CGSize(width: 100, height: 100))
        fill.fillColor = color(0x2a9d8f)
        fill.setAffineTransform(CGAffineTransform(rotationAngle: 0.4))
        let ring = shape(
            closedForm
                ? CGPath(ellipseIn: CGRect(x: 15, y: 15, width: 70, height: 70), transform: nil)
                : Self.sixteenArcs(center: CGPoint(x: 50, y: 50), radius: 35),
            at: CGPoint(x: 180, y: 70), size: CGSize(width: 100, height: 100))
        ring.fillColor = nil
        ring.strokeColor = color(0x8338ec)
        ring.lineWidth = 9
        let framed = shape(
            closedForm ? CGPath(rect: box, transform: nil) : Self.pieces(box),
            at: CGPoint(x: 300, y: 70), size: CGSize(width: 100, height: 100))
        framed.fillColor = color(0xe9c46a)
        framed.strokeColor = color(0x1d3557)
        framed.lineWidth = 6
        framed.lineJoin = .round
        framed.setAffineTransform(CGAffineTransform(scaleX: 1.1, y: 0.6))
        // A progress ring: a quarter to most of the way round, round caps, turned.
        let progress = shape(
            closedForm
                ? CGPath(ellipseIn: CGRect(x: 25, y: 25, width: 50, height: 50), transform: nil)
                : Self.sixteenArcs(center: CGPoint(x: 50, y: 50), radius: 25),
            at: CGPoint(x: 180, y: 70), size: CGSize(width: 100, height: 100))
        progress.fillColor = nil
        progress.strokeColor = color(0xff006e)
        progress.lineWidth = 7
        progress.lineCap = .round
        progress.strokeStart = 0.2
        progress.strokeEnd = 0.85
        progress.setAffineTransform(CGAffineTransform(rotationAngle: -0.7))
        r.sublayers = [fill, ring, framed, progress]
        let out = try render(r, 360, 140, background: .white)
        // The closed form draws no bitmap; the cut-up paths draw four.
        #expect((out.stats.uploads == 0) == closedForm, "uploads \(out.stats.uploads)")
        return out.image
    }

    @Test func closedFormMatchesTheRasterizer() throws {
        let closed = try scene(closedForm: true), rasterized = try scene(closedForm: false)
        var total = 0, worst = 0, count = 0
        for y in 0..<140 {
            for x in 0..<360 {
                let a = pixel(closed, x, y), b = pixel(rasterized, x, y)
                for k in 0..<4 {
                    let d = abs(a[k] - b[k])
                    total += d; worst = max(worst, d); count += 1
                }
            }
        }
        let mean = Double(total) / Double(count)
        // Edges are antialiased both ways: they differ by part of a pixel's ramp, nowhere by a whole one.
        #expect(mean < 0.5, "mean difference \(mean)")
        #expect(worst < 110, "largest difference \(worst)")
        // Inside each shape the colour is the same.
        #expect(close(pixel(closed, 60, 70), pixel(rasterized, 60, 70)))
        #expect(close(pixel(closed, 180, 35), [131, 56, 236, 255], 3))
        #expect(close(pixel(closed, 300, 70), [233, 196, 106, 255], 3))
    }

    /// Dashed circles (spinners): butt caps turned, round caps with a phase, and
    /// dots, against the same dashes the rasterizer makes from 16 arcs; and a
    /// short progress arc with round caps.
    func spinners(closedForm: Bool, meshes: Bool = true) throws -> CGImage {
        let r = root(400, 100)
        let specs: [(pattern: [CGFloat], phase: CGFloat, cap: CAShapeLayerLineCap, width: CGFloat, turn: CGFloat)] = [
            ([10, 6], 0, .butt, 5, 0.6), ([14, 7], 5, .round, 6, -1.2), ([0, 9], 0, .round, 5, 0),
        ]
        r.sublayers = specs.enumerated().map { i, spec in
            let circle =
                closedForm
                ? Self.arcs(4, center: CGPoint(x: 50, y: 50), radius: 34)
                : Self.sixteenArcs(center: CGPoint(x: 50, y: 50), radius: 34)
            let s = shape(circle, at: CGPoint(x: 50 + 100 * CGFloat(i), y: 50), size: CGSize(width: 100, height: 100))
            s.fillColor = nil
            s.strokeColor = color(0x3a86ff)
            s.lineWidth = spec.width
            s.lineDashPattern = spec.pattern.map { NSNumber(value: Double($0)) }
            s.lineDashPhase = spec.phase
            s.lineCap = spec.cap
            s.setAffineTransform(CGAffineTransform(rotationAngle: spec.turn))
            return s
        }
        let arc = shape(
            closedForm
                ? Self.arcs(4, center: CGPoint(x: 50, y: 50), radius: 30)
                : Self.sixteenArcs(center: CGPoint(x: 50, y: 50), radius: 30),
            at: CGPoint(x: 350, y: 50), size: CGSize(width: 100, height: 100))
        arc.fillColor = nil
        arc.strokeColor = color(0xff006e)
        arc.lineWidth = 12
        arc.lineCap = .round
        arc.strokeStart = 0.1
        arc.strokeEnd = 0.3
        r.addSublayer(arc)
        let renderer = try OffscreenRenderer()
        renderer.drawsMeshes = meshes
        let out = try renderer.render(r, size: CGSize(width: 400, height: 100), background: .white)
        #expect((out.stats.uploads == 0) == closedForm, "uploads \(out.stats.uploads)")
        return out.image
    }

    /// Where the stroke starts and stops along the circle of radius 34 around
    /// `centre` (device pixels, walking from +x towards +y): the lengths at which
    /// the stroke's coverage (from the red channel of #3a86ff over white) crosses a half.
    static func cuts(_ image: CGImage, centre: CGPoint) -> [Double] {
        func coverage(_ x: Double, _ y: Double) -> Double {
            let x0 = Int((x - 0.5).rounded(.down)), y0 = Int((y - 0.5).rounded(.down))
            let fx = x - 0.5 - Double(x0), fy = y - 0.5 - Double(y0)
            func c(_ x: Int, _ y: Int) -> Double { Double(255 - pixel(image, x, y)[0]) / Double(255 - 0x3a) }
            return c(x0, y0) * (1 - fx) * (1 - fy) + c(x0 + 1, y0) * fx * (1 - fy)
                + c(x0, y0 + 1) * (1 - fx) * fy + c(x0 + 1, y0 + 1) * fx * fy
        }
        var out: [Double] = [], previous: Bool?
        let steps = 8000
        for k in 0...steps {
            let t = 2 * Double.pi * Double(k) / Double(steps)
            let on = coverage(Double(centre.x) + 34 * cos(t), Double(centre.y) + 34 * sin(t)) > 0.5
            if let previous, on != previous { out.append(34 * t) }
            previous = on
        }
        return out
    }

    @Test func dashedCirclesMatchTheRasterizersDashes() throws {
        let closed = try spinners(closedForm: true), rasterized = try spinners(closedForm: false)
        // Every dash starts and stops where the rasterizer's does (which is where
        // Chromium's do), turned, with a phase, round caps, dots, across the start;
        // within a third of a pixel (dots, measured by distance, come out a little rounder).
        for i in 0..<3 {
            let centre = CGPoint(x: 50 + 100 * i, y: 50)
            let a = Self.cuts(closed, centre: centre), b = Self.cuts(rasterized, centre: centre)
            #expect(a.count == b.count && a.count >= 20, "spinner \(i): \(a.count) cuts, rasterized \(b.count)")
            let worst = zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < 0.4, "spinner \(i): a cut \(worst) px from the rasterizer's")
        }
        // Away from the cuts, the strokes are the same: the oracle's thresholds.
        var total = 0, off = 0, count = 0
        for y in 0..<100 {
            for x in 0..<400 {
                let a = pixel(closed, x, y), b = pixel(rasterized, x, y)
                let d = (0..<3).map { abs(a[$0] - b[$0]) }.max()!
                total += d; count += 1
                if d > 32 { off += 1 }
            }
        }
        #expect(Double(total) / Double(count) < 2, "mean difference \(Double(total) / Double(count))")
        #expect(Double(off) / Double(count) < 0.01, "\(off) pixels off by more than 32")
    }

    /// A shape layer that fills and strokes its rounded rectangle or circle draws
    /// what a fill layer under a stroke layer draws: the fill reaches the path, not
    /// the stroke's outer edge (else both cover its anti-aliased pixels), flat and turned.
    @Test func aFillUnderItsStrokeEndsAtThePath() throws {
        func picture(separate: Bool) throws -> CGImage {
            let r = root(300, 120)
            let paths = [
                CGPath(
                    roundedRect: CGRect(x: 10, y: 10, width: 90, height: 70), cornerWidth: 12, cornerHeight: 12,
                    transform: nil),
                CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil),
                CGPath(rect: CGRect(x: 10.5, y: 10, width: 70, height: 60), transform: nil),
            ]
            for (i, path) in paths.enumerated() {
                let at = CGPoint(x: 60 + 95 * CGFloat(i), y: 60)
                let size = CGSize(width: 110, height: 100)
                let layers =
                    separate
                    ? [shape(path, at: at, size: size), shape(path, at: at, size: size)]
                    : [shape(path, at: at, size: size)]
                for (k, l) in layers.enumerated() {
                    l.fillColor = separate && k == 1 ? nil : color(0x3a86ff)
                    l.strokeColor = separate && k == 0 ? nil : color(0x222222)
                    l.lineWidth = 3 + CGFloat(i)
                    l.setAffineTransform(CGAffineTransform(rotationAngle: 0.2 * CGFloat(i)))
                    r.addSublayer(l)
                }
            }
            return try OffscreenRenderer().render(r, size: CGSize(width: 300, height: 120), background: .white).image
        }
        let (one, two) = (try picture(separate: false), try picture(separate: true))
        let (worst, apart, painted) = comparison(one, two)
        #expect(apart == 0, "pixels apart: \(apart), largest difference \(worst)")
        #expect(painted > 10_000, "painted \(painted)")
    }

    /// Outlined layers and a stroked rectangle (borders with nothing inside) drawn as
    /// frame meshes give the pixels their quads give: square and rounded, thin and
    /// thick, turned, and in perspective.
    @Test func frameMeshesDrawWhatTheirQuadsDraw() throws {
        func picture(meshes: Bool) throws -> (CGImage, RenderStats) {
            let r = root(400, 160)
            let specs: [(CGFloat, CGFloat, CGFloat)] = [(2, 0, 0), (6, 12, 0.3), (10, 4, -0.5)]
            for (i, spec) in specs.enumerated() {
                let outline = layer(
                    CGRect(x: 0, y: 0, width: 110, height: 100), CGPoint(x: 70 + 120 * CGFloat(i), y: 80), .clear)
                outline.backgroundColor = nil
                outline.borderWidth = spec.0
                outline.cornerRadius = spec.1
                outline.borderColor = color(0x7a318a)
                outline.setAffineTransform(CGAffineTransform(rotationAngle: spec.2))
                r.addSublayer(outline)
            }
            let stroked = shape(
                CGPath(rect: CGRect(x: 10, y: 10, width: 60, height: 120), transform: nil), at: CGPoint(x: 360, y: 80),
                size: CGSize(width: 80, height: 140))
            stroked.fillColor = nil
            stroked.strokeColor = color(0x2a9d8f)
            stroked.lineWidth = 5
            var tilt = perspective(300)
            tilt = CATransform3DRotate(tilt, 0.6, 0, 1, 0)
            stroked.transform = tilt
            r.addSublayer(stroked)
            let renderer = try OffscreenRenderer()
            renderer.drawsMeshes = meshes
            let out = try renderer.render(r, size: CGSize(width: 400, height: 160), background: .white)
            return (out.image, out.stats)
        }
        let (meshes, stats) = try picture(meshes: true), (quads, _) = try picture(meshes: false)
        var worst = 0
        for y in 0..<160 {
            for x in 0..<400 {
                let a = pixel(meshes, x, y), b = pixel(quads, x, y)
                worst = max(worst, (0..<4).map { abs(a[$0] - b[$0]) }.max()!)
            }
        }
        #expect(worst <= 2, "largest difference \(worst)")
        // The middles are left out: the outlines cost a fraction of their quads.
        #expect(stats.items == 4)
    }

    /// A ring mesh shades the pixels the quad would and leaves the rest alone.
    @Test func ringMeshesDrawWhatTheirQuadsDraw() throws {
        let meshes = try spinners(closedForm: true), quads = try spinners(closedForm: true, meshes: false)
        var worst = 0
        for y in 0..<100 {
            for x in 0..<400 {
                let a = pixel(meshes, x, y), b = pixel(quads, x, y)
                worst = max(worst, (0..<4).map { abs(a[$0] - b[$0]) }.max()!)
            }
        }
        #expect(worst <= 2, "largest difference \(worst)")
    }
}
