import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender
import StrataScene

/// `strata bench SCENE.json`: plays a scene's animations on a fixed 60 Hz clock
/// from t = 0 and times each stage of every frame, with no readback and a
/// `glFinish` per frame, then measures the fill-rate floor of the same frames.
struct SceneBenchmark {
    /// Medians over the timed frames (milliseconds unless named otherwise).
    struct Report {
        var scene: String
        var renderer: String
        var window: Bool
        /// Whether tick and flatten ran on a worker, overlapping the drawing of the frame before.
        var pipelined = false
        var frames = 0
        var layers = 0
        /// Wall-clock ms per stage: tick (the timeline's changes due), flatten
        /// (the animations sampled into the flattener's snapshot, then the
        /// list), submit (planning and replay), GPU; the frame; the floor.
        var tickMs = 0.0, flattenMs = 0.0, submitMs = 0.0, gpuMs = 0.0, frameMs = 0.0, floorMs = 0.0
        /// CPU time of the threads that tick, flatten and submit, the worker
        /// threads helping them included (the stage times above are
        /// wall-clock, and grow when the cores are shared).
        var cpuMs = 0.0
        var drawCalls = 0, passes = 0, cachedPasses = 0, items = 0
        var pixelsShaded = 0.0
        /// Bytes of images and bitmaps uploaded per frame (median).
        var uploadedBytes = 0
        /// Draw calls of frames drawn after every animation ended (nil: the scene never idles).
        var idleDrawCalls: Int?

        var fps: Double { frameMs > 0 ? 1000 / frameMs : 0 }
        var floorRatio: Double { floorMs > 0 ? frameMs / floorMs : 0 }

        var json: String {
            func n(_ v: Double) -> String { String(format: "%.4g", v.isFinite ? v : 0) }
            let fields: [(String, String)] = [
                (
                    "scene",
                    "\"\(scene.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
                ),
                ("renderer", "\"\(renderer.replacingOccurrences(of: "\"", with: "'"))\""),
                ("window", window ? "true" : "false"), ("pipelined", pipelined ? "true" : "false"),
                ("fps", n(fps)), ("frames", "\(frames)"), ("layers", "\(layers)"),
                ("frame_ms", n(frameMs)),
                ("cpu_ms_per_frame", n(cpuMs)), ("cpu_us_per_layer", n(layers > 0 ? cpuMs * 1000 / Double(layers) : 0)),
                ("tick_ms", n(tickMs)), ("flatten_ms", n(flattenMs)), ("submit_ms", n(submitMs)),
                ("gpu_ms_per_frame", n(gpuMs)), ("floor_ms_per_frame", n(floorMs)), ("floor_ratio", n(floorRatio)),
                ("draw_calls_per_frame", "\(drawCalls)"), ("passes_per_frame", "\(passes)"),
                ("cached_passes_per_frame", "\(cachedPasses)"),
                ("items_per_frame", "\(items)"), ("pixels_shaded_per_frame", n(pixelsShaded.rounded())),
                ("uploaded_bytes_per_frame", "\(uploadedBytes)"),
                ("idle_draw_calls", idleDrawCalls.map(String.init) ?? "0"),
                ("idles", idleDrawCalls == nil ? "false" : "true"),
            ]
            return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }

        var text: String {
            String(
                format: """
                    %@: %d layers, %d frames at 60 Hz (%@%@)
                      %.1f fps: %.2f ms per frame%@: tick %.2f + flatten %.2f + submit %.2f (CPU %.2f ms, %.2f µs/layer) + GPU %.2f
                      floor %.2f ms (ratio %.2f), %d draw calls, %d passes (%d kept from earlier frames), %d items, %.0f pixels shaded, %d KiB uploaded
                      idle: %@
                    """, scene, layers, frames, renderer, window ? ", window" : "", fps, frameMs,
                pipelined ? " (tick and flatten overlap the drawing of the frame before)" : "", tickMs, flattenMs,
                submitMs, cpuMs, layers > 0 ? cpuMs * 1000 / Double(layers) : 0, gpuMs, floorMs, floorRatio,
                drawCalls, passes, cachedPasses, items, pixelsShaded, uploadedBytes / 1024,
                idleDrawCalls.map { "\($0) draw calls once animations end" } ?? "the animations never end")
        }
    }

    let scene: Scene
    let name: String
    let frames: Int
    let seconds: Double
    /// Tick and flatten each frame on the drawing thread before drawing it,
    /// instead of on a worker while the previous frame is drawn.
    var serial = false

    /// When the scene stops changing (`Scene.animationEnd`: its animations,
    /// timeline and emitters' particles), or nil when it never does within a
    /// day (an emitter that never stops, a repeat count of a million).
    var animationEnd: Double? {
        let end = scene.animationEnd
        return scene.animatesForever || !(end < 86_400) ? nil : end
    }

    /// Plays the scene headless (or in a window) and measures it.
    func run(window useWindow: Bool) throws -> Report {
        let rasterizer = try layerRasterizer(for: scene.root)
        let offscreen: OffscreenRenderer
        do { offscreen = try OffscreenRenderer(layerRasterizer: rasterizer) } catch {
            throw failure(starting: error, "headless OpenGL")
        }
        var report = Report(scene: name, renderer: offscreen.host.context.info.renderer, window: useWindow)
        var tick: [Double] = [], flatten: [Double] = [], submit: [Double] = [], gpu: [Double] = [], total: [Double] = []
        var cpu: [Double] = []
        let player = try loadPlayer()
        var lists: [RenderList] = []
        let clock = ContinuousClock()
        let started = clock.now
        let warmup = 3

        // Counting the pixels a frame shades projects every item: done for a sample
        // of frames, each while nothing else runs (after the next frame's tick and
        // flatten, before the frame after is handed to the worker) and taken out of
        // the frame it fell in. One list is kept at a time: keeping every sampled
        // list to count after the run kept their bitmaps, and the frames timed then
        // made theirs in fresh memory, page by page.
        var pixelsShaded: [Double] = []
        var sampled: (RenderStats, RenderList)?
        let sampleStride = max(1, frames / 24)
        /// Counts the sampled frame waiting, if any; the time it took.
        func countSampled() -> Duration {
            guard let (stats, list) = sampled else { return .zero }
            let start = clock.now
            pixelsShaded.append(stats.pixelsShaded(list))
            sampled = nil
            return clock.now - start
        }
        // The counts reported are each the median over the frames timed, as the times
        // are (taken after the run): the last frame's alone misled where frames
        // alternate between drawn and unchanged (a nonzero GPU time beside 0 draw calls).
        var counts: [[Double]] = Array(repeating: [], count: 6)
        func record(_ stats: RenderStats, _ list: RenderList, index: Int) {
            let values = [
                stats.layers, stats.drawCalls, stats.passes, stats.cachedPasses, stats.items, stats.uploadedBytes,
            ]
            for (k, value) in values.enumerated() { counts[k].append(Double(value)) }
            if (index - warmup) % sampleStride == 0 { sampled = (stats, list) }
            if lists.count < 8 { lists.append(list) }
        }
        func keepGoing(_ index: Int) -> Bool {
            index < frames + warmup && (index < warmup + 5 || (clock.now - started).seconds < seconds)
        }

        var flattener = Flattener(
            size: scene.size, scale: scene.scale, background: scene.background,
            rasterizer: rasterizer)
        flattener.appearanceCache = AppearanceCache()
        var index = 0
        /// Plays frames, timing each stage; a frame's time is the time between
        /// two frames done. Unless `serial`, the next frame is ticked and
        /// flattened on a worker while this one draws. `step` runs its body
        /// once per frame (inside the window's frame).
        func play(
            step: ((FrameInfo?) throws -> Void) throws -> Void, more: () -> Bool,
            makeList: @escaping (CFTimeInterval, FrameInfo?) -> RenderList,
            draw: @escaping (RenderList, FrameInfo?) throws -> RenderStats,
            finish: @escaping () -> Void
        ) throws {
            struct Made { var list: RenderList, tick: Double, flatten: Double, cpu: Double }
            let make = { (index: Int, info: FrameInfo?) -> Made in
                let t0 = clock.now, cpu0 = ThreadCPUClock.now(), helpers0 = WorkerThreads.helpersCPUSeconds
                // Tick: the timeline's changes due; flatten: the animations
                // sampled into the flattener's snapshot, then the list.
                let time = Double(index) / 60
                player.advance(to: time)
                let t1 = clock.now
                let list = makeList(time, info)
                return Made(
                    list: list, tick: (t1 - t0).seconds, flatten: (clock.now - t1).seconds,
                    cpu: ThreadCPUClock.now() - cpu0 + WorkerThreads.helpersCPUSeconds - helpers0)
            }
            let worker = serial ? nil : FrameWorker<(index: Int, info: FrameInfo?), Made>(make: make)
            defer { worker?.stop() }
            var lastDone = clock.now
            while keepGoing(index) && more() {
                try step { info in
                    let made: Made
                    if let worker {
                        if !worker.hasPending { worker.submit((index, info)) }
                        made = worker.take()
                        lastDone = lastDone + countSampled()
                        if keepGoing(index + 1) { worker.submit((index + 1, info)) }
                    } else {
                        lastDone = lastDone + countSampled()
                        made = make(index, info)
                    }
                    let t2 = clock.now, cpu2 = ThreadCPUClock.now()
                    let stats = try draw(made.list, info)
                    let cpu3 = ThreadCPUClock.now(), t3 = clock.now
                    finish()
                    let t4 = clock.now
                    defer { lastDone = t4 }
                    guard index >= warmup else { return }
                    tick.append(made.tick); flatten.append(made.flatten); submit.append((t3 - t2).seconds)
                    gpu.append((t4 - t3).seconds); total.append((t4 - lastDone).seconds)
                    cpu.append(made.cpu + cpu3 - cpu2)
                    record(stats, made.list, index: index)
                }
                index += 1
            }
            worker?.stop()
            _ = countSampled()
        }

        if useWindow {
            let host: WindowHost
            do {
                host = try WindowHost(
                    width: Int(scene.size.width), height: Int(scene.size.height),
                    title: "strata bench", vsync: false)
            } catch { throw failure("window: \(error.description)") }
            let renderer: WindowRenderer
            do { renderer = try WindowRenderer(window: host, layerRasterizer: rasterizer) } catch {
                throw failure(starting: error, "window")
            }
            try play(
                step: { body in try host.runFrame { info in try body(info) } }, more: { !host.shouldClose },
                makeList: {
                    renderer.renderList(ticking: player.ticker, at: $0, frame: $1!, background: scene.background)
                },
                draw: { try renderer.render($0, frame: $1!) }, finish: { host.context.finish() })
        } else {
            // The context stays current for the whole run, as a render loop's would.
            try offscreen.host.withCurrent { () throws -> Void in
                try play(
                    step: { body in try body(nil) }, more: { true },
                    makeList: { time, _ in flattener.renderList(ticking: player.ticker, at: time) },
                    draw: { list, _ in try offscreen.draw(list) }, finish: { offscreen.finish() })
            }
            if let end = animationEnd {
                // Past the end nothing changes: frames after the first idle one should draw nothing.
                var idle = 0
                for k in 0..<3 {
                    let time = max(player.time, end) + 0.5 + Double(k) / 60
                    player.advance(to: time)
                    let list = flattener.renderList(ticking: player.ticker, at: time)
                    let stats = try offscreen.draw(list)
                    if k > 0 { idle += stats.drawCalls }
                }
                report.idleDrawCalls = idle
            }
        }
        report.frames = total.count
        report.layers = Int(median(counts[0]))
        report.drawCalls = Int(median(counts[1]))
        report.passes = Int(median(counts[2]))
        report.cachedPasses = Int(median(counts[3]))
        report.items = Int(median(counts[4]))
        report.uploadedBytes = Int(median(counts[5]))
        report.pipelined = !serial
        report.tickMs = median(tick) * 1e3; report.flattenMs = median(flatten) * 1e3
        report.submitMs = median(submit) * 1e3; report.gpuMs = median(gpu) * 1e3; report.frameMs = median(total) * 1e3
        report.pixelsShaded = median(pixelsShaded)
        report.cpuMs = median(cpu) * 1e3
        // The floor: the same quads with a plain textured program, in the same run.
        var floor: [Double] = []
        for list in lists {
            let start = clock.now
            try offscreen.drawFloor(list)
            offscreen.finish()
            floor.append((clock.now - start).seconds)
        }
        report.floorMs = median(floor) * 1e3
        return report
    }

    func loadPlayer() throws -> ScenePlayer {
        do { return try ScenePlayer(scene) } catch { throw failure(error.description) }
    }
}
