import Foundation

/// Encodes frames with `ffmpeg`: raw frames go into its standard input
/// (`rawvideo`, `rgb0`: premultiplied RGBA with alpha ignored, the picture over
/// black) and it writes the file. Its standard error is kept so a failure can
/// be reported with ffmpeg's own last line.
///
/// `ffmpeg` is `$STRATA_FFMPEG` when set, else the first on `PATH`.
public final class FFmpegEncoder: FrameSink {
    /// The file being written.
    public let file: String
    /// ffmpeg's standard input, for a ``Input/y4m`` stream (frames go through ``write(frame:)``).
    /// When a write fails, ``finish()`` says why ffmpeg stopped reading.
    public let stream: FileOutput
    private let process: Process
    private let pipe: FileHandle
    private let errors: StderrTail
    private let frameBytes: Int

    /// What ffmpeg reads on its standard input.
    public enum Input: Equatable, Sendable {
        /// Frames as ``FrameSink`` gives them (premultiplied RGBA8, top row first).
        case frames(width: Int, height: Int, rate: FrameRate)
        /// A YUV4MPEG2 stream (joined parts), written to ``stream``.
        case y4m
    }

    /// Starts ffmpeg writing `file` as `format` from `width × height` frames at `rate`.
    public convenience init(
        file: String, format: VideoFormat, width: Int, height: Int,
        rate: FrameRate
    ) throws(ExportError) {
        try self.init(file: file, format: format, input: .frames(width: width, height: height, rate: rate))
    }

    /// Starts ffmpeg writing `file` as `format` from `input`.
    public init(file: String, format: VideoFormat, input: Input) throws(ExportError) {
        precondition(format.needsFFmpeg, "FFmpegEncoder: \(format) is written without ffmpeg")
        let executable = try FFmpegEncoder.locate(for: format)
        self.file = file
        if case .frames(let width, let height, _) = input { frameBytes = width * height * 4 } else { frameBytes = 0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = FFmpegEncoder.arguments(file: file, format: format, input: input)
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw .ffmpegDidNotStart(path: executable, reason: (error as NSError).localizedDescription)
        }
        self.process = process
        pipe = stdin.fileHandleForWriting
        stream = FileOutput(descriptor: pipe.fileDescriptor, name: "ffmpeg's input", owned: false)
        errors = StderrTail(stderr.fileHandleForReading)
    }

    /// ffmpeg's arguments for `format`: codecs and pixel formats players accept
    /// everywhere (yuv420p, even sizes, BT.709 tags), at a quality where
    /// compositing edges stay clean.
    public static func arguments(file: String, format: VideoFormat, input: Input) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        switch input {
        case .frames(let width, let height, let rate):
            args += ["-f", "rawvideo", "-pix_fmt", "rgb0", "-s", "\(width)x\(height)", "-framerate", "\(rate)"]
        case .y4m:
            // The header says the size, rate and full range; the matrix is BT.601, ffmpeg's default.
            args += ["-f", "yuv4mpegpipe"]
        }
        args += ["-i", "pipe:0"]
        // 4:2:0 needs even sides: pad an odd one with a black line rather than scale.
        let yuv420 = "pad=ceil(iw/2)*2:ceil(ih/2)*2,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        switch format {
        case .mp4:
            args +=
                ["-vf", yuv420, "-c:v", "libx264", "-preset", "medium", "-crf", "18"] + tags
                + ["-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            args +=
                [
                    "-vf", yuv420, "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1",
                    "-deadline", "good", "-cpu-used", "4",
                ] + tags + ["-f", "webm"]
        case .gif:
            // One palette for the whole clip, from the pixels that change; ordered
            // dither, so flat areas do not crawl from frame to frame.
            args += [
                "-vf",
                "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle",
                "-loop", "0", "-f", "gif",
            ]
        case .y4m, .rgba:
            preconditionFailure("FFmpegEncoder: \(format) is written without ffmpeg")
        }
        return args + [file]
    }

    /// The ffmpeg to run: `$STRATA_FFMPEG`, else `ffmpeg` on `PATH`.
    public static func locate(for format: VideoFormat) throws(ExportError) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["STRATA_FFMPEG"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw .ffmpegNotFound(
                    format: format.displayName, searched: "STRATA_FFMPEG=\(path) is not an executable file")
            }
            return path
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .ffmpegNotFound(format: format.displayName, searched: "not on PATH")
    }

    /// Sends `frame` to ffmpeg; when ffmpeg has stopped reading, throws its failure.
    public func write(frame: [UInt8]) throws(ExportError) {
        precondition(
            frame.count == frameBytes, "FFmpegEncoder: a frame of \(frame.count) bytes, expected \(frameBytes)")
        do {
            try stream.write(frame)
        } catch {
            // ffmpeg stopped reading: it failed, and its own message says why.
            try? pipe.close()
            try waitForExit()
            throw error
        }
    }

    /// Closes ffmpeg's input and waits for it to write the file; throws if it failed.
    public func finish() throws(ExportError) {
        try? pipe.close()
        try waitForExit()
    }

    /// Waits for ffmpeg to exit; throws unless it succeeded.
    private func waitForExit() throws(ExportError) {
        process.waitUntilExit()
        let lastLine = errors.waitForLastLine()
        let status = process.terminationStatus
        let signalled = process.terminationReason == .uncaughtSignal
        if status != 0 || signalled {
            throw .ffmpegFailed(file: file, status: status, signalled: signalled, lastLine: lastLine)
        }
    }
}
