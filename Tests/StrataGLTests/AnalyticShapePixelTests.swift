import Foundation
import Testing
import Strata
import StrataRender
import StrataHost
import _StrataTestSupport

/// Rectangles, rounded rectangles and circles drawn in closed form match the
/// same outlines drawn by the rasterizer (given as paths the shader does not
/// take: each side cut into many pieces), flat, rotated and unevenly scaled.
@Suite struct AnalyticShapePixelTests {
    /// `rect`'s outline with every straight side in eight pieces: the same
    /// geometry, too many elements for the closed form.
    static func pieces(_ rect: CGRect) -> CGPath {
        let p = CGMutablePath()
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
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
    static func sixteenArcs(center c: CGPoint, radius r: CGFloat) -> CGPath {
        let p = CGMutablePath()
        let step = CGFloat.pi / 8, k = 4 / 3 * tan(step / 4) * r
        p.move(to: CGPoint(x: c.x + r, y: c.y))
        for i in 0..<16 {
            let a0 = CGFloat(i) * step, a1 = a0 + step
            p.addCurve(to: CGPoint(x: c.x + r * cos(a1), y: c.y + r * sin(a1)),
                       control1: CGPoint(x: c.x + r * cos(a0) - k * sin(a0), y: c.y + r * sin(a0) + k * cos(a0)),
                       control2: CGPoint(x: c.x + r * cos(a1) + k * sin(a1), y: c.y + r * sin(a1) - k * cos(a1)))
        }
        p.closeSubpath()
        return p
    }

    func scene(closedForm: Bool) throws -> CGImage {
        let r = root(360, 140)
        let box = CGRect(x: 10, y: 15, width: 80, height: 60)
        let fill = shape(closedForm ? CGPath(rect: box, transform: nil) : Self.pieces(box),
                         at: CGPoint(x: 60, y: 70), size: CGSize(width: 100, height: 100))
        fill.fillColor = color(0x2a9d8f)
        fill.setAffineTransform(CGAffineTransform(rotationAngle: 0.4))
        let ring = shape(closedForm ? CGPath(ellipseIn: CGRect(x: 15, y: 15, width: 70, height: 70), transform: nil)
                                    : Self.sixteenArcs(center: CGPoint(x: 50, y: 50), radius: 35),
                         at: CGPoint(x: 180, y: 70), size: CGSize(width: 100, height: 100))
        ring.fillColor = nil
        ring.strokeColor = color(0x8338ec)
        ring.lineWidth = 9
        let framed = shape(closedForm ? CGPath(rect: box, transform: nil) : Self.pieces(box),
                           at: CGPoint(x: 300, y: 70), size: CGSize(width: 100, height: 100))
        framed.fillColor = color(0xe9c46a)
        framed.strokeColor = color(0x1d3557)
        framed.lineWidth = 6
        framed.lineJoin = .round
        framed.setAffineTransform(CGAffineTransform(scaleX: 1.1, y: 0.6))
        // A progress ring: a quarter to most of the way round, round caps, turned.
        let progress = shape(closedForm ? CGPath(ellipseIn: CGRect(x: 25, y: 25, width: 50, height: 50), transform: nil)
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
}
