import Foundation
import Strata

/// `strata bench paths`: the CPU rasterizer alone (no GL), on the kinds of path a
/// vector animation redraws every frame: a large curved fill, a star with a hole
/// (even-odd), small glyph-like contours, a wide round-joined stroke along curves,
/// a dashed ring and a thin spiral. Each case is rasterized `rounds` times; the
/// report gives the least CPU time of one rasterization (every thread's, for the
/// converter cuts large masks into bands it converts side by side): the work is the
/// same every round, so the least is the one other processes disturbed least.
struct PathBenchmark {
    /// One path and how it is drawn.
    struct Case {
        let name: String
        let width: Int, height: Int
        /// The mask's coverage bytes.
        let draw: () -> [UInt8]
    }

    let cases: [Case]

    init() {
        cases = [
            Self.blob(), Self.star(), Self.glyphs(), Self.wideStroke(), Self.dashedRing(), Self.spiral(),
        ]
    }

    /// Rasterizes every case `rounds` times and prints a line each, then the total.
    func run(rounds: Int) {
        var total = 0.0
        for c in cases {
            var times: [Double] = []
            var bytes: [UInt8] = []
            for _ in 0..<max(1, rounds) {
                let start = ThreadCPUClock.process()
                bytes = c.draw()
                times.append(ThreadCPUClock.process() - start)
            }
            let covered = bytes.reduce(0) { $0 + Int($1) } / 255
            let t = times.min() ?? 0
            total += t
            let name = c.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            print(
                "paths \(name)"
                    + String(
                        format: " %4d×%-4d %8.1f µs (%.2f ns per mask pixel), %d px covered", c.width, c.height,
                        t * 1e6, t * 1e9 / Double(max(1, c.width * c.height)), covered))
        }
        print(String(format: "paths total: %.1f µs", total * 1e6))
    }

    /// A blob of cubic curves about 700 × 500 pixels, filled.
    static func blob() -> Case {
        let path = CGMutablePath()
        let centre = CGPoint(x: 360, y: 260)
        let n = 12
        path.move(to: CGPoint(x: centre.x + 320, y: centre.y))
        for k in 1...n {
            let a = Double(k) / Double(n) * 2 * .pi, b = (Double(k) - 0.5) / Double(n) * 2 * .pi
            let r = k % 2 == 0 ? 320.0 : 230.0
            path.addCurve(
                to: CGPoint(x: centre.x + r * cos(a), y: centre.y + r * 0.72 * sin(a)),
                control1: CGPoint(x: centre.x + 380 * cos(b - 0.1), y: centre.y + 270 * sin(b - 0.1)),
                control2: CGPoint(x: centre.x + 380 * cos(b + 0.1), y: centre.y + 270 * sin(b + 0.1)))
        }
        path.closeSubpath()
        return Case(name: "blob", width: 720, height: 520) {
            PathRasterizer.fill(path: path, rule: .winding, transform: .identity, width: 720, height: 520).bytes
        }
    }

    /// A 400 × 400 star crossing itself, filled even-odd (a pentagon hole).
    static func star() -> Case {
        let path = CGMutablePath()
        let points = (0..<5).map { k -> CGPoint in
            let a = Double(k * 2 % 5) / 5 * 2 * .pi - .pi / 2
            return CGPoint(x: 200 + 190 * cos(a), y: 205 + 190 * sin(a))
        }
        path.addLines(between: points)
        path.closeSubpath()
        return Case(name: "star", width: 400, height: 400) {
            PathRasterizer.fill(path: path, rule: .evenOdd, transform: .identity, width: 400, height: 400).bytes
        }
    }

    /// 200 small rounded contours with holes on a 640 × 200 mask, as a line of text.
    static func glyphs() -> Case {
        let path = CGMutablePath()
        for k in 0..<200 {
            let x = Double(k % 40) * 16 + 2, y = Double(k / 40) * 40 + 4
            path.addRoundedRect(
                in: CGRect(x: x, y: y, width: 12, height: 30), cornerWidth: 5, cornerHeight: 6)
            path.addEllipse(in: CGRect(x: x + 3, y: y + 8, width: 6, height: 12))
        }
        return Case(name: "glyphs", width: 640, height: 200) {
            PathRasterizer.fill(path: path, rule: .evenOdd, transform: .identity, width: 640, height: 200).bytes
        }
    }

    /// A 24 px stroke with round joins and caps along a wave of curves, 600 × 300.
    static func wideStroke() -> Case {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 30, y: 150))
        for k in 0..<6 {
            let x = 30 + Double(k) * 90
            path.addCurve(
                to: CGPoint(x: x + 90, y: 150), control1: CGPoint(x: x + 30, y: k % 2 == 0 ? 20 : 280),
                control2: CGPoint(x: x + 60, y: k % 2 == 0 ? 20 : 280))
        }
        return Case(name: "wide stroke", width: 600, height: 300) {
            PathRasterizer.stroke(
                path: path, lineWidth: 24, cap: .round, join: .round, miterLimit: 10, dash: nil,
                transform: .identity, width: 600, height: 300
            ).bytes
        }
    }

    /// A ring of radius 140 stroked 10 px wide in dashes, turned a little, 320 × 320.
    static func dashedRing() -> Case {
        let path = CGPath(ellipseIn: CGRect(x: -140, y: -140, width: 280, height: 280), transform: nil)
        let turn = CGAffineTransform(translationX: 160, y: 160).rotated(by: 0.3)
        return Case(name: "dashed ring", width: 320, height: 320) {
            PathRasterizer.stroke(
                path: path, lineWidth: 10, cap: .butt, join: .miter, miterLimit: 10, dash: (3, [22, 9]),
                transform: turn, width: 320, height: 320
            ).bytes
        }
    }

    /// A thin (2 px) spiral of many turns, 500 × 500.
    static func spiral() -> Case {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 250, y: 250))
        for k in 1...600 {
            let a = Double(k) * 0.1, r = 2 + Double(k) * 0.38
            path.addLine(to: CGPoint(x: 250 + r * cos(a), y: 250 + r * sin(a)))
        }
        return Case(name: "spiral", width: 500, height: 500) {
            PathRasterizer.stroke(
                path: path, lineWidth: 2, cap: .round, join: .round, miterLimit: 10, dash: nil,
                transform: .identity, width: 500, height: 500
            ).bytes
        }
    }
}
