import ArgumentParser
import Foundation
import Strata
import StrataGL
import StrataHost
import StrataLayerRaster
import StrataLottie
import StrataRender
import StrataScene

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the renderer and the animation engine; print a report (timings are not tests).",
        discussion: """
            With no arguments: the built-in report (grids, shadows, animation). `strata bench grid N`: \
            the built-in grid of N layers. `strata bench paths`: the CPU path rasterizer alone (no GL), \
            on fills and strokes of the kinds vector animations redraw. `strata bench SCENE.json`: plays \
            the scene's animations on a fixed 60 Hz clock from t = 0, times every stage of each frame (no \
            readback, glFinish per frame) and the fill-rate floor of the same frames. Set LP_NUM_THREADS to pin llvmpipe's \
            threads for comparable numbers.
            """)

    @Argument(help: "Nothing, `grid N`, `paths`, or a scene file.")
    var target: [String] = []

    @Option(
        help:
            "Frames to time (the median is reported; default 20 per built-in case, 120 for a scene, a Lottie file once through; `paths`: rasterizations of each path, the least reported)."
    )
    var frames: Int?

    @Option(help: "A scene benchmark stops after this many seconds (at least 5 frames are timed).")
    var seconds = 15.0

    @Flag(help: "Print the scene benchmark as one JSON object.")
    var json = false

    @Flag(help: "Play the scene in a window (vsync off) instead of headless.")
    var window = false

    @Flag(
        help:
            "Tick and flatten each frame before drawing it, on the drawing thread (by default they run on a worker, overlapping the drawing of the frame before)."
    )
    var serial = false

    @Option(help: "Canvas size in points, WxH.")
    var size = "1024x768"

    @Flag(
        help: "For a Lottie file, do not time rlottie on the same frames (it is timed when python3 has rlottie-python)."
    )
    var noRlottie = false

    func run() throws {
        // A count or time that measures nothing is a mistake to say, not a run of one frame.
        if let frames, frames < 1 { throw failure("--frames: expected at least 1 frame, got \(frames)") }
        guard seconds > 0, seconds.isFinite else {
            throw failure("--seconds: expected a positive number of seconds, got \(seconds)")
        }
        if target == ["paths"] {
            PathBenchmark().run(rounds: frames ?? 20)
            return
        }
        if let path = target.first, path != "grid" {
            guard target.count == 1 else {
                throw failure("bench: expected one scene file, got \(target.count) arguments")
            }
            let scene: Scene
            do { scene = try SceneDocument.load(URL(fileURLWithPath: path)) } catch { throw failure(error.description) }
            // A Lottie file plays once, its first frame to its last, unless told how many frames.
            let isLottie = LottieComposition.isLottieFile(URL(fileURLWithPath: path))
            let defaultFrames = isLottie ? max(5, Int((scene.animationEnd * 60).rounded(.down)) - 2) : 120
            let benchmark = SceneBenchmark(
                scene: scene, name: URL(fileURLWithPath: path).lastPathComponent,
                frames: frames ?? defaultFrames, seconds: seconds, serial: serial)
            let report: SceneBenchmark.Report
            do {
                report = try benchmark.run(window: window)
            } catch let exit as ExitCode {
                throw exit
            } catch {
                // A shader, GL or display failure mid-run: one line naming the scene, as `render` says it.
                throw failure("\(path): \(error)")
            }
            // A Lottie file: rlottie's time for the same frames, in the same run, when python3 has rlottie-python.
            let url = URL(fileURLWithPath: path)
            let rlottie =
                noRlottie || !isLottie
                ? nil
                : RlottieComparison.time(url.path, frames: report.frames + 3)
            if json {
                var text = report.json
                if let rlottie {
                    text.removeLast()
                    text += String(
                        format: ", \"rlottie_ms_per_frame\": %.4g, \"rlottie_frames\": %d}",
                        rlottie.msPerFrame, rlottie.frames)
                }
                print(text)
            } else {
                print(report.text)
                if let rlottie {
                    print(
                        String(
                            format: "  rlottie (CPU, one thread, rlottie-python): %.2f ms per frame over the %d frame "
                                + "numbers shown; Strata %.2f ms (%.1f× %@)", rlottie.msPerFrame, rlottie.frames,
                            report.frameMs,
                            max(rlottie.msPerFrame, report.frameMs)
                                / max(min(rlottie.msPerFrame, report.frameMs), 1e-9),
                            report.frameMs <= rlottie.msPerFrame ? "faster" : "slower"))
                }
            }
            return
        }
        var gridCount: Int?
        if target.first == "grid" {
            guard target.count == 2, let n = Int(target[1]), n >= 0, n <= 1_000_000 else {
                throw failure("bench grid: expected a layer count between 0 and 1000000")
            }
            gridCount = n
        }
        let frames = self.frames ?? 20
        let parts = size.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 8192 }) else {
            throw failure("--size: expected WxH between 16 and 8192, got \"\(size)\"")
        }
        let canvas = CGSize(width: parts[0], height: parts[1])
        let renderer: OffscreenRenderer
        // The benchmarks draw no text, so they need no font.
        do {
            renderer = try OffscreenRenderer(layerRasterizer: StandardLayerRasterizer([ShapeLayerRasterizer()]))
        } catch { throw failure(starting: error, "headless OpenGL") }
        print(
            "strata bench: \(Int(canvas.width))x\(Int(canvas.height)), \(frames) frames per case, "
                + "\(renderer.host.context.info.renderer)")
        if let gridCount {
            try benchGrid(0, frames: frames, canvas: canvas, renderer: renderer)
            try benchGrid(gridCount, frames: frames, canvas: canvas, renderer: renderer)
            return
        }
        try benchGrid(0, frames: frames, canvas: canvas, renderer: renderer)
        for count in [1_000, 10_000] {
            try benchGrid(count, frames: frames, canvas: canvas, renderer: renderer)
        }
        try benchShadows(frames: frames, canvas: canvas, renderer: renderer)
        print("animation, 10000 layers changed implicitly in one transaction (µs per layer):")
        print(animationBenchmark(layerCount: 10_000, rounds: 5))
    }

    func benchGrid(_ count: Int, frames: Int, canvas: CGSize, renderer: OffscreenRenderer) throws {
        let tree = BenchmarkScenes.grid(count, size: canvas)
        var flattenTimes: [Double] = [], renderTimes: [Double] = []
        var stats = RenderStats()
        for frame in 0..<max(1, frames) {
            let flattener = Flattener(size: canvas, background: benchBackground(frame))
            let clock = ContinuousClock()
            var list: RenderList!
            flattenTimes.append(clock.measure { list = flattener.renderList(for: tree) }.seconds)
            let start = clock.now
            do { stats = try renderer.render(list).stats } catch { throw failure(error.description) }
            renderTimes.append((clock.now - start).seconds)
        }
        if count == 0 {
            print(
                String(
                    format: "empty frame (clear, readback, un-premultiply): %.2f ms — the baseline in every "
                        + "GL time below", median(renderTimes) * 1e3))
            return
        }
        print(
            String(
                format: "grid %6d layers: flatten %7.2f ms (%.2f µs/layer), GL frame+readback %7.2f ms, "
                    + "%d draw calls, %d passes", count, median(flattenTimes) * 1e3,
                median(flattenTimes) * 1e6 / Double(count), median(renderTimes) * 1e3,
                stats.drawCalls, stats.passes))
    }
}

extension BenchCommand {
    /// 200 shadowed rounded layers: closed-form shadows vs blur passes, cold
    /// (σ changes every frame, so nothing is cached) and warm (cached).
    func benchShadows(frames: Int, canvas: CGSize, renderer: OffscreenRenderer) throws {
        func time(_ label: String, forceBlur: Bool, changing: Bool) throws {
            var times: [Double] = []
            var stats = RenderStats()
            for frame in 0..<max(2, frames) {
                let sigma = 8 + (changing ? CGFloat(frame) * 0.05 : 0)
                let tree = BenchmarkScenes.shadowedCards(200, size: canvas, shadowRadius: sigma)
                var flattener = Flattener(size: canvas, background: benchBackground(frame))
                flattener.forcesBlurredShadows = forceBlur
                let start = ContinuousClock.now
                let list = flattener.renderList(for: tree)
                do { stats = try renderer.render(list).stats } catch { throw failure(error.description) }
                if frame > 0 { times.append((ContinuousClock.now - start).seconds) }
            }
            print(
                String(
                    format: "shadows, 200 rounded layers, %@: %7.2f ms per frame, %d draw calls, %d passes "
                        + "(%d cached), %d blurs", label, median(times) * 1e3, stats.drawCalls, stats.passes,
                    stats.cachedPasses, stats.blurs))
        }
        try time("closed form       ", forceBlur: false, changing: true)
        try time("blur passes, cold ", forceBlur: true, changing: true)
        try time("blur passes, warm ", forceBlur: true, changing: false)
    }
}

/// A background that differs from one frame to the next, so that every frame
/// is drawn (an unchanged frame is skipped, which would time nothing).
func benchBackground(_ frame: Int) -> CGColor {
    CGColor(gray: frame % 2 == 0 ? 0 : 1.0 / 255, alpha: 1)
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
