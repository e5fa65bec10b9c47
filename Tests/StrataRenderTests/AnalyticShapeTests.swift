import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// Rectangles, rounded rectangles and circles in shape layers become one body
/// item drawn in closed form; every other path, and strokes with dashes, trims
/// or bevelled square corners, still becomes a bitmap.
@Suite struct AnalyticShapeTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func items(_ configure: (CAShapeLayer) -> Void) -> [DrawItem] {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        shape.fillColor = red
        configure(shape)
        root.addSublayer(shape)
        var flattener = Flattener(size: CGSize(width: 400, height: 400))
        flattener.rasterizer = ShapeLayerRasterizer()
        return flattener.renderList(for: root).screen.items
    }

    func isBitmap(_ item: DrawItem) -> Bool {
        if case .texture(.raster, _, _)? = item.content { return true }
        return false
    }

    @Test func filledOutlinesAreDrawnInClosedForm() throws {
        let rect = items { $0.path = CGPath(rect: CGRect(x: 10, y: 20, width: 80, height: 60), transform: nil) }
        #expect(rect.count == 1)
        #expect(rect[0].content == nil && rect[0].shape == CGRect(x: 10, y: 20, width: 80, height: 60))
        #expect(rect[0].radii == .zero && rect[0].fill == PremultipliedColor(red) && rect[0].borderWidth == 0)
        let rounded = items {
            $0.path = CGPath(
                roundedRect: CGRect(x: 0, y: 0, width: 120, height: 80),
                cornerWidth: 16, cornerHeight: 16, transform: nil)
        }
        let radii = try #require(rounded.first).radii
        #expect(abs(radii.minXMinY - 16) < 0.05 && abs(radii.maxXMaxY - 16) < 0.05, "\(radii)")
        let circle = items {
            $0.path = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
        }
        let disc = try #require(circle.first)
        #expect(disc.content == nil && abs(disc.radii.maxXMinY - 50) < 0.05, "\(disc)")
    }

    @Test func closedStrokesBecomeBorders() throws {
        // A ring: the circle grown by half the line width, its border the line width.
        let ring = try #require(
            items {
                $0.path = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
                $0.fillColor = nil
                $0.strokeColor = blue
                $0.lineWidth = 10
            }.first)
        #expect(ring.content == nil && ring.fill.isClear && ring.borderWidth == 10)
        #expect(abs(ring.shape.minX - 45) < 1e-6 && abs(ring.shape.width - 110) < 1e-6)
        #expect(abs(ring.radii.minXMaxY - 55) < 0.05)
        // Square corners: mitred stay square, round joins get half the width. The fill
        // under the stroke is an item of its own, to the path, the stroke's drawn over it.
        func square(_ join: CAShapeLayerLineJoin) -> [DrawItem] {
            items {
                $0.path = CGPath(rect: CGRect(x: 10, y: 10, width: 100, height: 100), transform: nil)
                $0.strokeColor = blue
                $0.lineWidth = 8
                $0.lineJoin = join
            }
        }
        #expect(square(.miter).last?.radii == .zero)
        #expect(square(.round).last?.radii.minXMinY == 4)
        let (fill, stroke) = (try #require(square(.miter).first), try #require(square(.miter).last))
        #expect(fill.fill == PremultipliedColor(red) && fill.borderWidth == 0)
        #expect(fill.shape == CGRect(x: 10, y: 10, width: 100, height: 100) && fill.radii == .zero)
        #expect(
            stroke.fill.isClear && stroke.borderWidth == 8
                && stroke.shape == CGRect(x: 6, y: 6, width: 108, height: 108))
        #expect(
            try #require(square(.bevel).first).content != nil, "a bevelled square corner is not a rounded rectangle")
    }

    @Test func trimmedCirclesBecomeArcs() throws {
        // CGPath(ellipseIn:) starts at +x and turns towards +y; strokeStart 0.25 is a quarter turn on.
        let arc = try #require(
            items {
                $0.path = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
                $0.fillColor = nil
                $0.strokeColor = blue
                $0.lineWidth = 6
                $0.strokeStart = 0.25
                $0.strokeEnd = 0.75
                $0.lineCap = .round
            }.first)
        guard case .borderArc(let start, let sweep, let roundCaps)? = arc.content else {
            Issue.record("not an arc: \(arc)")
            return
        }
        #expect(abs(start - .pi / 2) < 1e-9 && abs(sweep - .pi) < 1e-9 && roundCaps)
        #expect(arc.borderWidth == 6 && abs(arc.shape.minX - 47) < 1e-6)
        // The other way round (an SVG arc from the top, sweep flag 0), butt caps.
        let back = try #require(
            items {
                $0.path = try? CGPath(svgPathData: "M 50 0 A 50 50 0 1 0 50.001 0")
                $0.fillColor = nil
                $0.strokeColor = blue
                $0.lineWidth = 4
                $0.strokeEnd = 0.5
            }.first)
        guard case .borderArc(let s2, let sweep2, let round2)? = back.content else {
            Issue.record("not an arc: \(back)")
            return
        }
        #expect(abs(s2 + .pi / 2) < 1e-3 && abs(sweep2 + .pi) < 1e-3 && !round2, "\(s2) \(sweep2)")
    }

    @Test func dashedCirclesAreDrawnAsDashes() throws {
        let circle = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
        func only(_ configure: @escaping (CAShapeLayer) -> Void) -> DrawItem? {
            let made = items {
                $0.fillColor = nil; $0.strokeColor = self.blue; $0.lineWidth = 4
                configure($0)
            }
            return made.count == 1 ? made[0] : nil
        }
        let spinner = try #require(
            only {
                $0.path = circle; $0.lineDashPattern = [10, 6]; $0.lineDashPhase = 3
            })
        guard case .borderDashes(let d)? = spinner.content else {
            Issue.record("not dashes: \(spinner)")
            return
        }
        // Lengths are stretched from the rasterizer's chord measure to the true circle, by a little.
        let stretch = d.dash / 10
        #expect(stretch >= 1 && stretch < 1.005, "\(stretch)")
        #expect(
            abs(d.gap - 6 * stretch) < 1e-9 && abs(d.phase - 3 * stretch) < 1e-9 && !d.roundCaps && abs(d.turn) == 1)
        #expect(spinner.borderWidth == 4 && abs(spinner.shape.width - 104) < 1e-6)
        // The path starts at its rightmost point.
        #expect(abs(cos(d.start) - 1) < 1e-6, "\(d.start)")
        // One length repeats; a repeated pair is the pair; round caps are kept.
        let single = try #require(
            only {
                $0.path = circle; $0.lineDashPattern = [7]; $0.lineCap = .round
            })
        if case .borderDashes(let one)? = single.content {
            #expect(abs(one.dash - 7 * stretch) < 1e-9 && one.gap == one.dash && one.roundCaps && one.start == d.start)
        } else {
            Issue.record("\(single)")
        }
        let pairs = try #require(
            only {
                $0.path = circle; $0.lineDashPattern = [5, 2, 5, 2]
            })
        if case .borderDashes(let p)? = pairs.content {
            #expect(abs(p.dash - 5 * stretch) < 1e-9 && abs(p.gap - 2 * stretch) < 1e-9)
        } else {
            Issue.record("\(pairs)")
        }
        // No gap: the whole ring.
        let solid = try #require(
            only {
                $0.path = circle; $0.lineDashPattern = [5, 0]
            })
        #expect(solid.content == nil && solid.borderWidth == 4)
        // What the shader cannot dash goes to the rasterizer.
        let uneven = only {
            $0.path = circle; $0.lineDashPattern = [5, 2, 3]
        }
        let square = only {
            $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
            $0.lineDashPattern = [5, 2]
        }
        let trimmed = only {
            $0.path = circle; $0.lineDashPattern = [5, 2]; $0.strokeEnd = 0.5
        }
        let squareCaps = only {
            $0.path = circle; $0.lineDashPattern = [5, 2]; $0.lineCap = .square
        }
        let overFill = only {
            $0.path = circle; $0.lineDashPattern = [5, 2]; $0.fillColor = self.red
        }
        for (name, item) in [
            ("uneven pattern", uneven), ("square", square), ("trimmed", trimmed),
            ("square caps", squareCaps), ("over a fill", overFill),
        ] {
            #expect(item.map(isBitmap) == true, "\(name)")
        }
    }

    @Test func otherPathsAndStrokesGoToTheRasterizer() throws {
        let circle = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
        func only(_ configure: @escaping (CAShapeLayer) -> Void) -> DrawItem? {
            let made = items(configure)
            return made.count == 1 ? made[0] : nil
        }
        let ellipse = only { $0.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 60), transform: nil) }
        let triangle = only { $0.path = try? CGPath(svgPathData: "M 0 0 L 100 0 L 50 80 Z") }
        let dashed = only {
            $0.path = circle; $0.strokeColor = self.blue; $0.lineWidth = 4; $0.lineDashPattern = [8, 4]
        }
        let trimmed = only {
            $0.path = circle; $0.strokeColor = self.blue; $0.lineWidth = 4; $0.strokeEnd = 0.5
        }
        let trimmedSquare = only {
            $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
            $0.fillColor = nil; $0.strokeColor = self.blue; $0.lineWidth = 4; $0.strokeEnd = 0.5
        }
        let squareCaps = only {
            $0.path = circle; $0.fillColor = nil; $0.strokeColor = self.blue; $0.lineWidth = 4; $0.strokeEnd = 0.5
            $0.lineCap = .square
        }
        let translucentOverFill = only {
            $0.path = circle; $0.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5); $0.lineWidth = 4
        }
        let openStroke = only {
            // All four sides, back to the start, but not closed: caps at the start, no join.
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 0))
            for corner in [CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50), CGPoint(x: 0, y: 50), .zero] {
                p.addLine(to: corner)
            }
            $0.path = p
            $0.fillColor = nil; $0.strokeColor = self.blue; $0.lineWidth = 4
        }
        let withBackground = only {
            $0.path = circle; $0.backgroundColor = self.blue
        }
        for (name, item) in [
            ("ellipse", ellipse), ("triangle", triangle), ("dashed", dashed), ("trimmed over a fill", trimmed),
            ("trimmed square", trimmedSquare), ("square caps", squareCaps),
            ("translucent stroke over a fill", translucentOverFill), ("open stroke", openStroke),
        ] {
            #expect(item.map(isBitmap) == true, "\(name)")
        }
        // The background is the body; the path is drawn over it from a bitmap.
        #expect(withBackground.map(isBitmap) == true)
    }
}
