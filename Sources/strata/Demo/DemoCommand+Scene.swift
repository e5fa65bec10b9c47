import Foundation
import Strata
import StrataDemos
import StrataGL
import StrataHost
import StrataLayerRaster
import StrataLottie
import StrataRender
import StrataScene

extension DemoCommand {
    /// Plays a scene file in a window, looping over its timeline and animations;
    /// space restarts. With `--watch`, reloads it when it or an image it uses changes.
    func playScene(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        // Lottie files play too (SceneDocument), and reload like scene files.
        let reloader = SceneReloader(url: url, watcher: watch ? FileWatcher() : nil) { url throws(SceneError) in
            guard LottieComposition.isLottieFile(url) else { return try Scene.load(contentsOf: url) }
            do throws(SceneDocument.LoadError) { return try SceneDocument.load(url) } catch {
                throw SceneError(file: nil, path: "", reason: error.description)  // names the file itself
            }
        }
        if case .failed(let error) = reloader.state {
            // Without --watch a broken file is an error; with it, the window shows it until it is fixed.
            guard watch else { throw failure(error.description) }
            report(error)
        }
        let canvas = reloader.scene?.size ?? CGSize(width: 800, height: 600)
        let window: WindowHost
        do {
            window = try WindowHost(
                width: Int(canvas.width), height: Int(canvas.height),
                title: watch ? "Strata: \(url.lastPathComponent)" : "Strata demo", vsync: !noVsync)
        } catch {
            throw failure("window: \(error.description)")
        }
        // A watched file may gain text layers, and the error banner is text: the font if there is one.
        let rasterizer =
            watch
            ? try (try? StandardLayerRasterizer.shapesAndText()) ?? layerRasterizer(for: nil)
            : try layerRasterizer(for: reloader.scene?.root)
        let renderer: WindowRenderer
        do {
            renderer = try WindowRenderer(window: window, layerRasterizer: rasterizer)
        } catch { throw failure(starting: error, "window") }
        if watch {
            let images = reloader.watchedFiles.count - 1
            let also = images == 0 ? "" : images == 1 ? " and the image it uses" : " and the \(images) images it uses"
            say("watching \(path)\(also) (\(reloader.watcher!.mechanism.rawValue))")
        }
        var idleFrames = 0, drawnFrames = 0
        // With --watch, --screenshot is rewritten once each load (or failure) has been drawn.
        var screenshotDue = watch && screenshot != nil
        // The next frame is made (ticked and flattened) on a worker while this
        // one draws, at the time it is expected to be shown; the reloader and
        // its trees are the worker's until `stop()`.
        struct Request { var time: Double, info: FrameInfo, restart: Bool }
        struct Made { var list: RenderList, state: SceneReloader.State? }
        let worker = FrameWorker<Request, Made> { request in
            if request.restart { reloader.restart() }
            let state = reloader.checkForChanges()
            let size = CGSize(width: request.info.windowWidth, height: request.info.windowHeight)
            let trees = reloader.frame(at: request.time, size: size)
            let list = renderer.renderList(
                for: trees, frame: request.info, background: reloader.scene?.background ?? .black)
            return Made(list: list, state: state)
        }
        defer { worker.stop() }
        var restart = false
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try window.run(
                maxFrames: frames,
                onEvent: { event in
                    if case .key(.space, .press, _) = event { restart = true }
                },
                frame: { info in
                    if !worker.hasPending { worker.submit(Request(time: info.time, info: info, restart: false)) }
                    let made = worker.take()
                    // The next frame shows about one frame's time later.
                    worker.submit(
                        Request(time: info.time + max(info.deltaTime, 1.0 / 120), info: info, restart: restart))
                    restart = false
                    if let state = made.state {
                        switch state {
                        case .playing: say("reloaded \(path)")
                        case .failed(let error): report(error)
                        }
                        screenshotDue = screenshot != nil
                    }
                    drawnFrames += 1
                    let stats = try renderer.render(made.list, frame: info)
                    if stats.unchangedFrame { idleFrames += 1 }
                    if screenshotDue, let screenshot, let image = renderer.lastFrame() {
                        screenshotDue = false
                        try writeAtomically(image, to: screenshot)
                    }
                })
        } catch {
            // A failure ends the loop (and closes the window) at once.
            throw failure("\(error)")
        }
        worker.stop()
        let seconds = (clock.now - started).seconds
        if let frames, frames > 0, seconds > 0 {
            print(String(format: "%d frames in %.2f s: %.1f fps", drawnFrames, seconds, Double(drawnFrames) / seconds))
        }
        if let screenshot, let image = renderer.lastFrame() {
            try writeAtomically(image, to: screenshot)
            print("wrote \(screenshot) (\(idleFrames) unchanged frames were not redrawn)")
        }
    }

    /// Prints `line` at once: a watching process is usually ended by a signal, and a pipe buffers.
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A scene that did not load, on one line of stderr (the window shows it too).
    private func report(_ error: SceneError) {
        FileHandle.standardError.write(Data("strata: \(error.description)\n".utf8))
    }

    /// Writes `image` to `path` through a temporary file, so a reader never sees half a PNG.
    private func writeAtomically(_ image: CGImage, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do { try image.write(toPNG: temporary) } catch { throw failure(error.description) }
        guard rename(temporary.path, url.path) == 0 else {
            throw failure("\(path): cannot write it: \(String(cString: strerror(errno)))")
        }
    }
}
