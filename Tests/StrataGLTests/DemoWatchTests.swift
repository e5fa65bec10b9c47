import Foundation
import Strata
import Testing
import _StrataTestSupport

/// `strata demo SCENE --watch` in a window (under Xvfb): edits show within a
/// second, a broken edit shows its error over the last good picture, a fix
/// plays again. The window's picture is read from `--screenshot`, which a
/// watching window rewrites once each reload has been drawn.
@Suite(.serialized) struct DemoWatchTests {
    let scratch = ScratchFolder("strata-watch-cli")

    func scene(_ colour: String) -> String {
        """
        {"size": [240, 180], "background": "#ffffff", "root": {"sublayers": [
          {"name": "card", "bounds": [0, 0, 120, 80], "position": [120, 130], "backgroundColor": "\(colour)"}
        ]}}
        """
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (Scripts/test starts Xvfb)"))
    func editsShowWithinASecondAndABrokenEditShowsItsErrorOverTheLastGoodPicture() throws {
        let file = scratch.appendingPathComponent("card.scene.json")
        let shot = scratch.appendingPathComponent("window.png")
        try scene("#ff0000").write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        guard let executable = StrataProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = executable
        process.arguments = ["demo", file.path, "--watch", "--screenshot", shot.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let pid = process.processIdentifier
        let hangGuard = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120 * StrataProcess.timeoutScale, execute: hangGuard)
        defer {
            hangGuard.cancel()
            if process.isRunning { kill(pid, SIGKILL) }
        }

        var last = Data()
        /// Waits for the window's picture to change; returns it and how long it took.
        func nextPicture(within seconds: Double) throws -> (image: CGImage, seconds: Double)? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds, process.isRunning {
                if let data = FileManager.default.contents(atPath: shot.path), data != last {
                    last = data
                    return (try CGImage(pngData: data), Date().timeIntervalSince(start))
                }
                usleep(10_000)
            }
            return nil
        }
        func edit(_ colour: String) throws { try scene(colour).write(to: file, atomically: true, encoding: .utf8) }
        func colour(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
            let i = (y * image.width + x) * 4
            return (0..<3).map { Int(image.pixels[i + $0]) }
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 40 } }
        let card = (120, 140), strip = (4, 4)
        let white = [255, 255, 255]

        let first = try #require(try nextPicture(within: 60 * StrataProcess.timeoutScale), "the first picture")
        #expect(
            near(colour(first.image, card.0, card.1), [255, 0, 0]) && near(colour(first.image, strip.0, strip.1), white)
        )

        try edit("#0000ff")
        let blue = try #require(try nextPicture(within: 10), "the picture after an edit")
        #expect(near(colour(blue.image, card.0, card.1), [0, 0, 255]))
        #expect(blue.seconds < 1 * StrataProcess.timeoutScale, "an edit showed after \(blue.seconds) s")

        try edit("#00zz00")
        let broken = try #require(try nextPicture(within: 10), "the picture after a broken edit")
        #expect(near(colour(broken.image, card.0, card.1), [0, 0, 255]), "the last good picture stays")
        #expect(near(colour(broken.image, strip.0, strip.1), [188, 39, 34]), "the error banner")
        #expect(broken.seconds < 1 * StrataProcess.timeoutScale)

        try edit("#00ff00")
        let fixed = try #require(try nextPicture(within: 10), "the picture after the fix")
        #expect(
            near(colour(fixed.image, card.0, card.1), [0, 255, 0]) && near(colour(fixed.image, strip.0, strip.1), white)
        )

        // SIGKILL: a child of the test runner may inherit SIGTERM blocked. What it said is
        // unbuffered, so none is lost.
        kill(pid, SIGKILL)
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complained = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            said.split(separator: "\n").map(String.init) == [
                "watching \(file.path) (inotify)", "reloaded \(file.path)", "reloaded \(file.path)",
            ])
        #expect(
            complained == "strata: \(file.path): root.sublayers[0].backgroundColor: bad colour \"#00zz00\": "
                + "expected \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]\n")
    }

    @Test func watchIsForSceneFilesInAWindow() throws {
        let cases: [([String], String)] = [
            (["demo", "carousel", "--watch"], "--watch is for scene files; carousel is a demo"),
            (["demo", "--watch"], "--watch needs a scene file to play"),
            (
                ["demo", "x.scene.json", "--watch", "--headless", "-o", scratch.url.path],
                "--watch plays a scene file in a window"
            ),
        ]
        for (arguments, expected) in cases {
            let r = try StrataProcess.run(arguments)
            #expect(r.status != 0 && r.err.contains(expected), "\(arguments): \(r.err)")
        }
    }
}
