import Foundation
import Strata
import StrataScene
import Testing
import _StrataTestSupport

/// Runs the built `strata` executable (SwiftPM builds it next to the test bundle).
struct StrataProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL? {
        // The test bundle lives in .build/<config>/; the executable beside it.
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("strata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        for config in ["debug", "release"] {
            let candidate = packageRoot.appendingPathComponent(".build/\(config)/strata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// How much longer than usual a run may take before the hang guard fires:
    /// `$STRATA_TIMEOUT_SCALE` (Scripts/sanitize sets it: instrumented code is slower).
    static let timeoutScale: Double = {
        let value = ProcessInfo.processInfo.environment["STRATA_TIMEOUT_SCALE"].flatMap(Double.init) ?? 1
        return value.isFinite && value >= 1 ? value : 1
    }()

    /// Runs `strata` with `arguments` in `directory` (default: this process's), killing it
    /// after `timeout` seconds (times `timeoutScale`): a hang guard, so a killed run reports `signalled`.
    /// `environment` changes this process's environment for the run (nil removes a variable).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:],
        timeout: TimeInterval = 300
    ) throws
        -> (status: Int32, signalled: Bool, out: String, err: String)
    {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let timeout = timeout * timeoutScale
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            p.environment = merged
        }
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let pid = p.processIdentifier
        let hangGuard = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: hangGuard)
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        hangGuard.cancel()
        return (
            p.terminationStatus, p.terminationReason == .uncaughtSignal,
            String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self)
        )
    }
}

@Suite(.serialized) struct CommandLineTests {
    let scratch = ScratchFolder("strata-cli")
    let carousel = StrataProcess.packageRoot.appendingPathComponent("Resources/Scenes/carousel.scene.json").path

    func write(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func renderWritesTheSameBytesEveryRunAndReportsStats() throws {
        let a = scratch.appendingPathComponent("a.png").path, b = scratch.appendingPathComponent("b.png").path
        let first = try StrataProcess.run(["render", carousel, "-o", a, "--stats"])
        #expect(first.status == 0, "\(first.err)")
        // The stats line counts what was drawn: the carousel's cards in a few draws.
        let draws = first.out.components(separatedBy: "draw calls ").dropFirst().first?.prefix { $0.isNumber }
        #expect(draws.flatMap { Int($0) }.map { (1...16).contains($0) } == true, "\(first.out)")
        let second = try StrataProcess.run(["render", carousel, "-o", b])
        #expect(second.status == 0)
        #expect(FileManager.default.contents(atPath: a) == FileManager.default.contents(atPath: b))
    }

    @Test func dumpPrintsTheListAndTheFramePlanWithItsBatches() throws {
        let scene = StrataProcess.packageRoot.appendingPathComponent("Tests/Scenes/mask_3d.scene.json").path
        let r = try StrataProcess.run(["render", scene, "-o", scratch.appendingPathComponent("d.png").path, "--dump"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("render list ") })
        #expect(lines.contains { $0.hasPrefix("frame plan ") })
        #expect(lines.contains { $0.hasPrefix("upload page 0 ") })
        // Each draw call: its instances, its program's parts, its textures.
        #expect(lines.contains { $0.hasPrefix("  draw 0..<") && $0.contains("texture atlas 0") }, "\(r.out)")
    }

    /// `strata bench SCENE --json`: the issue's fields, as numbers, and the
    /// same frames whether the next frame is made on a worker or not.
    @Test func benchReportsEveryStageAsJSONPipelinedOrNot() throws {
        let scene = StrataProcess.packageRoot.appendingPathComponent("Tests/Scenes/mask_3d.scene.json").path
        var reports: [[String: Any]] = []
        for mode in [[], ["--serial"]] {
            let r = try StrataProcess.run(["bench", scene, "--json", "--frames", "6"] + mode, timeout: 120)
            #expect(r.status == 0, "\(r.err)")
            let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
            reports.append(try #require(object))
        }
        for report in reports {
            for key in [
                "fps", "frames", "layers", "cpu_ms_per_frame", "cpu_us_per_layer", "gpu_ms_per_frame",
                "floor_ms_per_frame", "floor_ratio", "draw_calls_per_frame", "passes_per_frame",
                "pixels_shaded_per_frame", "idle_draw_calls",
            ] {
                #expect(report[key] is NSNumber, "\(key) is missing or not a number")
            }
            #expect((report["frames"] as? Int) == 6)
            #expect((report["fps"] as? Double ?? 0) > 0)
        }
        #expect(reports[0]["pipelined"] as? Bool == true && reports[1]["pipelined"] as? Bool == false)
        for key in ["layers", "items_per_frame", "draw_calls_per_frame", "pixels_shaded_per_frame"] {
            #expect((reports[0][key] as? Double) == (reports[1][key] as? Double), "\(key) differs")
        }
    }

    /// A scene idles when its animations, timeline and emitters' particles are
    /// done (confetti: a burst), and never does while an emitter keeps emitting.
    @Test func benchIdlesOnlyWhenEmittersStop() throws {
        let confetti = StrataProcess.packageRoot.appendingPathComponent("Resources/Scenes/confetti.scene.json").path
        let data = try Data(contentsOf: URL(fileURLWithPath: confetti))
        var scene = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        scene["timeline"] = nil
        // Its images are found from the scene's folder: the original's, linked.
        let folder = scratch.appendingPathComponent("endless")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("images"),
            withDestinationURL: URL(fileURLWithPath: confetti).deletingLastPathComponent().appendingPathComponent(
                "images"))
        let endless = folder.appendingPathComponent("endless.scene.json")
        try JSONSerialization.data(withJSONObject: scene).write(to: endless)
        for (file, idles) in [(confetti, true), (endless.path, false)] {
            let r = try StrataProcess.run(["bench", file, "--json", "--frames", "3", "--serial"], timeout: 120)
            #expect(r.status == 0, "\(r.err)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            #expect(report["idles"] as? Bool == idles, "\(file): \(r.out)")
        }
    }

    /// `strata bench paths`: every case rasterized, each covering the area its
    /// path encloses (a rasterizer that dropped or doubled coverage shows here),
    /// and a total.
    @Test func benchPathsRasterizesEveryCase() throws {
        let r = try StrataProcess.run(["bench", "paths", "--frames", "1"], timeout: 120)
        #expect(r.status == 0, "\(r.err)")
        let expected: [(name: String, covered: Double)] = [
            ("blob", 234_447), ("star", 28_006), ("glyphs", 55_509), ("wide stroke", 32_526),
            ("dashed ring", 6_264), ("spiral", 13_927),
        ]
        let lines = r.out.split(separator: "\n").map(String.init)
        for (name, covered) in expected {
            let line = try #require(lines.first { $0.hasPrefix("paths \(name) ") }, "no line for \(name): \(r.out)")
            let words = line.split(separator: " ")
            let count = try #require(words.firstIndex(of: "px").map { Double(words[$0 - 1]) } ?? nil, "\(line)")
            #expect(abs(count - covered) <= covered * 0.01, "\(name): \(count) px covered, expected about \(covered)")
        }
        #expect(lines.contains { $0.hasPrefix("paths total: ") })
    }

    @Test func framesWriteOneFilePerStep() throws {
        let pattern = scratch.appendingPathComponent("frame%03d.png").path
        let r = try StrataProcess.run(["render", carousel, "-o", pattern, "--frames", "0:0.1:0.05", "--scale", "0.25"])
        #expect(r.status == 0, "\(r.err)")
        for i in 0..<3 {
            #expect(FileManager.default.fileExists(atPath: String(format: pattern, i)))
        }
        #expect(!FileManager.default.fileExists(atPath: String(format: pattern, 3)))
    }

    @Test func badInputFailsWithOneLineAndNonZeroStatus() throws {
        let unknownOp = try write(
            "op.json", #"{"size":[10,10],"root":{"sublayers":[{},{},{"transform":[{"scale":[1,1,1]},{"rotat":3}]}]}}"#)
        let missing = try write(
            "missing.json", #"{"size":[10,10],"root":{"sublayers":[{"name":"photo","contents":{"image":"nope.png"}}]}}"#
        )
        let huge = try write("huge.json", #"{"size":[1e19,100],"root":{}}"#)
        let dense = try write("dense.json", #"{"size":[100,100],"scale":1e300,"root":{}}"#)
        let cases: [([String], String)] = [
            (
                ["render", huge, "-o", scratch.appendingPathComponent("h.png").path],
                "size[0]: 1e+19 points is more than"
            ),
            (["render", dense, "-o", scratch.appendingPathComponent("d.png").path], "scale: 1e+300 pixels per point"),
            (
                ["render", carousel, "-o", scratch.appendingPathComponent("g%d.png").path, "--frames", "0:1e20:1"],
                "more than 100000 frames"
            ),
            (
                ["render", carousel, "-o", scratch.appendingPathComponent("k%d.png").path, "--frames", "0:1:1e-300"],
                "more than 100000 frames"
            ),
            (["validate", unknownOp], #"root.sublayers[2].transform[1]: unknown op "rotat""#),
            (["render", unknownOp, "-o", scratch.appendingPathComponent("x.png").path], #"unknown op "rotat""#),
            (
                ["render", missing, "-o", scratch.appendingPathComponent("y.png").path],
                #"layer "photo": cannot read nope.png"#
            ),
            (["render", scratch.appendingPathComponent("absent.json").path, "-o", "z.png"], "no such file"),
            (
                ["render", carousel, "-o", scratch.appendingPathComponent("f.png").path, "--frames", "1:0:0.1"],
                "--frames"
            ),
            (
                [
                    "render", carousel, "-o", scratch.appendingPathComponent("f%s%@%n.png").path, "--frames",
                    "0:0.1:0.1",
                ],
                "one %d or %0Nd"
            ),
            (["bench", carousel, "--frames", "0", "--no-rlottie"], "--frames: expected at least 1 frame, got 0"),
            (["bench", carousel, "--frames=-3", "--no-rlottie"], "--frames: expected at least 1 frame, got -3"),
            (["bench", "paths", "--frames", "0"], "--frames"),
            (["bench", carousel, "--seconds", "0", "--no-rlottie"], "--seconds: expected a positive number"),
        ]
        for (arguments, expected) in cases {
            let r = try StrataProcess.run(arguments)
            #expect(r.status != 0, "\(arguments)")
            let lines = r.err.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(r.err)")
            #expect(r.err.hasPrefix("strata: ") && r.err.contains(expected), "\(arguments): \(r.err)")
        }
    }

    /// A failure while the benchmark runs (here a shader folder with no
    /// shaders) is one line naming the scene, as `render` says it.
    @Test func aBenchThatCannotDrawFailsWithOneLine() throws {
        let empty = scratch.appendingPathComponent("no-shaders")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let r = try StrataProcess.run(
            ["bench", carousel, "--frames", "3", "--no-rlottie"], environment: ["STRATA_SHADERS": empty.path])
        #expect(r.status != 0)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.hasPrefix("strata: \(carousel): ") && r.err.contains("cannot read shader"), "\(r.err)")
    }

    @Test func everyMalformedFileFailsWithItsOneLine() throws {
        // The corpus of StrataTests' MalformedCorpusTests, and the messages it expects.
        let folder = StrataProcess.packageRoot.appendingPathComponent("Tests/StrataTests/Fixtures/malformed")
        let lines = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(lines.count >= 60)
        let output = scratch.appendingPathComponent("malformed.png").path
        for line in lines {
            let file = String(line.prefix { $0 != ":" })
            // Rejecting a file takes milliseconds; two seconds only catches a hang.
            let r = try StrataProcess.run(["render", file, "-o", output], in: folder, timeout: 2)
            #expect(!r.signalled, "\(file): killed by a signal (hung, or crashed)")
            #expect(r.status == 1, "\(file)")
            #expect(r.err == "strata: \(line)\n", "\(file)")
            #expect(r.out.isEmpty, "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aSceneOverTheLayerLimitFailsQuickly() throws {
        // The root and 1,000,000 sublayers, one layer too many: made here rather than committed (3 MB).
        let many = try write(
            "many.scene.json",
            #"{"size": [10, 10], "root": {"sublayers": ["#
                + String(repeating: "{},", count: 999_999) + "{}]}}")
        let output = scratch.appendingPathComponent("many.png").path
        // Reading stops at the limit (about 0.3 s in a debug build); one layer
        // fewer is built and drawn in about 30 s. 8 s tells the two apart with
        // room for a loaded machine running the suite in parallel (2 s did not).
        let r = try StrataProcess.run(["render", many, "-o", output], timeout: 8)
        #expect(!r.signalled, "killed by a signal (hung, or crashed)")
        #expect(r.status == 1)
        #expect(r.err == "strata: \(many): root.sublayers[999999]: the scene has more than 1000000 layers\n")
    }

    @Test func schemaPrintsTheSceneSchema() throws {
        let r = try StrataProcess.run(["schema"])
        #expect(r.status == 0)
        #expect(r.out == SceneSchema.text)
        #expect(r.out.hasPrefix("{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\""))
    }

    @Test func validateReportsWhatItRead() throws {
        let r = try StrataProcess.run(["validate", carousel])
        #expect(r.status == 0)
        #expect(r.out.contains(": ok (7 layers, 0 animations, 0 transactions)"), "\(r.out)")
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (Scripts/test starts Xvfb)"))
    func demoWindowTurnsTheCarouselAndWritesAScreenshot() throws {
        let shot = scratch.appendingPathComponent("demo.png")
        let r = try StrataProcess.run(["demo", "--frames", "40", "--turn", "1", "--screenshot", shot.path])
        #expect(r.status == 0, "\(r.err)")
        let data = try Data(contentsOf: shot)
        #expect(data.count > 1000)
        // Once the turn has finished, frames are unchanged and not redrawn.
        let idle = r.out.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(idle > 0, "\(r.out)")
    }
}
