import Foundation
import Strata
import StrataRaster
import StrataRender
import Testing

/// Timings for the report, not assertions about speed: run with
/// `STRATA_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter PathRasterizerBench`.
@Suite("Path rasterizer timings", .enabled(if: ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1"))
struct PathRasterizerBenchTests {
    /// A deterministic pseudo-random generator (no shared state).
    struct LCG {
        var state: UInt64
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
    }

    /// Process CPU time in ms (all threads): with wall time, shows how much the bands ran in
    /// parallel, and is steadier on a shared machine.
    func cpuMilliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    func time(_ label: String, runs: Int = 5, _ body: () -> CoverageMask) -> Double {
        var best = Double.infinity, bestCPU = Double.infinity
        var area = 0.0
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds, c0 = cpuMilliseconds()
            let mask = body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            bestCPU = min(bestCPU, cpuMilliseconds() - c0)
            area = mask.coveredArea
        }
        print(
            "bench \(label): \(String(format: "%.2f", best)) ms wall, \(String(format: "%.2f", bestCPU)) ms CPU (area \(Int(area)))"
        )
        return best
    }

    @Test func complexPaths() {
        var rng = LCG(state: 42)
        // 300 random cubics across the canvas, crossing each other everywhere.
        let scribble = CGMutablePath()
        scribble.move(to: CGPoint(x: 512, y: 384))
        for _ in 0..<300 {
            func p() -> CGPoint { CGPoint(x: rng.next() * 1024, y: rng.next() * 768) }
            scribble.addCurve(to: p(), control1: p(), control2: p())
        }
        scribble.closeSubpath()
        // A spiral of arcs, stroked: thousands of joint pieces.
        let spiral = CGMutablePath()
        spiral.move(to: CGPoint(x: 512, y: 384))
        for i in 0..<60 {
            let r = CGFloat(6 + i * 6)
            spiral.addArc(
                center: CGPoint(x: 512, y: 384), radius: r, startAngle: CGFloat(i) * .pi,
                endAngle: CGFloat(i + 1) * .pi, clockwise: false)
        }
        // Text-like: many small closed shapes.
        let glyphs = CGMutablePath()
        for row in 0..<30 {
            for col in 0..<80 {
                let x = CGFloat(col) * 12.5 + 6, y = CGFloat(row) * 25 + 10
                glyphs.addEllipse(in: CGRect(x: x, y: y, width: 9, height: 14))
                glyphs.addEllipse(in: CGRect(x: x + 2.5, y: y + 3, width: 4, height: 8))
            }
        }
        let w = 1024, h = 768
        _ = time("fill 300 random cubics non-zero 1024x768") {
            PathRasterizer.fill(path: scribble, rule: .winding, transform: .identity, width: w, height: h)
        }
        _ = time("fill 300 random cubics even-odd 1024x768") {
            PathRasterizer.fill(path: scribble, rule: .evenOdd, transform: .identity, width: w, height: h)
        }
        _ = time("fill 4800 ellipses even-odd 1024x768") {
            PathRasterizer.fill(path: glyphs, rule: .evenOdd, transform: .identity, width: w, height: h)
        }
        _ = time("stroke spiral w12 round 1024x768") {
            PathRasterizer.stroke(
                path: spiral, lineWidth: 12, cap: .round, join: .round, miterLimit: 10, dash: nil,
                transform: .identity, width: w, height: h)
        }
        _ = time("stroke spiral w4 dashed 1024x768") {
            PathRasterizer.stroke(
                path: spiral, lineWidth: 4, cap: .butt, join: .miter, miterLimit: 10,
                dash: (phase: 0, lengths: [12, 6]), transform: .identity, width: w, height: h)
        }
        _ = time("stroke 300 random cubics w3 1024x768") {
            PathRasterizer.stroke(
                path: scribble, lineWidth: 3, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
                transform: .identity, width: w, height: h)
        }
        _ = time("fill 300 random cubics non-zero 1024x768, exact") {
            PathRasterizer.fill(
                path: scribble, rule: .winding, transform: .identity, width: w, height: h, precision: .exact)
        }
        _ = time("fill 4800 ellipses even-odd 1024x768, exact") {
            PathRasterizer.fill(
                path: glyphs, rule: .evenOdd, transform: .identity, width: w, height: h, precision: .exact)
        }
        _ = time("stroke 300 random cubics w3 1024x768, exact") {
            PathRasterizer.stroke(
                path: scribble, lineWidth: 3, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
                transform: .identity, width: w, height: h, precision: .exact)
        }
        _ = time("stroke 300 random cubics w1 (hairline) 1024x768") {
            PathRasterizer.stroke(
                path: scribble, lineWidth: 1, cap: .butt, join: .miter, miterLimit: 10, dash: nil,
                transform: .identity, width: w, height: h)
        }
        _ = time("fill circle r350 1024x768") {
            PathRasterizer.fill(
                path: CGPath(ellipseIn: CGRect(x: 162, y: 34, width: 700, height: 700), transform: nil),
                rule: .winding, transform: .identity, width: w, height: h)
        }
    }

    @Test func millionPoints() {
        var rng = LCG(state: 7)
        let spread = (0..<1_000_000).map { _ in CGPoint(x: rng.next() * 1024, y: rng.next() * 768) }
        let tight = (0..<1_000_000).map { _ in CGPoint(x: 10 + rng.next() * 40, y: 10 + rng.next() * 40) }
        let ring = (0..<1_000_000).map { i -> CGPoint in
            let a = CGFloat(i) / 1_000_000 * 2 * .pi
            return CGPoint(x: 512 + 350 * cos(a), y: 384 + 350 * sin(a))
        }
        _ = time("1M-point ring polygon 1024x768", runs: 2) {
            PathRasterizer.fill(polygons: [ring], rule: .winding, transform: .identity, width: 1024, height: 768)
        }
        _ = time("1M random points in 1024x768", runs: 1) {
            PathRasterizer.fill(polygons: [spread], rule: .evenOdd, transform: .identity, width: 1024, height: 768)
        }
        _ = time("1M random points in 40x40 px", runs: 1) {
            PathRasterizer.fill(polygons: [tight], rule: .evenOdd, transform: .identity, width: 64, height: 64)
        }
    }
}
