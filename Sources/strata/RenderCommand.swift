import ArgumentParser
import Foundation
import Strata
import StrataExport
import StrataGL
import StrataHost
import StrataRender
import StrataScene

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file headless (EGL, no display needed): a PNG, a PNG sequence or a video.",
        discussion: """
            The same scene and time always give the same PNG bytes. With --frames START:END:STEP the \
            output is a pattern with one printf-style number, e.g. 'out/frame%04d.png'.

            Video: --video OUT.y4m|.mp4|.webm|.gif|.rgba plays the scene forward once and writes frame k \
            at k/fps seconds. y4m (4:4:4, full-range BT.601) and rgba (raw premultiplied RGBA8 frames) \
            are written by Strata; mp4 (H.264), webm (VP9) and gif go through ffmpeg ($STRATA_FFMPEG, \
            else ffmpeg on PATH). Without --duration the clip covers the scene's animations and timeline, \
            up to the first frame at or after the last change ends; a scene that animates forever plays \
            for 5 s. --frames A:B draws frames A up to (not including) B of that clip, for a video or for \
            numbered PNGs (-o FOLDER gives FOLDER/frame_00000.png, named by frame number in the clip). \
            --jobs N splits the frames among N processes and joins their parts: the same bytes as one.
            """)

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    @Option(
        name: .shortAndLong, help: "The PNG to write; with --frames, a pattern (frame%04d.png) or, for A:B, a folder.")
    var output: String?

    @Option(help: "Write a video: .y4m, .mp4, .webm, .gif or .rgba (raw frames).")
    var video: String?

    @Option(
        help: """
            Frames per second of a video or numbered sequence: a whole number, a ratio such as 30000/1001 or a \
            decimal such as 29.97 (default: a Lottie file's own rate, else 30).
            """)
    var fps: String?

    @Option(help: "Length of a video or numbered sequence in seconds (default: until the scene's animations end).")
    var duration: Double?

    @Option(help: "START:END:STEP seconds (END included), or A:B: frames A up to B of a video or numbered sequence.")
    var frames: String?

    @Option(help: "Render a video or numbered sequence in N processes at once (the same bytes as one).")
    var jobs: Int = 1

    @Option(help: "Scene time in seconds (default: the scene's own 'time').")
    var time: Double?

    @Option(help: "Pixels per point (default: the scene's own 'scale').")
    var scale: Double?

    @Flag(help: "Print layers, items, draw calls and passes.")
    var stats = false

    @Flag(help: "Print the render list as text, then the frame plan: uploads, targets, each pass's draw calls.")
    var dump = false

    @Flag(help: "Draw layer looks from the appearance cache, as animated frames do (warmed on the first frame).")
    var cacheAppearance = false

    @Flag(help: "No progress bar (it is shown only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be in (0, 16], got \(scale)") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number") }
        if output == nil && video == nil { throw ValidationError("give -o OUTPUT or --video OUTPUT") }
        if output != nil && video != nil { throw ValidationError("give -o OUTPUT or --video OUTPUT, not both") }
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be in 1...64, got \(jobs)") }
        if isClip && time != nil { throw ValidationError("--time is for one picture; frame k of a clip is at k/fps s") }
        if isClip && (stats || dump) { throw ValidationError("--stats and --dump are for one picture, not a clip") }
    }

    /// Whether this run draws frames k/fps (a video, or numbered PNGs) rather
    /// than PNGs at given seconds.
    var isClip: Bool {
        video != nil || duration != nil || fps != nil
            || (frames.map { $0.split(separator: ":", omittingEmptySubsequences: false).count == 2 } ?? false)
    }

    func run() throws {
        // EGL opens on a thread of its own while the scene is read (and a clip's
        // first frame flattened); a job runner draws nothing itself. Its errors
        // wait until the renderer is asked for, after the arguments' own.
        let start = jobs > 1 ? nil : OffscreenRendererStart()
        defer { start?.settle() }
        let url = URL(fileURLWithPath: scene)
        let loaded: Scene
        do { loaded = try SceneDocument.load(url, quiet: quiet) } catch { throw failure(error.description) }
        if isClip { return try renderClip(loaded, start: start) }
        guard let output else { throw failure("give -o OUTPUT") }
        if jobs > 1 { throw failure("--jobs needs a video (--video) or numbered frames (--frames A:B or --duration)") }
        let times = try frameTimes(default: time ?? loaded.time)
        let pattern = try frames == nil ? nil : FramePattern(output)
        let rasterizer = try layerRasterizer(for: loaded.root)
        let renderer: OffscreenRenderer
        do throws(HostError) {
            renderer = try Self.renderer(start, layerRasterizer: rasterizer)
        } catch {
            throw failure(starting: error, "headless OpenGL")
        }
        let cache = cacheAppearance ? AppearanceCache() : nil
        for (index, t) in times.enumerated() {
            let path = pattern?.path(for: index) ?? output
            try renderFrame(loaded, at: t, renderer: renderer, cache: cache, to: path)
        }
    }

    /// The renderer `start` made, or a new one when there is no start.
    static func renderer(
        _ start: OffscreenRendererStart?, layerRasterizer: LayerRasterizer
    ) throws(HostError) -> OffscreenRenderer {
        if let start { return try start.renderer(layerRasterizer: layerRasterizer) }
        return try OffscreenRenderer(layerRasterizer: layerRasterizer)
    }

    func frameTimes(default t: Double) throws -> [Double] {
        guard let frames else { return [t] }
        let parts = frames.split(separator: ":").map { Double($0) }
        guard parts.count == 3, let start = parts[0], let end = parts[1], let step = parts[2],
            start.isFinite, end.isFinite, step > 0, end >= start
        else {
            throw failure("--frames: expected START:END:STEP with STEP > 0 and END >= START, got \"\(frames)\"")
        }
        let steps = ((end - start) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < 100_000 else {
            throw failure("--frames: \(frames) makes more than 100000 frames")
        }
        let count = Int(steps) + 1
        return (0..<count).map { start + Double($0) * step }
    }

    func renderFrame(
        _ scene: Scene, at t: Double, renderer: OffscreenRenderer, cache: AppearanceCache?,
        to path: String
    ) throws {
        let tree: CALayer
        do { tree = try scene.presentationTree(at: t) } catch { throw failure(error.description) }
        var flattener = Flattener(
            size: scene.size, scale: scale ?? Double(scene.scale), background: scene.background,
            rasterizer: renderer.layerRasterizer)
        flattener.appearanceCache = cache
        // A look is cached once it was seen in the frame before: show it the frame once.
        if let cache, cache.frames == 0 { _ = flattener.renderList(for: tree) }
        let list = flattener.renderList(for: tree)
        if dump {
            // The list, then how a renderer would draw it: uploads, targets, batches.
            print(list.dump(), terminator: "")
            let target = FrameTarget(id: 1, width: list.pixelWidth, height: list.pixelHeight, keepsPixels: false)
            print(FrameBuilder().plan(list, into: target).dump(), terminator: "")
        }
        let result: (image: CGImage, stats: RenderStats)
        do { result = try renderer.render(list) } catch { throw failure("\(self.scene): \(error.description)") }
        do { try result.image.write(toPNG: URL(fileURLWithPath: path)) } catch { throw failure(error.description) }
        print(stats ? "wrote \(path): \(result.stats)" : "wrote \(path)")
    }
}

/// An output pattern for `--frames`: one `%d` or `%0Nd` (and `%%` for a percent sign).
/// Parsed here rather than passed to `String(format:)`, so no pattern can crash.
struct FramePattern {
    var prefix: String, suffix: String, width: Int

    init(_ pattern: String) throws {
        let regex = /%(0?)(\d{0,2})d/
        let matches = pattern.matches(of: regex)
        let unescaped = pattern.replacingOccurrences(of: "%%", with: "")
        guard matches.count == 1, unescaped.filter({ $0 == "%" }).count == 1, let m = matches.first else {
            throw failure(
                "--frames needs an output pattern with one %d or %0Nd, such as 'frame%04d.png', got \"\(pattern)\"")
        }
        prefix = String(pattern[..<m.range.lowerBound]).replacingOccurrences(of: "%%", with: "%")
        suffix = String(pattern[m.range.upperBound...]).replacingOccurrences(of: "%%", with: "%")
        width = m.output.1.isEmpty ? 0 : Int(m.output.2) ?? 0
    }

    func path(for index: Int) -> String {
        let digits = String(index)
        return prefix + String(repeating: "0", count: max(0, width - digits.count)) + digits + suffix
    }
}
