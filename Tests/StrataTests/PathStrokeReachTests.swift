import Foundation
import Testing

@testable import Strata

/// `CGPath.strokeReach`: the stroke's outline stays inside the path's box grown by it, and it
/// is no larger than the corners ask.
@Suite struct PathStrokeReachTests {
    static func triangle(tip: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: tip))
        path.addLine(to: CGPoint(x: 0, y: 2 * tip))
        path.closeSubpath()
        return path
    }

    static var cusp: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 150, y: 80), control2: CGPoint(x: -50, y: 80))
        return path
    }

    static let paths: [(String, CGPath)] = [
        ("circle", CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48), transform: nil)),
        ("square", CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 30), transform: nil)),
        ("sharp triangle", triangle(tip: 5)),
        ("blunt triangle", triangle(tip: 60)),
        ("cusp", cusp),
        (
            "rounded rect",
            CGPath(
                roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), cornerWidth: 8,
                cornerHeight: 8, transform: nil)
        ),
    ]

    @Test(arguments: [CGLineJoin.miter, .round, .bevel], [CGLineCap.butt, .square, .round])
    func outlinesStayWithinTheReach(join: CGLineJoin, cap: CGLineCap) throws {
        for (name, path) in Self.paths {
            for limit in [1.5, 4, 10] as [CGFloat] {
                let width: CGFloat = 6
                let reach = path.strokeReach(lineWidth: width, cap: cap, join: join, miterLimit: limit)
                let box = path.boundingBoxOfPath.insetBy(dx: -reach - 0.05, dy: -reach - 0.05)
                let outline = path.strokeOutline(
                    lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: limit,
                    tolerance: 0.01)
                for point in outline.joined() {
                    #expect(box.contains(point), "\(name) \(join) \(cap) limit \(limit): \(point) outside \(box)")
                }
            }
        }
    }

    @Test func onlyTheCornersAPathHasCount() {
        let circle = Self.paths[0].1
        // Its quarter arcs turn 90° each: bounded by a right angle's miter, not the limit's.
        #expect(circle.strokeReach(lineWidth: 5, cap: .butt, join: .miter, miterLimit: 10) <= 2.5 * 1.415)
        #expect(
            abs(circle.strokeReach(lineWidth: 5, cap: .square, join: .round, miterLimit: 10) - 2.5 * 2.squareRoot())
                < 1e-9)
        #expect(circle.strokeReach(lineWidth: 5, cap: .butt, join: .round, miterLimit: 10) == 2.5)
        // A right angle's miter is √2 half widths; a 6° tip's (1 / sin 3°, about 19) bevels at limit 10.
        let square = Self.paths[1].1
        #expect(abs(square.strokeReach(lineWidth: 2, cap: .butt, join: .miter, miterLimit: 10) - 2.squareRoot()) < 1e-9)
        #expect(Self.triangle(tip: 5).strokeReach(lineWidth: 2, cap: .butt, join: .miter, miterLimit: 10) < 2)
        #expect(Self.triangle(tip: 5).strokeReach(lineWidth: 2, cap: .butt, join: .miter, miterLimit: 30) > 10)
    }
}
