import Foundation
import Testing

/// The render-farm recipe: parts rendered apart and joined equal one run.
@Suite(.serialized) struct FarmTests {
    let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-farm-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    let midflight = StrataProcess.packageRoot.appendingPathComponent(
        "Tests/StrataGLTests/Scenes/animation_midflight.scene.json"
    ).path

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    @Test func theFarmExampleScriptJoinsPartsIntoTheBytesOfOneRun() throws {
        let strata = try #require(StrataProcess.executable)
        let script = StrataProcess.packageRoot.appendingPathComponent("Scripts/farm-example")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        // 4 jobs of 8 frames for a 1 s clip at 30 fps: the last job's range runs past the end.
        p.arguments = [script.path, midflight, "4", "--scale", "0.1", "--duration", "1"]
        p.environment = ProcessInfo.processInfo.environment.merging([
            "STRATA": strata.path, "FARM_OUT": path("farm.y4m"),
        ]) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)\(errors)")
        #expect(text.contains("30 frames, 4 jobs of 8 frames"), "\(text)")
        #expect(text.contains("equals a single run"), "\(text)")
        #expect(try Y4MFile(path("farm.y4m")).frames.count == 30)
    }

    @Test func framesCountsTheClip() throws {
        #expect(try StrataProcess.run(["frames", midflight]).out == "16\n")
        #expect(try StrataProcess.run(["frames", midflight, "--fps", "60", "--duration", "2"]).out == "120\n")
    }

    @Test func joinRejectsPartsOfAnotherSizeInOneLine() throws {
        let a = path("a.y4m"), b = path("b.y4m")
        #expect(
            try StrataProcess.run(["render", midflight, "--video", a, "--scale", "0.1", "--frames", "0:2"]).status == 0)
        #expect(
            try StrataProcess.run(["render", midflight, "--video", b, "--scale", "0.2", "--frames", "2:4"]).status == 0)
        let r = try StrataProcess.run(["join", a, b, "-o", path("ab.y4m")])
        #expect(r.status == 1)
        #expect(
            r.err.hasPrefix("strata: \(b): parts do not match: header") && r.err.split(separator: "\n").count == 1,
            "\(r.err)")
    }

    @Test(.enabled(if: VideoCommandTests.hasFFmpeg, "needs ffmpeg (Scripts/setup installs it)"))
    func joinEncodesPartsIntoAnMP4() throws {
        let a = path("a.y4m"), b = path("b.y4m"), mp4 = path("ab.mp4")
        #expect(
            try StrataProcess.run(["render", midflight, "--video", a, "--scale", "0.1", "--frames", "0:5"]).status == 0)
        #expect(
            try StrataProcess.run(["render", midflight, "--video", b, "--scale", "0.1", "--frames", "5:"]).status == 0)
        let r = try StrataProcess.run(["join", a, b, "-o", mp4])
        #expect(r.status == 0, "\(r.err)")
        let size = (try FileManager.default.attributesOfItem(atPath: mp4)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 1000)
    }
}
