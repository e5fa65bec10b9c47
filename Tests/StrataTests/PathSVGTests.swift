import Foundation
import Testing

@testable import Strata

@Suite("SVG path data")
struct PathSVGTests {
    func parse(_ s: String) throws -> [CGPath.Element] { try CGPath(svgPathData: s).elements }

    func error(_ s: String) -> PathDataError? {
        do {
            _ = try CGPath(svgPathData: s)
            return nil
        } catch {
            return error
        }
    }

    @Test func absoluteCommands() throws {
        #expect(
            try parse("M 10 20 L 30 40 H 50 V 60 Z") == [
                .moveTo(pt(10, 20)), .lineTo(pt(30, 40)), .lineTo(pt(50, 40)), .lineTo(pt(50, 60)), .closeSubpath,
            ])
        #expect(
            try parse("M0 0 C 1 2 3 4 5 6 S 9 10 11 12") == [
                .moveTo(pt(0, 0)),
                .curveTo(control1: pt(1, 2), control2: pt(3, 4), to: pt(5, 6)),
                // S reflects the previous second control (3, 4) about (5, 6).
                .curveTo(control1: pt(7, 8), control2: pt(9, 10), to: pt(11, 12)),
            ])
        #expect(
            try parse("M0 0 Q 1 2 3 4 T 9 10") == [
                .moveTo(pt(0, 0)),
                .quadCurveTo(control: pt(1, 2), to: pt(3, 4)),
                .quadCurveTo(control: pt(5, 6), to: pt(9, 10)),
            ])
    }

    @Test func relativeCommands() throws {
        #expect(
            try parse("m 10 20 l 5 5 h 10 v -5 z l 1 1") == [
                .moveTo(pt(10, 20)), .lineTo(pt(15, 25)), .lineTo(pt(25, 25)), .lineTo(pt(25, 20)), .closeSubpath,
                // After z the current point is the subpath's start.
                .lineTo(pt(11, 21)),
            ])
        #expect(
            try parse("M 10 10 c 1 1 2 2 3 3 s 4 4 5 5") == [
                .moveTo(pt(10, 10)),
                .curveTo(control1: pt(11, 11), control2: pt(12, 12), to: pt(13, 13)),
                .curveTo(control1: pt(14, 14), control2: pt(17, 17), to: pt(18, 18)),
            ])
        #expect(
            try parse("M 10 10 q 1 1 2 0 t 2 0") == [
                .moveTo(pt(10, 10)),
                .quadCurveTo(control: pt(11, 11), to: pt(12, 10)),
                .quadCurveTo(control: pt(13, 9), to: pt(14, 10)),
            ])
    }

    @Test func smoothCommandsWithoutPredecessorUseCurrentPoint() throws {
        #expect(
            try parse("M 1 1 S 2 2 3 3") == [
                .moveTo(pt(1, 1)), .curveTo(control1: pt(1, 1), control2: pt(2, 2), to: pt(3, 3)),
            ])
        #expect(
            try parse("M 1 1 L 2 2 T 3 3") == [
                .moveTo(pt(1, 1)), .lineTo(pt(2, 2)), .quadCurveTo(control: pt(2, 2), to: pt(3, 3)),
            ])
    }

    @Test func implicitRepeats() throws {
        // Extra pairs after M are lines (relative after m).
        #expect(try parse("M 0 0 1 1 2 2") == [.moveTo(pt(0, 0)), .lineTo(pt(1, 1)), .lineTo(pt(2, 2))])
        #expect(try parse("m 1 1 1 1 1 1") == [.moveTo(pt(1, 1)), .lineTo(pt(2, 2)), .lineTo(pt(3, 3))])
        #expect(try parse("M0,0L1,1,2,2h1 1").count == 5)
        // A relative m after a close is relative to the closed subpath's start.
        #expect(
            try parse("M 5 5 L 6 6 Z m 1 0") == [
                .moveTo(pt(5, 5)), .lineTo(pt(6, 6)), .closeSubpath, .moveTo(pt(6, 5)),
            ])
    }

    @Test func numberFormats() throws {
        #expect(try parse("M.5.5L-1-2") == [.moveTo(pt(0.5, 0.5)), .lineTo(pt(-1, -2))])
        #expect(try parse("M1e-3 2E+2L+3.25e1,-.5") == [.moveTo(pt(0.001, 200)), .lineTo(pt(32.5, -0.5))])
        #expect(try parse("  \n\tM 1 2 \r\n ") == [.moveTo(pt(1, 2))])
        #expect(try parse("") == [])
        #expect(try parse("   ") == [])
        #expect(throws: PathDataError.self) { try self.parse("M1.5.5.5") }  // odd number of coordinates
        #expect(try parse("M1.5.5.5.5") == [.moveTo(pt(1.5, 0.5)), .lineTo(pt(0.5, 0.5))])
    }

    @Test func arcsFollowTheSpec() throws {
        // A half circle from (0, 0) to (20, 0), radius 10, sweep 1 (angle grows: through y = -10
        // on... the clockwise side on a y-down screen, i.e. above the chord).
        let up = try CGPath(svgPathData: "M 0 0 A 10 10 0 0 1 20 0")
        #expect(up.elements.count == 3)
        #expect(close(up.elements[1].endPoint!, pt(10, -10), 1e-9))
        #expect(up.elements[2].endPoint == pt(20, 0))
        let down = try CGPath(svgPathData: "M 0 0 A 10 10 0 0 0 20 0")
        #expect(close(down.elements[1].endPoint!, pt(10, 10), 1e-9))
        // Radii too small are scaled up: the same half circle.
        let scaled = try CGPath(svgPathData: "M 0 0 A 1 1 0 0 1 20 0")
        #expect(close(scaled.elements, up.elements, 1e-9))
        // Large-arc flag: three quarters of a circle of radius 10 instead of one.
        let small = try CGPath(svgPathData: "M 10 0 A 10 10 0 0 1 0 10")
        let large = try CGPath(svgPathData: "M 10 0 A 10 10 0 1 1 0 10")
        #expect(small.elements.count == 2)
        #expect(large.elements.count == 4)
        #expect(close(small.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-3))
        #expect(close(large.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 20), 1e-3))  // centre (10, 10)
        // Rotation: an ellipse with radii (20, 10) turned 90° spans 20 in y.
        let rotated = try CGPath(svgPathData: "M 0 0 A 20 10 90 1 1 0 40 A 20 10 90 1 1 0 0")
        #expect(close(rotated.boundingBoxOfPath, CGRect(x: -10, y: 0, width: 20, height: 40), 1e-3))
        // Zero radius: a line. Same end points: nothing. Relative arc, flags run together.
        #expect(try parse("M 0 0 A 0 5 0 0 1 10 10") == [.moveTo(pt(0, 0)), .lineTo(pt(10, 10))])
        #expect(try parse("M 3 3 A 5 5 0 0 1 3 3") == [.moveTo(pt(3, 3))])
        let rel = try CGPath(svgPathData: "M 10 10 a5 5 0 1010 0")
        #expect(rel.elements.last?.endPoint == pt(20, 10))
        #expect(close(rel.elements[1].endPoint!, pt(15, 15), 1e-9))  // sweep 0: below the chord
    }

    @Test func arcPointsLieOnTheEllipse() throws {
        // An ellipse with radii (30, 20) turned 30° about the origin, from parameter 0° to 120°.
        let phi = 30 * CGFloat.pi / 180
        func onEllipse(_ a: CGFloat) -> CGPoint {
            let u = 30 * cos(a), v = 20 * sin(a)
            return pt(cos(phi) * u - sin(phi) * v, sin(phi) * u + cos(phi) * v)
        }
        let s = onEllipse(0), e = onEllipse(2 * .pi / 3)
        let p = try CGPath(svgPathData: "M \(s.x) \(s.y) A 30 20 30 0 1 \(e.x) \(e.y)")
        #expect(p.elements.count == 3)  // 120° → two cubics
        var worst: CGFloat = 0
        for sub in p.segmentedSubpaths() {
            for seg in sub.segments {
                for i in 0...16 {
                    let q = seg.point(at: CGFloat(i) / 16)
                    let u = cos(phi) * q.x + sin(phi) * q.y, v = -sin(phi) * q.x + cos(phi) * q.y
                    worst = max(worst, abs((u * u / 900 + v * v / 400).squareRoot() - 1))
                }
            }
        }
        #expect(worst < 3e-4)
        // The large arc the other way round passes through parameter 240° (the far side).
        let big = try CGPath(svgPathData: "M \(s.x) \(s.y) A 30 20 30 1 0 \(e.x) \(e.y)")
        #expect(big.elements.count == 4)
        #expect(big.contains(onEllipse(4 * .pi / 3).applying(CGAffineTransform(scaleX: 0.99, y: 0.99))))
    }

    @Test func errorsCarryOffsets() {
        #expect(error("L 1 2") == .missingMove(at: 0, found: "L"))
        #expect(error("  5") == .missingMove(at: 2, found: "5"))
        #expect(error("M 1 2 X 3") == .unexpected(at: 6, found: "X"))
        #expect(error("M 1") == .expectedNumber(at: 3, found: nil, command: "M"))
        #expect(error("M 1 2 L 3 x") == .expectedNumber(at: 10, found: "x", command: "L"))
        #expect(error("M 0 0 A 1 1 0 2 0 5 5") == .expectedFlag(at: 14, found: "2"))
        #expect(error("M 1e999 0") == .outOfRange(at: 2, number: "1e999"))
        // A relative step that overflows names the point, not the infinity it made.
        #expect(error("M 1e308 0 l 1e308 0") == .pointOutOfRange(at: 12))
        #expect(error("M 1 2 Z 3 4") == .numberAfterClose(at: 8))
        #expect(error("M 1 2 L 3 4 é")?.offset == 12)
        #expect(error("M 1 2e") == .unexpected(at: 5, found: "e"))
        #expect(error("M 1 2 L") == .expectedNumber(at: 7, found: nil, command: "L"))
        // The message names the place.
        #expect(error("M 1 2 X")!.description == "path data at offset 6: expected a command letter, found \"X\"")
    }

    @Test func writeThenParseRoundTrips() throws {
        let m = CGMutablePath()
        m.move(to: pt(0.1, 1.0 / 3))
        m.addLine(to: pt(-1e-7, 123456789.123))
        m.addQuadCurve(to: pt(5, 6), control: pt(.pi, -.pi))
        m.addCurve(to: pt(1e300, -0.0), control1: pt(2.5e-300, 7), control2: pt(CGFloat.ulpOfOne, 9))
        m.closeSubpath()
        m.addLine(to: pt(3, 3))  // after a close, no move
        m.addEllipse(in: CGRect(x: 0.7, y: 0.3, width: 9.9, height: 3.3))
        let text = m.svgPathData
        let back = try CGPath(svgPathData: text)
        #expect(back == m)
        #expect(back.svgPathData == text)
        #expect(
            CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1.5), transform: nil).svgPathData
                == "M0 0 L2 0 L2 1.5 L0 1.5 Z")
        // Arbitrary SVG normalizes to absolute M L Q C Z and stays fixed from then on.
        let arc = try CGPath(svgPathData: "m1 1a3 4 10 1 0 5 5h2v3s1 1 2 2t3 3z")
        #expect(try CGPath(svgPathData: arc.svgPathData) == arc)
    }
}
