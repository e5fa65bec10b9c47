import Foundation
import Testing

@testable import Strata

@Suite("Dashing and trimming")
struct PathDashTrimTests {
    func line(_ a: CGPoint, _ b: CGPoint) -> CGMutablePath {
        let p = CGMutablePath()
        p.move(to: a)
        p.addLine(to: b)
        return p
    }

    @Test func dashesAlongALine() {
        let d = line(pt(0, 0), pt(100, 0)).copy(dashingWithPhase: 0, lengths: [20, 10])
        #expect(
            d.elements == [
                .moveTo(pt(0, 0)), .lineTo(pt(20, 0)), .moveTo(pt(30, 0)), .lineTo(pt(50, 0)),
                .moveTo(pt(60, 0)), .lineTo(pt(80, 0)), .moveTo(pt(90, 0)), .lineTo(pt(100, 0)),
            ])
    }

    @Test func phaseShiftsThePattern() {
        let d = line(pt(0, 0), pt(50, 0)).copy(dashingWithPhase: 5, lengths: [20, 10])
        #expect(close(d.elements, [.moveTo(pt(0, 0)), .lineTo(pt(15, 0)), .moveTo(pt(25, 0)), .lineTo(pt(45, 0))]))
        // Negative phase counts back from the pattern's end: -5 ≡ 25, five into the gap.
        let n = line(pt(0, 0), pt(50, 0)).copy(dashingWithPhase: -5, lengths: [20, 10])
        #expect(close(n.elements, [.moveTo(pt(5, 0)), .lineTo(pt(25, 0)), .moveTo(pt(35, 0)), .lineTo(pt(50, 0))]))
        // A phase at exactly a dash's end starts in the gap.
        let e = line(pt(0, 0), pt(50, 0)).copy(dashingWithPhase: 20, lengths: [20, 10])
        #expect(close(e.elements, [.moveTo(pt(10, 0)), .lineTo(pt(30, 0)), .moveTo(pt(40, 0)), .lineTo(pt(50, 0))]))
    }

    @Test func oddPatternRepeatsAndBadPatternsLeaveThePathSolid() {
        let p = line(pt(0, 0), pt(60, 0))
        let odd = p.copy(dashingWithPhase: 0, lengths: [10])
        #expect(odd.elements.count == 6)  // 10 on 10 off 10 on 10 off 10 on 10 off
        #expect(p.copy(dashingWithPhase: 0, lengths: []) == p)
        #expect(p.copy(dashingWithPhase: 0, lengths: [5, -1]) == p)
        #expect(p.copy(dashingWithPhase: 0, lengths: [0, 0]) == p)
        #expect(p.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]) == p)  // over a million dashes
    }

    @Test func dashesTurnCornersAndRestartPerSubpath() {
        let p = CGMutablePath()
        p.addLines(between: [pt(0, 0), pt(10, 0), pt(10, 10)])
        p.addLines(between: [pt(50, 0), pt(70, 0)])
        let d = p.copy(dashingWithPhase: 0, lengths: [15, 100])
        #expect(
            close(
                d.elements,
                [
                    .moveTo(pt(0, 0)), .lineTo(pt(10, 0)), .lineTo(pt(10, 5)),
                    .moveTo(pt(50, 0)), .lineTo(pt(65, 0)),
                ]))
    }

    @Test func closedContourJoinsLastDashToFirst() {
        // A 40-long square outline with dashes of 12 and gaps of 4: the last dash (32...40) runs
        // on into the first (0...12) through the start corner.
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let d = sq.copy(dashingWithPhase: 0, lengths: [12, 4])
        #expect(
            close(
                d.elements,
                [
                    .moveTo(pt(10, 6)), .lineTo(pt(10, 10)), .lineTo(pt(2, 10)),  // 16...28
                    .moveTo(pt(0, 8)), .lineTo(pt(0, 0)), .lineTo(pt(10, 0)), .lineTo(pt(10, 2)),  // 32...40, 0...12
                ]))
        // When the contour ends in a gap, the first dash stands alone.
        let g = sq.copy(dashingWithPhase: 0, lengths: [15, 5])
        #expect(
            close(
                g.elements,
                [
                    .moveTo(pt(10, 10)), .lineTo(pt(0, 10)), .lineTo(pt(0, 5)),  // 20...35
                    .moveTo(pt(0, 0)), .lineTo(pt(10, 0)), .lineTo(pt(10, 5)),  // 0...15
                ]))
    }

    @Test func zeroLengthDashesAreDots() {
        let d = line(pt(0, 0), pt(20, 0)).copy(dashingWithPhase: 0, lengths: [0, 10])
        #expect(
            d.elements == [
                .moveTo(pt(0, 0)), .lineTo(pt(0, 0)), .moveTo(pt(10, 0)), .lineTo(pt(10, 0)),
            ])
    }

    @Test func dashingCurvesKeepsCurves() {
        let c = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let d = c.copy(dashingWithPhase: 0, lengths: [5, 5])
        #expect(d.elements.contains { if case .curveTo = $0 { true } else { false } })
        // Dash ends lie on the circle, 5 apart along it.
        let moves = d.elements.compactMap { if case .moveTo(let q) = $0 { q } else { nil } }
        for q in moves { #expect(close(hypot(q.x, q.y), 10, 3e-3)) }  // the cubic circle is 0.027% off
        let a0 = atan2(moves[1].y, moves[1].x), a1 = atan2(moves[2].y, moves[2].x)
        #expect(close(abs(a1 - a0) * 10, 10, 1e-2))
    }

    @Test func trimByLengthFraction() {
        let p = CGMutablePath()
        p.addLines(between: [pt(0, 0), pt(100, 0)])
        p.addLines(between: [pt(0, 10), pt(100, 10)])
        #expect(
            close(
                p.trimmed(from: 0.25, to: 0.75).elements,
                [
                    .moveTo(pt(50, 0)), .lineTo(pt(100, 0)), .moveTo(pt(0, 10)), .lineTo(pt(50, 10)),
                ]))
        #expect(p.trimmed(from: 0, to: 1) == p)
        #expect(p.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(p.trimmed(from: -1, to: 2) == p)
        #expect(close(p.trimmed(from: 0, to: 0.5).elements, [.moveTo(pt(0, 0)), .lineTo(pt(100, 0))]))
    }

    /// A path's measure is kept for its next trims, and measured again once the
    /// path grows: the same fraction then falls on the longer path.
    @Test func trimsOfAGrowingPathMeasureItAnew() {
        let p = CGMutablePath()
        p.addLines(between: [pt(0, 0), pt(100, 0)])
        #expect(close(p.trimmed(from: 0, to: 0.5).elements, [.moveTo(pt(0, 0)), .lineTo(pt(50, 0))]))
        #expect(close(p.trimmed(from: 0.5, to: 1).elements, [.moveTo(pt(50, 0)), .lineTo(pt(100, 0))]))
        p.addLine(to: pt(100, 100))
        #expect(
            close(
                p.trimmed(from: 0, to: 0.75).elements, [.moveTo(pt(0, 0)), .lineTo(pt(100, 0)), .lineTo(pt(100, 50))])
        )
    }

    @Test func trimClosedPathsCountTheClosingSide() {
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        // The closing side (0,10) → (0,0) is the last quarter.
        #expect(close(sq.trimmed(from: 0.75, to: 1).elements, [.moveTo(pt(0, 10)), .lineTo(pt(0, 0))]))
        #expect(
            close(
                sq.trimmed(from: 0.125, to: 0.375).elements,
                [.moveTo(pt(5, 0)), .lineTo(pt(10, 0)), .lineTo(pt(10, 5))]))
        // A circle trimmed to half is half a circle, still made of curves.
        let c = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let half = c.trimmed(from: 0, to: 0.5)
        #expect(close(half.elements.last!.endPoint!, pt(-10, 0), 1e-3))
        #expect(close(half.boundingBoxOfPath, CGRect(x: -10, y: 0, width: 20, height: 10), 1e-3))
    }
}
