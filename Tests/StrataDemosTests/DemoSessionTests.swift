import Foundation
import Strata
import StrataDemos
import StrataHost
import Testing

@Suite struct DemoSessionTests {
    @Test func everyDemoHasAUniqueNameAndBuildsAndDrawsAtAnySize() throws {
        let names = DemoCatalog.all.map { $0.name }
        #expect(names == ["pagefold", "carousel", "cardfold", "sidemenu", "gallery", "chart", "confetti"])
        for name in names {
            let run = try DemoRun(name, size: CGSize(width: 200, height: 150))
            let image = try run.picture(at: 0)
            #expect(image.width == 200 && image.height == 150)
            #expect(run.session.demo.rootLayer.bounds.size == CGSize(width: 200, height: 150))
        }
    }

    @Test func resizeAndContentScaleKeepTheDemoLaidOut() throws {
        var script = InputScript()
        script.add(.framebufferResized(width: 400, height: 400), at: 0.05)
        script.add(.contentScaleChanged(x: 2, y: 2), at: 0.1)
        let run = try DemoRun("pagefold", script: script)
        let fold = try run.demo(PageFoldDemo.self)
        let before = try run.picture(at: 0)
        #expect(before.width == 320)
        let resized = try run.picture(at: 0.05)
        #expect(run.session.size == CGSize(width: 400, height: 400))
        #expect(resized.width == 400 && resized.height == 400)
        // Centred again: the spine at the middle, the spread 4:3 in 80% of the width.
        #expect(fold.leftHinge.position == CGPoint(x: 200, y: 200))
        #expect(fold.leftHinge.bounds.width == 160)
        let sharp = try run.picture(at: 0.1)
        #expect(run.session.size == CGSize(width: 400, height: 400))
        #expect(sharp.width == 800 && sharp.height == 800)
        #expect(fold.leftInk.contentsScale == 2)
    }

    @Test func replayingTheSameInputTwiceGivesTheSameFrames() throws {
        var script = InputScript()
        script.pinch(at: CGPoint(x: 160, y: 120), to: 0.6, time: 0.05, duration: 0.3)
        script.scroll(dx: 0, dy: -3, at: CGPoint(x: 160, y: 120), time: 0.5, duration: 0.1)
        func frames() throws -> [[UInt8]] {
            let run = try DemoRun("pagefold", script: script)
            return try [0.2, 0.35, 0.5, 0.8, 1.2].map { try run.picture(at: $0).pixels }
        }
        let first = try frames(), second = try frames()
        #expect(first == second)
        #expect(Set(first).count == 5)
    }

    @Test func theSessionRecordsWhatItHandles() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-demo-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var script = InputScript()
        script.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 10), at: 0.1, duration: 0.1)
        let run = try DemoRun("sidemenu", script: script)
        run.session.recorder = try InputRecorder(
            url: url, header: .init(name: "sidemenu", width: 320, height: 240, scale: 1))
        _ = try run.picture(at: 0.5)
        let recorded = try InputRecording(contentsOf: url)
        #expect(recorded.events == ScriptedInputSource(script.events).events)
    }
}
