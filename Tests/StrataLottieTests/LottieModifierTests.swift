import Foundation
import Strata
import Testing

@testable import StrataLottie

/// Path modifiers (pucker/bloat, zig-zag, offset path): the outlines they build, checked as numbers.
@Suite struct LottieModifierTests {
    /// The points of `path`'s elements, in order (a curve's two control points, then its end).
    func points(_ path: CGPath) -> [CGPoint] {
        path.elements.flatMap { e -> [CGPoint] in
            switch e {
            case .moveTo(let p), .lineTo(let p): return [p]
            case .quadCurveTo(let c, let p): return [c, p]
            case .curveTo(let c1, let c2, let p): return [c1, c2, p]
            case .closeSubpath: return []
            }
        }
    }

    func near(_ a: [CGPoint], _ b: [CGPoint], _ tolerance: Double = 1e-6) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { abs(Double($0.x - $1.x)) <= tolerance && abs(Double($0.y - $1.y)) <= tolerance }
    }

    /// The square −50…50 from its top right corner, clockwise (as `rc` draws it).
    var square: CGPath {
        LottieGeometry.rectangle(center: [0, 0], size: [100, 100], roundness: 0, clockwise: true)
    }

    @Test func aPathReadsBackAsTheFileHoldsIt() {
        // A closed polygon: 4 vertices (the close adds none); an ellipse: 4, its last curve back to the top folded in.
        let rect = LottieContour.contours(of: square)
        #expect(rect.count == 1 && rect[0].vertices.count == 4 && rect[0].closed)
        #expect(rect[0].ins == rect[0].vertices && rect[0].outs == rect[0].vertices)
        let ellipse = LottieContour.contours(
            of: LottieGeometry.ellipse(center: [0, 0], size: [100, 60], clockwise: true))
        #expect(
            ellipse.count == 1
                && ellipse[0].vertices == [
                    CGPoint(x: 0, y: -30), CGPoint(x: 50, y: 0),
                    CGPoint(x: 0, y: 30), CGPoint(x: -50, y: 0),
                ])
        // The top's in control point is the last curve's second one (left of the top).
        #expect(ellipse[0].ins[0].x < 0 && ellipse[0].ins[0].y == -30)
        let open = LottieContour.contours(
            of: LottieGeometry.bezier(
                LottieBezier(
                    vertices: [[0, 0], [10, 0]], inTangents: [[0, 0], [0, 0]], outTangents: [[0, 0], [0, 0]],
                    isClosed: false), keepCurves: false))
        #expect(open.count == 1 && !open[0].closed && open[0].vertices.count == 2)
    }

    @Test func bloatPullsVerticesInAndPushesTangentsOut() {
        // 50 %: each corner halfway to the centre (the mean of the corners), its control points half as far again out.
        let bloated = LottieGeometry.puckerBloat(square, amount: 50)
        let corners: [CGPoint] = [[50, -50], [50, 50], [-50, 50], [-50, -50]].map { CGPoint(x: $0[0], y: $0[1]) }
        func scaled(_ p: CGPoint, _ k: Double) -> CGPoint { CGPoint(x: p.x * k, y: p.y * k) }
        var expected = [scaled(corners[0], 0.5)]
        for k in 1...4 {
            expected += [scaled(corners[k - 1], 1.5), scaled(corners[k % 4], 1.5), scaled(corners[k % 4], 0.5)]
        }
        #expect(near(points(bloated), expected), "\(points(bloated))")
        // −50 % (pucker): the corners go out and the control points in, past the centre.
        let puckered = points(LottieGeometry.puckerBloat(square, amount: -50))
        #expect(
            near(
                [puckered[0], puckered[1], puckered[2]],
                [scaled(corners[0], 1.5), scaled(corners[0], 0.5), scaled(corners[1], 0.5)]))
        // 0: the path as it was.
        let still = square
        #expect(LottieGeometry.puckerBloat(still, amount: 0) === still)
    }

    @Test func puckerBloatTakesEachSubpathsOwnCentre() {
        let two = CGMutablePath()
        two.addPath(square)
        two.addPath(square, transform: CGAffineTransform(translationX: 300, y: 0))
        let pts = points(LottieGeometry.puckerBloat(two, amount: 100))
        // 100 %: every vertex of each square at that square's centre.
        #expect(near([pts[0], pts[13]], [CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 0)]), "\(pts)")
    }

    @Test func zigZagCornersAlternateAlongEachSide() {
        // A 100-long open line, 2 ridges, size 10: the ends go off as lottie-web sends them (both neighbours
        // of an end are the other end: no direction, so along x), the ridges at a third and two thirds
        // along, off to alternate sides of the line.
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let zz = LottieGeometry.zigZag(line, size: 10, ridges: 2, smooth: false)
        let expected: [CGPoint] = [
            CGPoint(x: -10, y: 0), CGPoint(x: 100.0 / 3, y: -10), CGPoint(x: 200.0 / 3, y: 10),
            CGPoint(x: 110, y: 0),
        ]
        #expect(near(points(zz), expected, 1e-9), "\(points(zz))")
        #expect(zz.elements.dropFirst().allSatisfy { if case .lineTo = $0 { return true } else { return false } })
        // A closed square, 3 ridges per side: 1 + 4 × (3 + 1) points (the last one on the first, as
        // lottie-web leaves it), then the line closing it; the corners go off along their diagonals.
        let square = points(LottieGeometry.zigZag(self.square, size: 10, ridges: 3, smooth: false))
        #expect(square.count == 18 && square[16] == square[0] && square[17] == square[0])
        let d = 10 / 2.0.squareRoot()
        #expect(near([square[0]], [CGPoint(x: 50 - d, y: -50 + d)]), "\(square[0])")
        // Along the right side (down, x = 50): the ridges at y −25, 0, 25 stand at x 60, 40, 60.
        #expect(
            near(Array(square[1...3]), [CGPoint(x: 60, y: -25), CGPoint(x: 40, y: 0), CGPoint(x: 60, y: 25)]),
            "\(square)")
        // Size 0: the path as it was.
        let still = self.square
        #expect(LottieGeometry.zigZag(still, size: 0, ridges: 3, smooth: false) === still)
    }

    @Test func smoothZigZagPointsHaveTangentsAlongThePath() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 90, y: 0))
        // 2 ridges: each point's tangents are 90 / ((2 + 1) × 2) = 15 long, along the line.
        let pts = points(LottieGeometry.zigZag(line, size: 10, ridges: 2, smooth: true))
        // move, then curves: (out of the point before, in of the next, the next).
        #expect(
            near(Array(pts[1...3]), [CGPoint(x: -10, y: 15), CGPoint(x: 15, y: -10), CGPoint(x: 30, y: -10)]), "\(pts)")
        #expect(
            near(Array(pts[4...6]), [CGPoint(x: 45, y: -10), CGPoint(x: 45, y: 10), CGPoint(x: 60, y: 10)]), "\(pts)")
    }

    @Test func offsetMovesSidesOutAndJoinsCorners() {
        // The square (−50…50), clockwise, moved out by 10 with mitred corners: the square −60…60,
        // from the top right corner's mitre (the moved top side and right side meet there).
        let mitred = points(LottieGeometry.offset(square, by: 10, lineJoin: 1, miterLimit: 4))
        let big: [CGPoint] = [[60, -60], [60, 60], [-60, 60], [-60, -60]].map { CGPoint(x: $0[0], y: $0[1]) }
        // Move to the right side's start, then for each side its end and the mitre.
        #expect(
            near(
                mitred.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
                [CGPoint(x: 60, y: -50)] + big[1...3] + [big[0]]), "\(mitred)")
        #expect(
            near(
                mitred.enumerated().filter { $0.offset % 2 == 1 }.map(\.element),
                [
                    CGPoint(x: 60, y: 50),
                    CGPoint(x: -50, y: 60), CGPoint(x: -60, y: -50), CGPoint(x: 50, y: -60),
                ]), "\(mitred)")
        // Run the other way round, it still grows; a miter limit under √2 bevels the right angles.
        let ccw = LottieGeometry.rectangle(center: [0, 0], size: [100, 100], roundness: 0, clockwise: false)
        let grown = LottieGeometry.offset(ccw, by: 10, lineJoin: 1, miterLimit: 4).boundingBoxOfPath
        #expect(abs(grown.minX + 60) < 1e-9 && abs(grown.maxY - 60) < 1e-9, "\(grown)")
        let bevelled = points(LottieGeometry.offset(square, by: 10, lineJoin: 1, miterLimit: 1.4))
        #expect(bevelled.count == 9 && !bevelled.contains(CGPoint(x: 60, y: 60)), "\(bevelled)")
        // Round joins: a curve from one moved side's end to the next one's start.
        let round = LottieGeometry.offset(square, by: 10, lineJoin: 2, miterLimit: 4)
        #expect(round.elements.filter { if case .curveTo = $0 { return true } else { return false } }.count == 4)
        // Moved in, the sides cut each other at the corners: the square −40…40.
        let shrunk = LottieGeometry.offset(square, by: -10, lineJoin: 1, miterLimit: 4)
        let small = (big[1...3] + [big[0]]).map { CGPoint(x: $0.x * 2 / 3, y: $0.y * 2 / 3) }
        #expect(
            near(points(shrunk), [CGPoint(x: 40, y: -40)] + small),
            "\(points(shrunk))")
    }

    @Test func offsetCurvesStayParallel() {
        // A circle of radius 50 moved out by 10: every point of the outline about 60 from the centre (to
        // within 0.25: each piece's control polygon is moved, not the curve, as ThorVG moves it).
        let circle = LottieGeometry.ellipse(center: [0, 0], size: [100, 100], clockwise: true)
        for amount in [10.0, -10] {
            let moved = LottieGeometry.offset(circle, by: amount, lineJoin: 1, miterLimit: 4)
            let radii = moved.flattened(tolerance: 0.01).flatMap { $0 }.map { hypot(Double($0.x), Double($0.y)) }
            #expect(
                !radii.isEmpty && radii.allSatisfy { abs($0 - (50 + amount)) < 0.25 },
                "\(amount): \(radii.min() ?? 0)...\(radii.max() ?? 0)")
        }
    }

    @Test func modifiersChangeThePathsBeforeThemInFileOrder() throws {
        // pucker_bloat at frame 29: the square (70 wide, centred on 55, 100) bloated by 60: corners 14 from the centre.
        let layers = allLayers(try presentation(LottieFiles.load("pucker_bloat"), frame: 29)).compactMap {
            $0 as? CAShapeLayer
        }
        let square = try #require(layers.first { $0.fillColor != nil && $0.path.map { points($0).count } == 13 })
        let pts = points(try #require(square.path))
        // (In the group's coordinates: the group layer sits at 55, 100.)
        #expect(near([pts[0]], [CGPoint(x: 14, y: -14)], 1e-4), "\(pts)")
        // A modifier after the paint changes what the paint draws too; modifiers apply in file order
        // (zig-zag a square, then bloat the zig-zag by 100 %: every point at the mean of the ridges).
        let shapes =
            #"[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"zz","s":{"a":0,"k":5},"r":{"a":0,"k":1},"pt":{"a":0,"k":1}},"#
            + #"{"ty":"pb","a":{"a":0,"k":100}}]"#
        let tree = try lottie(layers: "[\(shapeLayer(shapes))]").makeLayerTree()
        let fill = try #require(allLayers(tree.root).compactMap { $0 as? CAShapeLayer }.first)
        let filled = points(try #require(fill.path))
        // 1 + 4 × 2 points as curves (the bloat gave them tangents) round one centre.
        #expect(filled.count == 1 + 9 * 3, "\(filled)")
        let mean = filled[0]
        #expect(
            filled.enumerated().filter { $0.offset % 3 == 0 }.allSatisfy {
                abs($0.element.x - mean.x) < 1e-9 && abs($0.element.y - mean.y) < 1e-9
            }, "\(filled)")
    }

    /// The point of `path`'s outline (flattened finely) nearest to `p`, and how far it is.
    func nearest(_ path: CGPath, to p: CGPoint) -> Double {
        path.flattened(tolerance: 0.01).flatMap { $0 }.map { hypot(Double($0.x - p.x), Double($0.y - p.y)) }.min()
            ?? .infinity
    }

    @Test func twistTurnsPointsInProportionToTheirDistance() {
        // 90°: the corners (the farthest vertices, 50√2 out) turn a quarter clockwise on screen; the top
        // side's middle, 50 out, turns 90 × 50 / 50√2 = 63.6°; the centre stays.
        let twisted = LottieGeometry.twist(square, angle: 90, center: .zero)
        let pts = points(twisted)
        #expect(near([pts[0]], [CGPoint(x: 50, y: 50)], 1e-9), "\(pts)")
        let corners = pts.enumerated().filter { hypot($0.element.x, $0.element.y) > 70.71 }.map(\.element)
        #expect(
            Set(corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }) == [
                "50,50", "-50,50", "-50,-50", "50,-50",
            ])
        let turn = 90 * 50 / (50 * 2.0.squareRoot()) * .pi / 180
        let middle = CGPoint(x: 50 * sin(turn), y: -50 * cos(turn))
        #expect(nearest(twisted, to: middle) < 0.05, "\(nearest(twisted, to: middle))")
        // A negative angle turns the other way; a centre off the shape is honoured.
        let back = points(LottieGeometry.twist(square, angle: -90, center: .zero))
        #expect(near([back[0]], [CGPoint(x: -50, y: -50)], 1e-9))
        let offCentre = points(LottieGeometry.twist(square, angle: 180, center: CGPoint(x: -50, y: -50)))
        // About the top left corner: the bottom right, the farthest (141 out), turns the whole 180°.
        #expect(offCentre.contains { abs($0.x + 150) < 1e-9 && abs($0.y + 150) < 1e-9 }, "\(offCentre)")
    }

    @Test func twistKeepsWhatItCannotTurn() {
        let still = square
        #expect(LottieGeometry.twist(still, angle: 0, center: .zero) === still)
        #expect(LottieGeometry.twist(still, angle: .nan, center: .zero) === still)
        // A path at its centre only: nothing is any distance out.
        let dot = CGMutablePath()
        dot.move(to: .zero)
        #expect(LottieGeometry.twist(dot, angle: 90, center: .zero) === dot)
        // An absurd angle is bounded (at most 64 pieces a side) and finite.
        let wild = points(LottieGeometry.twist(square, angle: 1e12, center: .zero))
        #expect(wild.count <= 1 + 4 * 64 * 3 && wild.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func twistIsReadAndAppliedToThePathsBeforeIt() throws {
        let c = try LottieFiles.load("twist")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        // The square's fill: untwisted at frame 0 (angle 0), its corners a quarter turn on at frame 29 (90°).
        func fillPath(_ frame: Double) throws -> CGPath {
            let layers = allLayers(try presentation(c, frame: frame)).compactMap { $0 as? CAShapeLayer }
            return try #require(layers.first { $0.fillColor != nil }?.path)
        }
        let start = try fillPath(0), end = try fillPath(29)
        #expect(start.contains(CGPoint(x: 0, y: -34)) && start.contains(CGPoint(x: 34, y: 34)))
        // At 90° the middle of the top side (35 out, the corners 49.5) has turned 63.6°: (31.3, -15.6).
        let turn = 90 / 2.0.squareRoot() * .pi / 180
        #expect(nearest(end, to: CGPoint(x: 35 * sin(turn), y: -35 * cos(turn))) < 0.1)
    }
}
