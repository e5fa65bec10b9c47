import Foundation
import Strata
import StrataExport
import StrataGL
import StrataHost
import StrataRender
import StrataScene

extension RenderCommand {
    /// Renders frames k/fps of `scene`: a video (`--video`) or numbered PNGs (`-o`).
    func renderClip(_ scene: Scene, start: OffscreenRendererStart?) throws {
        let rate: FrameRate
        do { rate = try FrameRate(parsing: fps, default: scene) } catch { throw failure(error.description) }
        let selection = try FrameSelection(scene: scene, rate: rate, duration: duration, frames: frames)
        var format: VideoFormat?
        if let video {
            do {
                format = try VideoFormat(file: video)
                // Before anything is drawn: a missing ffmpeg should cost nothing.
                if let format, format.needsFFmpeg { _ = try FFmpegEncoder.locate(for: format) }
            } catch {
                throw failure(error.description)
            }
            if format?.needsFFmpeg == true && selection.range.isEmpty {
                throw failure(
                    "\(video): no frames to encode (--frames \(frames ?? "") starts at or after the clip's "
                        + "\(selection.count) frames)")
            }
        }
        let pattern = try output.map { o throws in try PNGSequenceSink.pattern(for: o) }
        let target = ClipTarget(video: video, format: format, pattern: pattern)
        let started = Date()
        if jobs > 1 && selection.range.count > 1 {
            try renderInJobs(scene, selection: selection, target: target)
        } else {
            let progress = ProgressBar(total: selection.range.count, enabled: !quiet)
            try renderFrames(scene, selection: selection, start: start, progress: progress) { width, height throws in
                try target.makeSink(first: selection.range.lowerBound, width: width, height: height, rate: rate)
            }
            progress.finish()
        }
        let seconds = Date().timeIntervalSince(started)
        let frameWord = selection.range.count == 1 ? "frame" : "frames"
        print(
            "wrote \(video ?? output ?? ""): \(selection.range.count) \(frameWord) at \(rate) fps"
                + String(format: " in %.2f s", seconds))
    }

    /// The scale frames are drawn at.
    func pixelsPerPoint(_ scene: Scene) -> Double { scale ?? Double(scene.scale) }

    /// Plays `scene` forward once through `selection.range` and hands each frame,
    /// in order, to the sink `makeSink(width, height)` makes (on a thread of its own).
    func renderFrames(
        _ scene: Scene, selection: FrameSelection, start: OffscreenRendererStart?, progress: ProgressBar,
        makeSink: (Int, Int) throws -> FrameSink
    ) throws {
        FileOutput.ignoreBrokenPipes()
        let flattener = Flattener(size: scene.size, scale: pixelsPerPoint(scene), background: scene.background)
        let (width, height) = flattener.pixelSize
        do {
            let sink = BackgroundFrameSink(try makeSink(width, height))
            if !selection.range.isEmpty {
                try drawFrames(scene, selection: selection, flattener: flattener, start: start, progress: progress) {
                    frame throws in
                    try sink.write(frame: frame)
                }
            }
            try sink.finish()
        } catch let error as ExportError {
            throw failure(error.description)
        }
    }

    /// Draws the frames of `selection` and passes their pixels (premultiplied RGBA8, top row first) to `emit`.
    private func drawFrames(
        _ scene: Scene, selection: FrameSelection, flattener: Flattener, start: OffscreenRendererStart?,
        progress: ProgressBar, emit: ([UInt8]) throws -> Void
    ) throws {
        // One player for the whole run: frames are consecutive moments of one
        // playback, as an app's display link would see them.
        let player: ScenePlayer
        do { player = try ScenePlayer(scene) } catch { throw failure(error.description) }
        let rasterizer = try layerRasterizer(for: scene.root)
        var flattener = flattener
        flattener.rasterizer = rasterizer
        if cacheAppearance { flattener.appearanceCache = AppearanceCache() }
        // The next frame is ticked and flattened on a worker while this one
        // draws; the player and the flattener are the worker's until `stop()`.
        let range = selection.range
        let worker = FrameWorker<Int, RenderList> { k in
            // A look is cached once it was seen in the frame before. The first
            // frame of a part is shown the frame before it, as one process
            // rendering the whole clip would have (so `--jobs` gives the same
            // bytes even where looks change); the clip's first frame, itself.
            func list(at time: CFTimeInterval) -> RenderList {
                player.advance(to: time)
                return flattener.renderList(ticking: player.ticker, at: time)
            }
            if k == range.lowerBound, flattener.appearanceCache != nil {
                _ = list(at: selection.time(ofFrame: max(k - 1, 0)))
            }
            // The list is plain data: the tree may change at the next frame.
            return list(at: selection.time(ofFrame: k))
        }
        defer { worker.stop() }
        // The first frame is flattened while the renderer is made (or waited for).
        worker.submit(range.lowerBound)
        let pipeline: OffscreenFramePipeline
        do throws(HostError) {
            pipeline = try OffscreenFramePipeline(renderer: try Self.renderer(start, layerRasterizer: rasterizer))
        } catch {
            throw failure(starting: error, "headless OpenGL")
        }
        do {
            // The context stays current for the whole clip, not made current and
            // released for each frame's draw and readbacks.
            try pipeline.renderer.host.withCurrent { () throws -> Void in
                for k in range {
                    let list = worker.take()
                    if k + 1 < range.upperBound { worker.submit(k + 1) }
                    for frame in try pipeline.submit(list) {
                        try emit(frame)
                        progress.advance()
                    }
                }
                for frame in try pipeline.drain() {
                    try emit(frame)
                    progress.advance()
                }
            }
        } catch let error as HostError {
            throw failure("\(self.scene): \(error.description)")
        }
    }
}
