import Foundation
import Testing

@testable import Strata

@Suite("CGMutablePath arcs")
struct PathArcTests {
    /// Every point of the path's curves lies on the circle.
    func onCircle(_ p: CGPath, _ c: CGPoint, _ r: CGFloat) -> Bool {
        for sub in p.segmentedSubpaths() {
            for s in sub.segments where s.kind == .cubic {
                for i in 0...10 {
                    let q = s.point(at: CGFloat(i) / 10)
                    if abs(hypot(q.x - c.x, q.y - c.y) - r) > r * 3e-4 { return false }
                }
            }
        }
        return true
    }

    @Test func counterclockwiseFlagFalseGrowsTheAngle() {
        let p = CGMutablePath()
        p.addArc(center: pt(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // Moves to (10, 0), one quarter curve to (0, 10): angles grow (clockwise on a y-down screen).
        #expect(p.elements.count == 2)
        #expect(p.elements[0] == .moveTo(pt(10, 0)))
        #expect(close(p.elements[1].endPoint!, pt(0, 10)))
        #expect(onCircle(p, .zero, 10))
    }

    @Test func clockwiseTrueShrinksTheAngle() {
        let p = CGMutablePath()
        p.addArc(center: pt(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // The long way round: three quarters through (0, -10).
        #expect(p.elements.count == 4)
        #expect(close(p.elements[1].endPoint!, pt(0, -10)))
        #expect(close(p.elements[3].endPoint!, pt(0, 10)))
        #expect(onCircle(p, .zero, 10))
    }

    @Test func fullCircleAndEmptySweep() {
        let full = CGMutablePath()
        full.addArc(center: pt(5, 5), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(full.elements.count == 5)
        #expect(close(full.elements[4].endPoint!, pt(7, 5)))
        let none = CGMutablePath()
        none.move(to: pt(0, 0))
        none.addArc(center: pt(5, 5), radius: 2, startAngle: 1, endAngle: 1, clockwise: false)
        // Only the line to the arc's start.
        #expect(none.elements.count == 2)
        #expect(close(none.elements[1].endPoint!, pt(5 + 2 * cos(1), 5 + 2 * sin(1))))
    }

    @Test func relativeArcSweepsDelta() {
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 1, startAngle: .pi, delta: -.pi / 2)
        #expect(p.elements.count == 2)
        #expect(close(p.elements[1].endPoint!, pt(0, 1)))
        let q = CGMutablePath()
        q.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e12)  // absurd: bounded
        #expect(q.elements.count <= 1025)
    }

    @Test func tangentArcRoundsACorner() {
        let p = CGMutablePath()
        p.move(to: pt(0, 0))
        p.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 4)
        // A line to (6, 0), then a quarter circle around (6, 4) to (10, 4).
        #expect(close(p.elements[1].endPoint!, pt(6, 0)))
        #expect(close(p.elements.last!.endPoint!, pt(10, 4)))
        #expect(onCircle(p, pt(6, 4), 4))
        let straight = CGMutablePath()
        straight.move(to: pt(0, 0))
        straight.addArc(tangent1End: pt(5, 0), tangent2End: pt(10, 0), radius: 3)
        #expect(straight.elements == [.moveTo(pt(0, 0)), .lineTo(pt(5, 0))])
    }

    @Test func arcUnderTransform() {
        let p = CGMutablePath()
        let t = CGAffineTransform(translationX: 100, y: 0)
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false, transform: t)
        #expect(p.elements[0] == .moveTo(pt(110, 0)))
        #expect(close(p.elements.last!.endPoint!, pt(90, 0)))
        #expect(onCircle(p, pt(100, 0), 10))
    }
}
