import Foundation
import Testing

@testable import Strata

@Suite("CGPath set operations")
struct PathBooleanTests {
    /// The area the path fills (its polygons' signed areas added: holes run the other way).
    func area(_ path: CGPath) -> Double {
        var total = 0.0
        for polygon in path.flattened(tolerance: 0.01) {
            for k in polygon.indices {
                let p = polygon[k], q = polygon[(k + 1) % polygon.count]
                total += Double(p.x * q.y - q.x * p.y) / 2
            }
        }
        return abs(total)
    }

    func square(_ x: CGFloat, _ y: CGFloat, _ side: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: side, height: side), transform: nil)
    }

    func circle(_ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat) -> CGPath {
        CGPath(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), transform: nil)
    }

    /// Whether `path` fills each point of `inside` and none of `outside`, by both rules.
    func covers(_ path: CGPath, _ inside: [CGPoint], not outside: [CGPoint]) -> Bool {
        [CGPathFillRule.winding, .evenOdd].allSatisfy { rule in
            inside.allSatisfy { path.contains($0, using: rule) } && !outside.contains { path.contains($0, using: rule) }
        }
    }

    @Test func overlappingSquares() {
        // 10×10 squares overlapping in a 5×5 corner.
        let a = square(0, 0, 10), b = square(5, 5, 10)
        let inA = pt(2, 2), inB = pt(13, 13), inBoth = pt(7, 7), nowhere = pt(2, 13)
        let union = a.union(b), intersection = a.intersection(b)
        let difference = a.subtracting(b), xor = a.symmetricDifference(b)
        #expect(abs(area(union) - 175) < 1e-6, "\(area(union))")
        #expect(abs(area(intersection) - 25) < 1e-6)
        #expect(abs(area(difference) - 75) < 1e-6)
        #expect(abs(area(xor) - 150) < 1e-6)
        #expect(covers(union, [inA, inB, inBoth], not: [nowhere]))
        #expect(covers(intersection, [inBoth], not: [inA, inB, nowhere]))
        #expect(covers(difference, [inA], not: [inB, inBoth, nowhere]))
        #expect(covers(xor, [inA, inB], not: [inBoth, nowhere]))
        // Cuts along straight sides are merged away: the union is one 8-cornered outline.
        #expect(union.elements.count == 8 + 1)
    }

    @Test func sharedSidesAndIdenticalPaths() {
        // Side by side: the shared side is not part of the union's outline.
        let a = square(0, 0, 10), b = square(10, 0, 10)
        let union = a.union(b)
        #expect(abs(area(union) - 200) < 1e-6)
        #expect(union.elements.count == 4 + 1, "\(union.elements)")
        #expect(area(a.intersection(b)) < 1e-9)
        // A path with itself: union and intersection are it, difference and xor empty.
        #expect(abs(area(a.union(a)) - 100) < 1e-6 && abs(area(a.intersection(a)) - 100) < 1e-6)
        #expect(a.subtracting(a).isEmpty && a.symmetricDifference(a).isEmpty)
        // One side overlapping part of another (collinear edges of different lengths).
        let c = square(0, 0, 10), d = CGPath(rect: CGRect(x: 3, y: 10, width: 4, height: 5), transform: nil)
        #expect(abs(area(c.union(d)) - 120) < 1e-6)
    }

    @Test func ringFromCircles() {
        let ring = circle(0, 0, 20).subtracting(circle(0, 0, 10))
        let expected = Double.pi * (400 - 100)
        #expect(abs(area(ring) - expected) / expected < 0.005, "\(area(ring))")
        #expect(covers(ring, [pt(15, 0), pt(0, -15)], not: [pt(0, 0), pt(5, 5), pt(25, 0)]))
        // Inside out: the small circle less the big one is nothing.
        #expect(circle(0, 0, 10).subtracting(circle(0, 0, 20)).isEmpty)
    }

    @Test func fillRulesOfTheOperands() {
        // Two nested squares in one path: a ring by even-odd, solid by winding (same direction).
        let nested = CGMutablePath()
        nested.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        nested.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        let bar = CGPath(rect: CGRect(x: 12, y: -5, width: 6, height: 40), transform: nil)
        #expect(abs(area(nested.union(bar, using: .winding)) - (900 + 2 * 30)) < 1e-6)
        // Even-odd: the hole stays a hole except where the bar crosses it.
        let evenOdd = nested.union(bar, using: .evenOdd)
        #expect(abs(area(evenOdd) - (800 + 60 + 60)) < 1e-6, "\(area(evenOdd))")
        #expect(covers(evenOdd, [pt(15, 15), pt(15, -2)], not: [pt(11, 15), pt(19, 15)]))
        // A self-crossing outline (a bow tie) by either rule.
        let bow = CGMutablePath()
        bow.addLines(between: [pt(0, 0), pt(10, 10), pt(10, 0), pt(0, 10)])
        bow.closeSubpath()
        #expect(abs(area(bow.intersection(square(-5, -5, 30))) - 50) < 1e-6)
    }

    @Test func degenerateInputs() {
        let a = square(0, 0, 10)
        #expect(abs(area(a.union(CGPath())) - 100) < 1e-6)
        #expect(a.intersection(CGPath()).isEmpty)
        #expect(abs(area(a.subtracting(CGPath())) - 100) < 1e-6)
        #expect(CGPath().union(CGPath()).isEmpty)
        // Lines and points fill nothing.
        let line = CGMutablePath()
        line.move(to: pt(0, 0))
        line.addLine(to: pt(20, 20))
        #expect(line.union(line).isEmpty)
        #expect(abs(area(a.union(line)) - 100) < 1e-6)
        // Non-finite points are left out, not trapped on.
        let bad = CGMutablePath()
        bad.addLines(between: [pt(0, 0), pt(.infinity, 0), pt(0, .nan)])
        _ = a.union(bad)
        // A vertex of one on a side of the other (a T junction), and shared corners.
        let tri = CGMutablePath()
        tri.addLines(between: [pt(5, 10), pt(10, 20), pt(0, 20)])
        tri.closeSubpath()
        #expect(abs(area(a.union(tri)) - 150) < 1e-6)
        #expect(abs(area(a.union(square(10, 10, 10))) - 200) < 1e-6)
    }

    @Test func hugeInputsFallBack() {
        // A many-sided star crossing itself everywhere: past the edge limit, both paths are
        // returned together rather than worked on (no hang).
        let star = CGMutablePath()
        let n = 13_001
        for k in 0..<n {
            let angle = Double(k) * Double.pi * 2 * 0.4
            let p = pt(CGFloat(cos(angle) * 100), CGFloat(sin(angle) * 100))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        let union = star.union(square(0, 0, 10))
        #expect(union.elements.count == star.elements.count + 5)
        #expect(star.intersection(square(0, 0, 10)) == star)
        // Below the limit, many crossings still finish: a 150-pointed star crossing itself.
        let small = CGMutablePath()
        for k in 0..<151 {
            let angle = Double(k) * Double.pi * 2 * 75 / 151
            let p = pt(CGFloat(cos(angle) * 100), CGFloat(sin(angle) * 100))
            if k == 0 { small.move(to: p) } else { small.addLine(to: p) }
        }
        small.closeSubpath()
        #expect(!small.union(circle(0, 0, 50)).isEmpty)
    }
}
