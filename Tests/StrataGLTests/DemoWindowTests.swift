import Foundation
import Strata
import StrataHost
import Testing
import _StrataTestSupport

/// Each demo in a real window (under Xvfb), driven by a replayed recording
/// that ends with the window closed, as one recorded from a person ends: the
/// last picture shows what the gesture did. (The same gestures are checked
/// frame by frame headless in StrataDemosTests.)
@Suite struct DemoWindowTests {
    let scratch = ScratchFolder("strata-demo-window")

    /// The window's last picture after replaying `script` on `demo` at 320 × 240, closed at `closeAt` s.
    func windowPicture(_ demo: String, _ script: InputScript, closeAt: Double) throws -> CGImage {
        var script = script
        script.add(.closeRequested, at: closeAt)
        let file = scratch.appendingPathComponent("\(demo).jsonl")
        let shot = scratch.appendingPathComponent("\(demo).png")
        try InputRecording(header: .init(name: demo, width: 320, height: 240, scale: 1), events: script.events)
            .jsonLines.write(to: file, atomically: true, encoding: .utf8)
        let r = try StrataProcess.run(["demo", demo, "--replay", file.path, "--screenshot", shot.path])
        #expect(r.status == 0, "\(demo): \(r.err)")
        return try CGImage(contentsOfPNG: shot)
    }

    func near(_ image: CGImage, _ x: Int, _ y: Int, _ colour: (Int, Int, Int), tolerance: Int = 40) -> Bool {
        let i = (y * image.width + x) * 4
        return zip([colour.0, colour.1, colour.2], image.pixels[i..<i + 3]).allSatisfy {
            abs($0 - Int($1)) <= tolerance
        }
    }

    static let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil

    @Test(.enabled(if: hasDisplay, "needs a display (Scripts/test starts Xvfb)"))
    func aDragDrawsInkOnThePage() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 180, y: 60), to: CGPoint(x: 260, y: 60), at: 0.1, duration: 0.3)
        let image = try windowPicture("pagefold", script, closeAt: 0.8)
        #expect(
            near(image, 220, 60, (26, 64, 178), tolerance: 60) && near(image, 200, 60, (26, 64, 178), tolerance: 60))
    }

    @Test(.enabled(if: hasDisplay, "needs a display (Scripts/test starts Xvfb)"))
    func aDragSpinsTheCarouselToAnotherCard() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 100, y: 110), to: CGPoint(x: 180, y: 110), at: 0.1, duration: 0.2)
        let spun = try windowPicture("carousel", script, closeAt: 2.5)
        let still = try windowPicture("carousel", InputScript(), closeAt: 0.3)
        var differing = 0
        for i in stride(from: 0, to: min(spun.pixels.count, still.pixels.count), by: 4)
        where (0..<3).contains(where: { abs(Int(spun.pixels[i + $0]) - Int(still.pixels[i + $0])) > 8 }) {
            differing += 1
        }
        #expect(Double(differing) / Double(spun.width * spun.height) > 0.05, "another card in front")
    }

    @Test(.enabled(if: hasDisplay, "needs a display (Scripts/test starts Xvfb)"))
    func aDragPastHalfWayFoldsTheCardShut() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 160, y: 170), to: CGPoint(x: 160, y: 110), at: 0.1, duration: 0.3)
        let image = try windowPicture("cardfold", script, closeAt: 1.5)
        #expect(near(image, 160, 180, (240, 240, 240), tolerance: 16), "the bottom half folded away")
    }

    @Test(.enabled(if: hasDisplay, "needs a display (Scripts/test starts Xvfb)"))
    func aDragRightSwingsTheMenuOpen() throws {
        var script = InputScript()
        script.drag(from: CGPoint(x: 20, y: 120), to: CGPoint(x: 200, y: 120), at: 0.1, duration: 0.3)
        let image = try windowPicture("sidemenu", script, closeAt: 1.5)
        #expect(near(image, 10, 200, (0x2a, 0x9d, 0x8f)), "teal menu")
    }

    @Test(.enabled(if: hasDisplay, "needs a display (Scripts/test starts Xvfb)"))
    func aClickBringsAPhotoToTheFront() throws {
        var script = InputScript()
        script.click(at: CGPoint(x: 160, y: 108), time: 0.1)
        let image = try windowPicture("gallery", script, closeAt: 1.2)
        // Photo 2 fills most of the window: its sky (DemoArt.skyColour(2): 0.1, 0.1, 0.35) at the top middle.
        #expect(near(image, 160, 48, (25, 25, 89), tolerance: 30))
    }
}
