import Foundation
import Testing

@testable import Strata

@Suite("Rounded rectangles")
struct PathShapeTests {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 60)

    @Test func chosenCornersOnly() {
        let p = CGPath.roundedRect(rect, radius: 10, corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        let curves = p.elements.filter { if case .curveTo = $0 { true } else { false } }
        #expect(curves.count == 2)
        // Starts after the top-left corner and runs clockwise on screen.
        #expect(p.elements.first == .moveTo(pt(20, 20)))
        #expect(p.elements[1] == .lineTo(pt(110, 20)))  // square top-right corner
        #expect(p.elements.last == .closeSubpath)
        #expect(p.boundingBoxOfPath == rect)
        #expect(!p.contains(pt(10.5, 20.5)))  // cut top-left corner
        #expect(p.contains(pt(109.5, 20.5)))  // square top-right corner
        #expect(p.contains(pt(10.5, 79.5)))  // square bottom-left corner
        #expect(!p.contains(pt(109.5, 79.5)))  // cut bottom-right corner
        // The rounded corner is a quarter circle around (20, 30).
        let seg = p.segmentedSubpaths()[0].segments.last!
        let mid = seg.point(at: 0.5)
        #expect(close(hypot(mid.x - 20, mid.y - 30), 10, 1e-3))
    }

    @Test func allCornersAndClampedRadius() {
        let p = CGPath.roundedRect(rect, radius: 100, corners: .all)
        // Clamped to 30 (half the height): the short sides are half circles.
        #expect(p.elements.first == .moveTo(pt(40, 20)))
        #expect(p.boundingBoxOfPath == rect)
        #expect(!p.contains(pt(12, 22)))
        #expect(p.contains(pt(60, 50)))
        // No zero-length lines where corners meet.
        var last: CGPoint?
        for e in p.elements {
            if case .lineTo(let q) = e { #expect(q != last) }
            last = e.endPoint ?? last
        }
        let none = CGPath.roundedRect(rect, radius: 10, corners: [])
        var r = CGRect.zero
        #expect(none.isRect(&r) && r == rect)
    }

    @Test func continuousCornersReachFurtherAlongTheEdges() {
        let circular = CGPath.roundedRect(rect, radius: 10, corners: .all, continuous: false)
        let continuous = CGPath.roundedRect(rect, radius: 10, corners: .all, continuous: true)
        #expect(continuous.elements.first == .moveTo(pt(10 + 15.47302, 20)))
        #expect(continuous.elements.filter { if case .curveTo = $0 { true } else { false } }.count == 12)
        #expect(close(continuous.boundingBoxOfPath, rect, 1e-9))
        // Near where the circle meets the edge, the continuous corner has already left it.
        let nearTangent = pt(10 + 10 * 1.0, 20 + 10 * 0.005)
        #expect(circular.contains(nearTangent))
        #expect(!continuous.contains(nearTangent))
        // Its 45° point is about as deep as the circle's (0.2915 r in from each edge, against
        // the circle's 0.2929 r).
        let middle = continuous.segmentedSubpaths()[0].segments[2]  // the first corner's middle cubic
        let m = middle.point(at: 0.5)
        #expect(close(110 - m.x, 2.9151, 1e-3) && close(m.y - 20, 2.9151, 1e-3))
        // Symmetric corners: the bottom-right corner mirrors the top-left.
        let f = continuous.flattened(tolerance: 0.01)[0]
        for q in f where q.x < 30 && q.y < 30 {
            let mirrored = pt(120 - q.x, 100 - q.y)
            #expect(f.contains { close($0, mirrored, 1e-6) })
        }
        #expect(
            close(
                CGPath.roundedRect(rect, radius: 10, corners: .all).boundingBoxOfPath,
                circular.boundingBoxOfPath))
    }

    @Test func coreGraphicsRoundedRectClampsCorners() {
        let p = CGPath(roundedRect: rect, cornerWidth: 80, cornerHeight: 5, transform: nil)
        #expect(p.boundingBoxOfPath == rect)
        #expect(p.elements.first == .moveTo(pt(110, 25)))
        #expect(p.contains(pt(60, 21)))
        #expect(!p.contains(pt(11, 21)))
    }
}

@Suite("Flattening")
struct PathFlattenTests {
    /// The largest distance from samples of the curve to the polyline.
    func deviation(_ seg: PathSegment, _ poly: [CGPoint]) -> CGFloat {
        var worst: CGFloat = 0
        for i in 0...400 {
            let q = seg.point(at: CGFloat(i) / 400)
            var best = CGFloat.infinity
            for (a, b) in zip(poly, poly.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y
                let len2 = dx * dx + dy * dy
                let t = len2 > 0 ? max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2)) : 0
                best = min(best, hypot(q.x - a.x - t * dx, q.y - a.y - t * dy))
            }
            worst = max(worst, best)
        }
        return worst
    }

    @Test(arguments: [1.0, 0.1, 0.01])
    func cubicStaysWithinTolerance(tolerance: CGFloat) {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addCurve(to: pt(300, 0), control1: pt(-50, 400), control2: pt(350, -400))
        let poly = p.flattened(tolerance: tolerance)[0]
        let seg = PathSegment.cubic(pt(0, 0), pt(-50, 400), pt(350, -400), pt(300, 0))
        #expect(deviation(seg, poly) <= tolerance)
        // Not wastefully fine either: halving the tolerance about 1.4× the points.
        let finer = p.flattened(tolerance: tolerance / 2)[0]
        #expect(Double(finer.count) < Double(poly.count) * 1.6 + 2)
    }

    @Test func quadStaysWithinTolerance() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addQuadCurve(to: pt(100, 0), control: pt(50, 200))
        let poly = p.flattened(tolerance: 0.05)[0]
        #expect(deviation(.quad(pt(0, 0), pt(50, 200), pt(100, 0)), poly) <= 0.05)
    }

    @Test func closedFlagsAndRepeatedStart() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: pt(20, 20))
        p.addLine(to: pt(30, 20))
        let lists = p.flattened(tolerance: 0.1)
        #expect(lists[0] == [pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10), pt(0, 0)])
        #expect(lists[1] == [pt(20, 20), pt(30, 20)])
        let subs = p.flattenedSubpaths(tolerance: 0.1)
        #expect(subs.map(\.isClosed) == [true, false])
        #expect(subs[0].points.count == 4)
        let lines = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            .flattened(threshold: 0.1)
        #expect(lines.elements.allSatisfy { if case .curveTo = $0 { false } else { true } })
    }

    @Test func degenerateInputStaysBounded() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addCurve(to: pt(1e300, 0), control1: pt(.nan, 1), control2: pt(-1e300, 1e300))
        p.addCurve(to: pt(0, 0), control1: pt(1e9, -1e9), control2: pt(.infinity, 5))
        let polys = p.flattened(tolerance: 0.01)
        #expect(polys[0].count <= 2 * 1024 + 1)
    }
}
