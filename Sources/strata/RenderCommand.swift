import ArgumentParser
import Foundation
import Strata
import StrataRender
import StrataGL
import StrataHost

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file to a PNG, headless (EGL, no display needed).",
        discussion: """
            The same scene and time always give the same PNG bytes. With --frames START:END:STEP the \
            output is a pattern with one printf-style number, e.g. 'out/frame%04d.png'.
            """)

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Option(help: "Scene time in seconds (default: the scene's own 'time').")
    var time: Double?

    @Option(help: "Pixels per point (default: the scene's own 'scale').")
    var scale: Double?

    @Option(help: "Render a sequence: START:END:STEP seconds, END included.")
    var frames: String?

    @Flag(help: "Print layers, items, draw calls and passes.")
    var stats = false

    @Flag(help: "Print the render list as text.")
    var dump = false

    @Flag(help: "Draw layer looks from the appearance cache, as animated frames do (warmed on the first frame).")
    var cacheAppearance = false

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be in (0, 16], got \(scale)") }
        if let time, !time.isFinite { throw ValidationError("--time must be a finite number") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: scene)
        let loaded: Scene
        do { loaded = try Scene.load(contentsOf: url) } catch { throw failure(error.description) }
        // Arguments first, so a mistake is reported before EGL starts.
        let times = try frameTimes(default: time ?? loaded.time)
        let pattern = try frames == nil ? nil : FramePattern(output)
        let renderer: OffscreenRenderer
        do { renderer = try OffscreenRenderer(layerRasterizer: try layerRasterizer(for: loaded.root)) } catch let error as HostError {
            throw failure(starting: error, "headless OpenGL")
        }
        let cache = cacheAppearance ? AppearanceCache() : nil
        for (index, t) in times.enumerated() {
            let path = pattern?.path(for: index) ?? output
            try renderFrame(loaded, at: t, renderer: renderer, cache: cache, to: path)
        }
    }

    func frameTimes(default t: Double) throws -> [Double] {
        guard let frames else { return [t] }
        let parts = frames.split(separator: ":").map { Double($0) }
        guard parts.count == 3, let start = parts[0], let end = parts[1], let step = parts[2],
              start.isFinite, end.isFinite, step > 0, end >= start else {
            throw failure("--frames: expected START:END:STEP with STEP > 0 and END >= START, got \"\(frames)\"")
        }
        let steps = ((end - start) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < 100_000 else {
            throw failure("--frames: \(frames) makes more than 100000 frames")
        }
        let count = Int(steps) + 1
        return (0..<count).map { start + Double($0) * step }
    }

    func renderFrame(_ scene: Scene, at t: Double, renderer: OffscreenRenderer, cache: AppearanceCache?,
                     to path: String) throws {
        let tree: CALayer
        do { tree = try scene.presentationTree(at: t) } catch { throw failure(error.description) }
        var flattener = Flattener(size: scene.size, scale: scale ?? Double(scene.scale), background: scene.background,
                                  rasterizer: renderer.layerRasterizer)
        flattener.appearanceCache = cache
        // A look is cached once it was seen in the frame before: show it the frame once.
        if let cache, cache.frames == 0 { _ = flattener.renderList(for: tree) }
        let list = flattener.renderList(for: tree)
        if dump { print(list.dump(), terminator: "") }
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
            throw failure("--frames needs an output pattern with one %d or %0Nd, such as 'frame%04d.png', got \"\(pattern)\"")
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
