import Foundation
import Strata
import StrataExport
import StrataGL
import StrataRender
import Testing
import _StrataTestSupport

/// A y4m read back: its header fields and each frame's planes.
struct Y4MFile {
    var width = 0, height = 0, rate = ""
    var header = ""
    var frames: [[UInt8]] = []

    init(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { throw CocoaError(.fileReadCorruptFile) }
        header = String(decoding: data[..<end], as: UTF8.self)
        for field in header.split(separator: " ") {
            switch field.first {
            case "W": width = Int(field.dropFirst()) ?? 0
            case "H": height = Int(field.dropFirst()) ?? 0
            case "F": rate = String(field.dropFirst())
            default: break
            }
        }
        let planes = width * height * 3
        var at = end + 1
        while at < data.count {
            guard data[at..<at + 6] == Data("FRAME\n".utf8), at + 6 + planes <= data.count else {
                throw CocoaError(.fileReadCorruptFile)
            }
            frames.append([UInt8](data[at + 6..<at + 6 + planes]))
            at += 6 + planes
        }
    }
}

@Suite(.serialized) struct VideoCommandTests {
    let scratch = ScratchFolder("strata-video")
    /// `../shared/scenes/animation_midflight.scene.json`, copied: two 0.5 s animations, an opaque background.
    let midflight = StrataProcess.packageRoot.appendingPathComponent(
        "Tests/StrataGLTests/Scenes/animation_midflight.scene.json"
    ).path
    static let hasFFmpeg = ["ffmpeg", "ffprobe"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    /// Premultiplied RGBA of a PNG `strata render` wrote (straight alpha).
    func premultipliedPixels(ofPNG path: String) throws -> [UInt8] {
        RGBA8Pixels.premultiplied(try CGImage(contentsOfPNG: URL(fileURLWithPath: path)).pixels)
    }

    @Test func aY4MHoldsEveryFrameOfThePlaybackAsRenderAtTimeDrawsIt() throws {
        let video = path("midflight.y4m")
        let r = try StrataProcess.run(["render", midflight, "--video", video, "--scale", "0.25"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty, "no progress bar outside a terminal: \(r.err)")
        let y4m = try Y4MFile(video)
        #expect(y4m.header == "YUV4MPEG2 W200 H150 F30:1 Ip A1:1 C444 XCOLORRANGE=FULL")
        // The animations end at 0.5 s: frames 0...15, the last at exactly 0.5 s.
        #expect(y4m.frames.count == 16)
        #expect(y4m.frames[0] != y4m.frames[8], "the clip does not move")
        let pixelCount = 200 * 150
        for k in [0, 1, 7, 15] {
            let png = path("still\(k).png")
            let still = try StrataProcess.run([
                "render", midflight, "-o", png, "--scale", "0.25",
                "--time", "\(Double(k) / 30)",
            ])
            #expect(still.status == 0, "\(still.err)")
            let rgba = try premultipliedPixels(ofPNG: png)
            // The same conversion gives the same bytes: the frame is the still, exactly.
            var planes = [UInt8](repeating: 0, count: pixelCount * 3)
            rgba.withUnsafeBufferPointer { source in
                planes.withUnsafeMutableBufferPointer {
                    YCbCr.planes(fromRGBA: source, pixelCount: pixelCount, into: $0)
                }
            }
            #expect(planes == y4m.frames[k], "frame \(k) is not the still at \(Double(k) / 30) s")
            // And a player's decoding is within one level of the still.
            var worst = 0
            let f = y4m.frames[k]
            for i in 0..<pixelCount {
                let y = Double(f[i]), cb = Double(f[pixelCount + i]) - 128, cr = Double(f[2 * pixelCount + i]) - 128
                let rgb = [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb]
                for c in 0..<3 {
                    worst = max(worst, abs(Int(min(255, max(0, rgb[c])).rounded()) - Int(rgba[4 * i + c])))
                }
            }
            #expect(worst <= 1, "frame \(k): decoded pixels are off by \(worst)")
        }
    }

    /// `script` (util-linux) runs a command on a pseudo-terminal, as a person at a terminal would.
    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    @Test(.enabled(if: VideoCommandTests.hasScript, "needs script(1) for a terminal"))
    func aTerminalGetsAProgressBarUnlessQuiet() throws {
        let strata = try #require(StrataProcess.executable)
        func onTerminal(_ extra: String) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command = "'\(strata.path)' render '\(midflight)' --video '\(path("tty.y4m"))' --scale 0.1 \(extra)"
            p.arguments = ["-qec", command, "/dev/null"]
            let out = Pipe()
            p.standardOutput = out
            p.standardInput = FileHandle.nullDevice
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(text)")
            return text
        }
        let shown = try onTerminal("")
        #expect(shown.contains("16/16 frames") && shown.contains(" fps"), "\(shown)")
        #expect(shown.contains("\r["), "the bar is redrawn in place")
        let quiet = try onTerminal("--quiet")
        #expect(!quiet.contains("frames  ") && !quiet.contains("\r["), "\(quiet)")
        #expect(quiet.contains("wrote "))
    }

    @Test func durationFpsAndFramesPickTheClip() throws {
        let a = path("a.y4m"), b = path("b.y4m")
        #expect(
            try StrataProcess.run([
                "render", midflight, "--video", a, "--scale", "0.1", "--fps", "10",
                "--duration", "1",
            ]).status == 0)
        #expect(try Y4MFile(a).frames.count == 10)
        #expect(try Y4MFile(a).rate == "10:1")
        // Frames 3 up to 7 of that clip are the same bytes as frames 3...6 of the whole.
        #expect(
            try StrataProcess.run([
                "render", midflight, "--video", b, "--scale", "0.1", "--fps", "10",
                "--duration", "1", "--frames", "3:7",
            ]).status == 0)
        #expect(try Y4MFile(b).frames == Array(try Y4MFile(a).frames[3..<7]))
        // A range past the end is clipped: a farm job with nothing left writes an empty part.
        #expect(
            try StrataProcess.run([
                "render", midflight, "--video", b, "--scale", "0.1", "--fps", "10",
                "--duration", "1", "--frames", "8:100",
            ]).status == 0)
        #expect(try Y4MFile(b).frames.count == 2)
    }

    @Test func aLottieClipPlaysAtItsOwnFrameRate() throws {
        // 30 frames at 29.97 fps (stored as a float, as exporters write it): NTSC's 30000/1001.
        let lottie = path("ntsc.json")
        let json = """
            {"v":"5.7.0","fr":29.9700012207031,"ip":0,"op":30,"w":16,"h":16,"layers":[{"ddd":0,"ty":1,"ind":1,
            "sc":"#ff0000","sw":16,"sh":16,"ip":0,"op":30,"st":0,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":29,"s":[100]}]}}}]}
            """
        try json.write(toFile: lottie, atomically: true, encoding: .utf8)
        #expect(try StrataProcess.run(["frames", lottie]).out.trimmingCharacters(in: .whitespacesAndNewlines) == "30")
        #expect(
            try StrataProcess.run(["frames", lottie, "--fps", "10"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
                == "11")
        let video = path("ntsc.y4m")
        #expect(try StrataProcess.run(["render", lottie, "--video", video]).status == 0)
        let y4m = try Y4MFile(video)
        #expect(y4m.rate == "30000:1001" && y4m.frames.count == 30)
        // A decimal rate given on the command line, as a ratio of whole numbers.
        #expect(try StrataProcess.run(["render", lottie, "--video", video, "--fps", "12.5"]).status == 0)
        #expect(try Y4MFile(video).rate == "25:2")
    }

    @Test func numberedPNGsAreTheStillsAtTheirTimes() throws {
        let folder = path("frames")
        let r = try StrataProcess.run(["render", midflight, "-o", folder, "--scale", "0.25", "--frames", "14:"])
        #expect(r.status == 0, "\(r.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["frame_00014.png", "frame_00015.png"])
        let still = path("still14.png")
        #expect(
            try StrataProcess.run([
                "render", midflight, "-o", still, "--scale", "0.25",
                "--time", "\(14.0 / 30)",
            ]).status == 0)
        #expect(
            FileManager.default.contents(atPath: folder + "/frame_00014.png")
                == FileManager.default.contents(atPath: still))
    }

    @Test func jobsGiveTheSameBytesAsOneProcess() throws {
        let one = path("one.y4m"), two = path("two.y4m")
        #expect(try StrataProcess.run(["render", midflight, "--video", one, "--scale", "0.1"]).status == 0)
        let r = try StrataProcess.run(["render", midflight, "--video", two, "--scale", "0.1", "--jobs", "3"])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.contents(atPath: one) == FileManager.default.contents(atPath: two))
        let folderOne = path("png1"), folderTwo = path("png2")
        #expect(
            try StrataProcess.run(["render", midflight, "-o", folderOne, "--scale", "0.1", "--fps", "10"]).status == 0)
        #expect(
            try StrataProcess.run([
                "render", midflight, "-o", folderTwo, "--scale", "0.1", "--fps", "10",
                "--jobs", "2",
            ]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folderOne).sorted()
        #expect(names.count == 6)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folderTwo).sorted() == names)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: folderOne + "/" + name)
                    == FileManager.default.contents(atPath: folderTwo + "/" + name), "\(name)")
        }
    }

    /// With cached looks, a part's first frame decides what is cached as the
    /// whole clip's run would have: from the frame before it.
    @Test func jobsGiveTheSameBytesWithCachedLooksThatChange() throws {
        var cards: [String] = []
        for i in 0..<4 {
            cards.append(
                """
                {"bounds": [0, 0, 40, 30], "position": [\(30 + i * 50), 30], "backgroundColor": "#3a86ff",
                 "cornerRadius": 6, "borderWidth": 2, "borderColor": "#ffffff80", "shadowOpacity": 0.6,
                 "shadowRadius": 4, "animations": [{"keyPath": "cornerRadius", "fromValue": 0, "toValue": 15,
                 "duration": 0.5, "autoreverses": true, "repeatCount": 4}]}
                """)
        }
        let scene = path("looks.scene.json")
        try """
        {"size": [220, 60], "background": "#202020", "root": {"sublayers": [\(cards.joined(separator: ","))]}}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let one = path("looks1.y4m"), two = path("looks2.y4m")
        for (file, jobs) in [(one, "1"), (two, "2")] {
            let r = try StrataProcess.run([
                "render", scene, "--video", file, "--fps", "30", "--duration", "1", "--cache-appearance",
                "--jobs", jobs,
            ])
            #expect(r.status == 0, "\(r.err)")
        }
        let bytes = FileManager.default.contents(atPath: one)
        #expect(bytes != nil && bytes == FileManager.default.contents(atPath: two))
    }

    @Test func badVideoRequestsFailWithOneLine() throws {
        // A stand-in ffmpeg that fails the way a build without x264 does.
        let fake = path("fake-ffmpeg")
        try "#!/bin/sh\necho 'some progress' >&2\necho \"Unknown encoder 'libx264'\" >&2\nexit 1\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let cases: [([String], [String: String], String)] = [
            (["--video", path("x.avi")], [:], "unknown video format"),
            (
                ["--video", path("x.mp4")], ["STRATA_FFMPEG": "/nonexistent/ffmpeg"],
                "needs ffmpeg, which was not found"
            ),
            (
                ["--video", path("x.mp4")], ["STRATA_FFMPEG": fake],
                "ffmpeg exited with status 1: Unknown encoder 'libx264'"
            ),
            (["--video", path("x.y4m"), "--fps", "0"], [:], "--fps"),
            (["--video", path("x.y4m"), "--frames", "5"], [:], "expected A:B"),
            (["--video", path("x.y4m"), "--duration=-1"], [:], "--duration"),
            (["--video", path("x.y4m"), "--duration", "1e9"], [:], "more than 100000 frames"),
            (["--video", path("x.mp4"), "--frames", "50:60"], [:], "no frames to encode"),
            (["--video", path("no/such/folder/x.y4m")], [:], "cannot create the file"),
        ]
        for (arguments, environment, expected) in cases {
            let r = try StrataProcess.run(
                ["render", midflight, "--scale", "0.1"] + arguments, environment: environment,
                timeout: 30)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.err.split(separator: "\n").count == 1, "\(arguments): \(r.err)")
            #expect(r.err.hasPrefix("strata: ") && r.err.contains(expected), "\(arguments): \(r.err)")
        }
    }

    @Test(.enabled(if: VideoCommandTests.hasFFmpeg, "needs ffmpeg and ffprobe (Scripts/setup installs them)"))
    func anMP4HasTheFramesSizeAndDurationAskedFor() throws {
        let video = path("clip.mp4")
        let r = try StrataProcess.run([
            "render", midflight, "--video", video, "--scale", "0.25", "--fps", "20",
            "--duration", "1.5",
        ])
        #expect(r.status == 0, "\(r.err)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,width,height,pix_fmt,nb_read_frames,duration", "-of",
            "default=noprint_wrappers=1", video,
        ]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        let fields = Dictionary(
            text.split(separator: "\n").map {
                let kv = $0.split(separator: "=", maxSplits: 1)
                return (String(kv[0]), kv.count > 1 ? String(kv[1]) : "")
            }, uniquingKeysWith: { a, _ in a })
        #expect(fields["codec_name"] == "h264", "\(text)")
        #expect(fields["pix_fmt"] == "yuv420p")
        #expect(fields["width"] == "200" && fields["height"] == "150")
        #expect(fields["nb_read_frames"] == "30")
        #expect(abs((Double(fields["duration"] ?? "") ?? 0) - 1.5) < 0.01, "\(text)")
    }
}
