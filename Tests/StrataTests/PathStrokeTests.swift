import Foundation
import Testing

@testable import Strata

@Suite("Stroking")
struct PathStrokeTests {
    /// Whether `p` is inside the union of the outline polygons (non-zero).
    func covered(_ polys: [[CGPoint]], _ p: CGPoint) -> Bool {
        polys.reduce(0) { $0 + windingNumber(of: $1, around: p) } != 0
    }

    func outline(
        _ path: CGPath, width: CGFloat = 10, cap: CGLineCap = .butt, join: CGLineJoin = .miter,
        miterLimit: CGFloat = 10
    ) -> [[CGPoint]] {
        path.strokeOutline(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit, tolerance: 0.01)
    }

    func line(_ pts: CGPoint..., closed: Bool = false) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: pts)
        if closed { p.closeSubpath() }
        return p
    }

    @Test func outlineOfAnOpenPathWindsClockwise() {
        let polys = outline(line(pt(0, 0), pt(100, 0), pt(50, 80), pt(120, 90)), cap: .round, join: .round)
        #expect(!polys.isEmpty)
        for poly in polys {
            var area: CGFloat = 0
            for (a, b) in zip(poly, poly.dropFirst() + [poly[0]]) { area += a.x * b.y - b.x * a.y }
            #expect(area > 0)
        }
    }

    @Test func caps() {
        let l = line(pt(0, 0), pt(100, 0))
        let butt = outline(l, cap: .butt)
        #expect(covered(butt, pt(50, 4.9)))
        #expect(!covered(butt, pt(50, 5.1)))
        #expect(!covered(butt, pt(-0.1, 0)))
        #expect(!covered(butt, pt(100.1, 0)))
        let square = outline(l, cap: .square)
        #expect(covered(square, pt(-4.9, 4.9)))
        #expect(!covered(square, pt(-5.1, 0)))
        #expect(covered(square, pt(104.9, -4.9)))
        let round = outline(l, cap: .round)
        #expect(covered(round, pt(-4.9, 0)))
        #expect(!covered(round, pt(-4, 4)))  // outside the half disc (√32 > 5)
        #expect(covered(round, pt(103, 3)))  // inside (√18 < 5)
    }

    @Test func joins() {
        // A right angle at (100, 0): the outer corner is at (105, -5).
        let l = line(pt(0, 0), pt(100, 0), pt(100, 100))
        let miter = outline(l, join: .miter)
        #expect(covered(miter, pt(104.9, -4.9)))
        let bevel = outline(l, join: .bevel)
        #expect(!covered(bevel, pt(104, -4)))
        #expect(covered(bevel, pt(102, -2)))
        let round = outline(l, join: .round)
        #expect(!covered(round, pt(104, -4)))  // √32 > 5
        #expect(covered(round, pt(103, -3)))  // √18 < 5
        // Inner side is filled too.
        #expect(covered(miter, pt(96, 4)))
    }

    @Test func miterLimitIsRelativeToLineWidth() {
        // A 30° turn back: miter length / width = 1 / sin(15°) ≈ 3.86.
        let angle: CGFloat = 30 * .pi / 180
        let l = line(pt(0, 0), pt(100, 0), pt(100 - 100 * cos(angle), 100 * sin(angle)))
        let tipDistance = 5 / sin(angle / 2)  // from the vertex along the bisector
        let bisector = pt(cos(-angle / 2 - 0), sin(-angle / 2))
        // The tip lies on the outer bisector, beyond (100, 0) away from the turn.
        let outward = pt(-(-cos(angle / 2)), -sin(angle / 2))
        _ = bisector
        let justInside = pt(100 + outward.x * (tipDistance - 0.5), outward.y * (tipDistance - 0.5))
        #expect(covered(outline(l, join: .miter, miterLimit: 4), justInside))
        #expect(!covered(outline(l, join: .miter, miterLimit: 3.8), justInside))
        #expect(!covered(outline(l, join: .miter, miterLimit: 3.8), pt(100 + outward.x * 6, outward.y * 6)))
    }

    @Test func closedSubpathJoinsAtStart() {
        let sq = line(pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100), closed: true)
        let miter = outline(sq, join: .miter)
        #expect(covered(miter, pt(-4.9, -4.9)))  // the start corner is mitred, not capped
        #expect(!covered(miter, pt(50, 50)))  // hollow
        let open = outline(line(pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100), pt(0, 0)), join: .miter)
        #expect(!covered(open, pt(-4.9, -4.9)))  // open: two butt ends meet there
    }

    @Test func curvesStrokeSmoothly() {
        // A circle of radius 50 with a 10 wide stroke: the band from 45 to 55.
        let c = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let polys = outline(c, join: .bevel)
        for i in 0..<36 {
            let a = CGFloat(i) * .pi / 18 + 0.01
            #expect(covered(polys, pt(54.9 * cos(a), 54.9 * sin(a))))
            #expect(covered(polys, pt(45.1 * cos(a), 45.1 * sin(a))))
            #expect(!covered(polys, pt(55.1 * cos(a), 55.1 * sin(a))))
            #expect(!covered(polys, pt(44.9 * cos(a), 44.9 * sin(a))))
        }
    }

    @Test func zeroLengthSubpathsGetDots() {
        let dot = line(pt(10, 10), pt(10, 10))
        #expect(outline(dot, cap: .butt).isEmpty)
        #expect(covered(outline(dot, cap: .round), pt(14.9, 10)))
        #expect(!covered(outline(dot, cap: .round), pt(14, 14)))
        #expect(covered(outline(dot, cap: .square), pt(14.9, 14.9)))
        let lone = CGMutablePath()
        lone.move(to: pt(10, 10))
        #expect(outline(lone, cap: .round).isEmpty)
    }

    @Test func copyStrokingIsFillableOutline() {
        let l = line(pt(0, 0), pt(100, 0))
        let s = l.copy(
            strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
            transform: CGAffineTransform(translationX: 0, y: 10))
        #expect(close(s.boundingBox, CGRect(x: 0, y: 8, width: 100, height: 4)))
        #expect(s.contains(pt(50, 11.9)))
        #expect(!s.contains(pt(50, 12.1)))
        #expect(
            line(pt(0, 0), pt(1, 1)).copy(
                strokingWithWidth: 0, lineCap: .round, lineJoin: .round,
                miterLimit: 10
            ).isEmpty)
    }
}
