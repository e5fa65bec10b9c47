import Foundation
import Strata
import StrataExport
import StrataRender
import StrataScene

extension RenderCommand {
    /// Renders `selection` in `jobs` processes, each this same executable run
    /// with `--frames A:B` for a consecutive run of frames, and joins their parts
    /// in order. Numbered PNGs need no join (each process writes its own names).
    /// A video's parts go to a temporary folder (y4m parts for a y4m, raw frames
    /// for everything else, so ffmpeg gets the same input as from one process)
    /// and are joined while they are written: part 1 is copied or encoded while
    /// later parts are still rendering.
    func renderInJobs(_ scene: Scene, selection: FrameSelection, target: ClipTarget) throws {
        let chunks = Self.split(selection.range, into: jobs)
        let (width, height) = Flattener(size: scene.size, scale: pixelsPerPoint(scene)).pixelSize
        var folder: URL?
        defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
        var parts: [String] = []
        if let format = target.format {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-jobs-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw failure(
                    "--jobs: cannot create a temporary folder \(url.path): \((error as NSError).localizedDescription)")
            }
            folder = url
            let ext = format == .y4m ? "y4m" : "rgba"
            parts = chunks.indices.map { url.appendingPathComponent(String(format: "part-%03d.\(ext)", $0)).path }
        }

        let group = try JobGroup(chunks: chunks) { i, chunk in
            var arguments = [
                "render", self.scene, "--fps", "\(selection.rate)", "--frames",
                "\(chunk.lowerBound):\(chunk.upperBound)", "--quiet",
            ]
            // The same clip length as here, so the ranges mean the same frames.
            if let duration { arguments += ["--duration", "\(duration)"] }
            if let scale { arguments += ["--scale", "\(scale)"] }
            if cacheAppearance { arguments.append("--cache-appearance") }
            return arguments + (parts.isEmpty ? ["-o", output ?? ""] : ["--video", parts[i]])
        }
        // Progress from what the parts hold so far: no protocol between the processes.
        let progress = ProgressBar(total: selection.range.count, enabled: !quiet)
        let counter = PartProgress(
            target: target, parts: parts, chunks: chunks, width: width, height: height,
            rate: selection.rate)
        let follow = { (i: Int) -> VideoParts.Follow in
            { () throws(ExportError) -> Bool in
                if let message = group.failureMessage() { throw .jobFailed(message) }
                progress.set(done: counter.framesDone())
                guard group.isRunning(i) else { return false }
                Thread.sleep(forTimeInterval: 0.02)
                return true
            }
        }
        do throws(ExportError) {
            if let video = target.video, let format = target.format {
                switch format {
                case .y4m:
                    let out = try FileOutput(creating: video)
                    try VideoParts.joinY4M(parts, into: out, follow: follow)
                    try out.close()
                case .rgba:
                    let out = try FileOutput(creating: video)
                    try VideoParts.concatenate(parts, into: out, follow: follow)
                    try out.close()
                case .mp4, .webm, .gif:
                    FileOutput.ignoreBrokenPipes()
                    let encoder = try FFmpegEncoder(
                        file: video, format: format, width: width, height: height,
                        rate: selection.rate)
                    try VideoParts.sendRawFrames(parts, frameBytes: width * height * 4, to: encoder, follow: follow)
                    try encoder.finish()
                }
            } else {
                while group.anyRunning {
                    if let message = group.failureMessage() { throw .jobFailed(message) }
                    progress.set(done: counter.framesDone())
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            group.wait()
            if let message = group.failureMessage() { throw .jobFailed(message) }
        } catch {
            group.stop()
            progress.finish()
            // A job's own error says more than what it did to the join.
            throw failure(group.failureMessage() ?? error.description)
        }
        progress.set(done: selection.range.count)
        progress.finish()
    }

    /// `range` cut into at most `count` consecutive runs of nearly equal length
    /// (the first ones one longer), none empty.
    static func split(_ range: Range<Int>, into count: Int) -> [Range<Int>] {
        let n = min(count, range.count)
        guard n > 0 else { return [] }
        let base = range.count / n, extra = range.count % n
        var start = range.lowerBound
        return (0..<n).map { i in
            let end = start + base + (i < extra ? 1 : 0)
            defer { start = end }
            return start..<end
        }
    }
}
