import Foundation
import Testing

@testable import Strata

// Helpers shared by the Path*Tests files.

func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

func close(_ a: CGFloat, _ b: CGFloat, _ eps: CGFloat = 1e-9) -> Bool { abs(a - b) <= eps }

func close(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool {
    close(a.x, b.x, eps) && close(a.y, b.y, eps)
}

func close(_ a: CGRect, _ b: CGRect, _ eps: CGFloat = 1e-9) -> Bool {
    close(a.minX, b.minX, eps) && close(a.minY, b.minY, eps) && close(a.width, b.width, eps)
        && close(a.height, b.height, eps)
}

func close(_ a: [CGPath.Element], _ b: [CGPath.Element], _ eps: CGFloat = 1e-9) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        switch (x, y) {
        case (.moveTo, .moveTo), (.lineTo, .lineTo), (.quadCurveTo, .quadCurveTo), (.curveTo, .curveTo),
            (.closeSubpath, .closeSubpath):
            if !zip(x.points, y.points).allSatisfy({ close($0, $1, eps) }) { return false }
        default:
            return false
        }
    }
    return true
}

@Suite("CGPath geometry")
struct PathGeometryTests {
    @Test func rectPathElementsAndIsRect() {
        let p = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil)
        #expect(
            p.elements == [
                .moveTo(pt(10, 20)), .lineTo(pt(40, 20)), .lineTo(pt(40, 60)),
                .lineTo(pt(10, 60)), .closeSubpath,
            ])
        var r = CGRect.zero
        #expect(p.isRect(&r))
        #expect(r == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).isRect(nil))
        let skew = CGMutablePath()
        skew.addLines(between: [pt(0, 0), pt(10, 0), pt(12, 10), pt(0, 10)])
        skew.closeSubpath()
        #expect(!skew.isRect(nil))
    }

    @Test func transformPointerIsApplied() {
        var t = CGAffineTransform(translationX: 5, y: 7)
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(p.elements.first == .moveTo(pt(5, 7)))
        let copy = p.copy(using: &t)!
        #expect(copy.elements.first == .moveTo(pt(10, 14)))
        #expect(p.copy(using: nil) == p)
    }

    @Test func ellipseStartsRightAndRunsThroughBottom() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        #expect(p.elements.count == 6)
        #expect(p.elements[0] == .moveTo(pt(100, 25)))
        #expect(p.elements[1].endPoint == pt(50, 50))
        #expect(p.elements[3].endPoint == pt(50, 0))
        // The curve's midpoint lies on the ellipse (the 4/3(√2−1) control distance).
        let m = CGMutablePath()
        m.addEllipse(in: CGRect(x: -1, y: -1, width: 2, height: 2))
        let seg = PathSegment.cubic(pt(1, 0), m.elements[1].points[0], m.elements[1].points[1], pt(0, 1))
        let mid = seg.point(at: 0.5)
        #expect(close(hypot(mid.x, mid.y), 1, 1e-9))
    }

    @Test func boundingBoxIncludesControlsButPathBoxIsTight() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addCurve(to: pt(100, 0), control1: pt(0, 100), control2: pt(100, 100))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // The cubic's peak: y = 3·100·(1/4) at t = 1/2 → 75.
        #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75)))
        let q = CGMutablePath()
        q.move(to: pt(0, 0))
        q.addQuadCurve(to: pt(10, 0), control: pt(5, -10))
        #expect(close(q.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 10, height: 5)))
        #expect(CGPath().boundingBox.isNull)
        #expect(CGPath().boundingBoxOfPath.isNull)
    }

    @Test func currentPoint() {
        let p = CGMutablePath()
        #expect(p.currentPoint == .zero)
        p.move(to: pt(1, 2))
        p.addLine(to: pt(3, 4))
        #expect(p.currentPoint == pt(3, 4))
        p.closeSubpath()
        #expect(p.currentPoint == pt(1, 2))
    }

    @Test func containsWithBothRules() {
        // Two nested squares wound the same way: non-zero fills the hole, even-odd does not.
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(p.contains(pt(50, 50)))
        #expect(!p.contains(pt(50, 50), using: .evenOdd))
        #expect(p.contains(pt(10, 10), using: .evenOdd))
        #expect(!p.contains(pt(150, 50)))
        #expect(!p.contains(pt(-1, 50)))
        // A circle: inside near the rim, outside the corner of its box.
        let c = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        #expect(c.contains(pt(50, 0.5)))
        #expect(!c.contains(pt(5, 5)))
        // The transform applies to the path.
        #expect(c.contains(pt(250, 50), transform: CGAffineTransform(translationX: 200, y: 0)))
        #expect(!c.contains(pt(50, 50), transform: CGAffineTransform(translationX: 200, y: 0)))
        // A path crossing itself: the bow tie's lobes are inside by both rules.
        let bow = CGMutablePath()
        bow.addLines(between: [pt(0, 0), pt(100, 100), pt(100, 0), pt(0, 100)])
        bow.closeSubpath()
        #expect(bow.contains(pt(10, 50)))
        #expect(bow.contains(pt(90, 50), using: .evenOdd))
        #expect(!bow.contains(pt(50, 10)))
    }

    @Test func iterationGivesCoreGraphicsElements() {
        let p = CGMutablePath()
        p.move(to: pt(1, 2))
        p.addQuadCurve(to: pt(5, 6), control: pt(3, 4))
        p.addCurve(to: pt(11, 12), control1: pt(7, 8), control2: pt(9, 10))
        p.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        p.applyWithBlock { e in
            let n = [
                CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                .addCurveToPoint: 3, .closeSubpath: 0,
            ][e.pointee.type]!
            seen.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[2].1 == [pt(7, 8), pt(9, 10), pt(11, 12)])
        var count = 0
        p.forEach { _ in count += 1 }
        #expect(count == 4)
    }

    @Test func mutableBuildersApplyTransforms() {
        let p = CGMutablePath()
        let t = CGAffineTransform(scaleX: 2, y: 3)
        p.addLines(between: [pt(1, 1), pt(2, 2)], transform: t)
        #expect(p.elements == [.moveTo(pt(2, 3)), .lineTo(pt(4, 6))])
        p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(p.elements.filter { $0 == .closeSubpath }.count == 2)
        let q = CGMutablePath()
        q.addPath(p, transform: CGAffineTransform(translationX: 1, y: 0))
        #expect(q.elements[0] == .moveTo(pt(3, 3)))
        #expect(q.elements.count == p.elements.count)
    }

    /// The bounding box is remembered per path, and a mutable path measured
    /// before it grew is measured again.
    @Test func theBoundingBoxFollowsAMutablePathAsItGrows() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addLine(to: pt(10, 5))
        #expect(p.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(p.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))
        p.addQuadCurve(to: pt(20, 5), control: pt(15, 25))
        #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 15)))
        let frozen = p.copy()!
        p.addLine(to: pt(-4, -4))
        #expect(close(p.boundingBoxOfPath, CGRect(x: -4, y: -4, width: 24, height: 19)))
        #expect(close(frozen.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 15)))
    }

    /// The hash is taken once per path, and anew when a mutable path grows: equal
    /// paths (other objects, the same elements) hash alike before and after.
    @Test func aPathsHashFollowsItsElements() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addLine(to: pt(20, 15))
        #expect(p.hashValue == CGPath(elements: p.elements).hashValue)
        #expect(p.hashValue == p.hashValue)
        let before = p.hashValue
        p.addLine(to: pt(-4, -4))
        #expect(p.hashValue == CGPath(elements: p.elements).hashValue)
        #expect(p.hashValue != before)
        #expect(Set([p, CGPath(elements: p.elements)]).count == 1)
    }
}
