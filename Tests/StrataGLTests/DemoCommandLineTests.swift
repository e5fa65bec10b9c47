import Foundation
import Strata
import StrataHost
import Testing
import _StrataTestSupport

/// `strata demo`: the list, argument errors, and headless replay of a recording.
@Suite(.serialized) struct DemoCommandLineTests {
    let scratch = ScratchFolder("strata-demo-cli")

    @Test func listNamesEveryDemo() throws {
        let r = try StrataProcess.run(["demo", "--list"])
        #expect(r.status == 0, "\(r.err)")
        let names = r.out.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(names == ["pagefold", "carousel", "cardfold", "sidemenu", "gallery", "chart", "confetti"])
    }

    @Test func badArgumentsFailWithOneLine() throws {
        let bad = scratch.appendingPathComponent("bad.jsonl")
        try
            "{\"strata\":\"input\",\"version\":1,\"width\":10,\"height\":10,\"scale\":1}\n{\"t\":-1,\"type\":\"closeRequested\"}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (
                ["demo", "origami", "--headless", "-o", scratch.url.path],
                #"unknown demo "origami" (known: pagefold, carousel"#
            ),
            (
                ["demo", "gallery", "--replay", bad.path, "--headless", "-o", scratch.url.path],
                "bad.jsonl:2: \"t\" must not be negative"
            ),
            (
                [
                    "demo", "gallery", "--replay", scratch.appendingPathComponent("none.jsonl").path, "--headless",
                    "-o", scratch.url.path,
                ], "none.jsonl: cannot read it"
            ),
        ]
        for (arguments, expected) in cases {
            let r = try StrataProcess.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(
                r.err.hasPrefix("strata: ") && r.err.contains(expected) && r.err.split(separator: "\n").count == 1,
                "\(arguments): \(r.err)")
        }
        let noFolder = try StrataProcess.run(["demo", "pagefold", "--headless"])
        #expect(noFolder.status != 0 && noFolder.err.contains("--headless needs -o DIR"), "\(noFolder.err)")
    }

    /// A pinch recorded as JSON lines, replayed headless twice: the same frames byte for byte,
    /// folded mid-gesture, flat after the release; re-recorded, the same events. (At scale 0.5:
    /// most of a debug build's frame time goes to pixels.)
    @Test func replayingARecordedPinchHeadlessGivesTheSameFramesTwice() throws {
        var script = InputScript()
        script.pinch(at: CGPoint(x: 160, y: 120), to: 0.5, time: 0.1, duration: 0.5)
        let recording = InputRecording(
            header: .init(name: "pagefold", width: 320, height: 240, scale: 1),
            events: script.events)
        let file = scratch.appendingPathComponent("pinch.jsonl")
        try recording.jsonLines.write(to: file, atomically: true, encoding: .utf8)
        var folders: [URL] = []
        for run in 0..<2 {
            let folder = scratch.appendingPathComponent("frames\(run)")
            let again = scratch.appendingPathComponent("again\(run).jsonl")
            let r = try StrataProcess.run([
                "demo", "--replay", file.path, "pagefold", "--headless", "-o", folder.path,
                "--frames", "100", "--scale", "0.5", "--record", again.path,
            ])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("wrote 100 frames of pagefold (320×240 at scale 0.5)"), "\(r.out)")
            let rerecorded = try InputRecording(contentsOf: again)
            #expect(rerecorded.events == recording.events)
            #expect(rerecorded.header == .init(name: "pagefold", width: 320, height: 240, scale: 0.5))
            folders.append(folder)
        }
        for index in 0..<100 {
            let name = String(format: "frame%04d.png", index)
            let a = FileManager.default.contents(atPath: folders[0].appendingPathComponent(name).path)
            #expect(
                a != nil && a == FileManager.default.contents(atPath: folders[1].appendingPathComponent(name).path),
                "\(name) differs")
        }
        func frame(_ index: Int) throws -> CGImage {
            try CGImage(contentsOfPNG: folders[0].appendingPathComponent(String(format: "frame%04d.png", index)))
        }
        let paper = (250, 245, 230), slate = (0x5b, 0x64, 0x70)
        func near(_ image: CGImage, _ c: (Int, Int, Int)) -> Bool {
            // The point (40, 125), near the left page's outer edge, at half a pixel per point.
            let i = (62 * image.width + 20) * 4
            return (0..<3).allSatisfy { abs(Int(image.pixels[i + $0]) - [c.0, c.1, c.2][$0]) <= 24 }
        }
        #expect(near(try frame(0), paper))
        #expect(near(try frame(30), slate))  // 0.5 s: folded, the outer edge drawn in
        #expect(near(try frame(99), paper))  // released at 0.6 s, unfolded in 1 s
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (Scripts/test starts Xvfb)"))
    func aWindowReplaysARecordingAndRecordsItsOwnInput() throws {
        var script = InputScript()
        script.click(at: CGPoint(x: 160, y: 108), time: 0)
        let file = scratch.appendingPathComponent("tap.jsonl")
        try InputRecording(header: .init(name: "gallery", width: 320, height: 240, scale: 1), events: script.events)
            .jsonLines.write(to: file, atomically: true, encoding: .utf8)
        let shot = scratch.appendingPathComponent("gallery.png")
        let r = try StrataProcess.run([
            "demo", "gallery", "--replay", file.path, "--frames", "40", "--screenshot", shot.path,
        ])
        #expect(r.status == 0, "\(r.err)")
        let image = try CGImage(contentsOfPNG: shot)
        #expect(image.width >= 320 && image.height >= 240)
        let live = scratch.appendingPathComponent("live.jsonl")
        let recorded = try StrataProcess.run([
            "demo", "sidemenu", "--size", "300x200", "--frames", "5", "--record", live.path,
        ])
        #expect(recorded.status == 0, "\(recorded.err)")
        let header = try InputRecording(contentsOf: live).header
        #expect(header.name == "sidemenu" && header.width == 300 && header.height == 200)
    }
}
