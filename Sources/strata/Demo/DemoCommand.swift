import ArgumentParser
import Foundation
import Strata
import StrataDemos
import StrataGL
import StrataHost
import StrataRender
import StrataScene

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run an interactive demo in a window (or headless from a recording), or play a scene file.",
        discussion: """
            Demos (strata demo --list): pagefold, carousel, cardfold, sidemenu, gallery; with no NAME, the \
            carousel. Mouse drags pan and clicks tap; two-finger scrolling pans; a trackpad pinch pinches where the X \
            server reports gestures (XInput 2.4), and Control+scroll pinches everywhere; a \
            gamepad's left stick pans, its triggers pinch, A taps the focused layer and the d-pad moves the \
            focus; H shows the HUD (frame time, layers, draw calls). --record FILE writes the input as JSON lines; --replay FILE plays it back, in the window \
            or, with --headless -o DIR, into PNG frames on a fixed 60 Hz clock (the same file gives the same \
            frames). A scene file plays its animations and timeline in a loop (space restarts); with --watch it \
            reloads when the file or an image it uses changes, keeping the playback time, and shows a file \
            that does not load as an error over the last picture that did. Esc closes. \
            Windows need a display (run under xvfb-run without one).
            """)

    @Argument(help: "A demo's name, or a scene file to play.")
    var name: String?

    @Flag(help: "List the demos and exit.")
    var list = false

    @Option(help: "Stop after this many frames (for scripts and tests); headless: how many frames to render.")
    var frames: Int?

    @Option(help: "Write the last frame to this PNG.")
    var screenshot: String?

    @Flag(help: "Draw as fast as possible instead of waiting for the display (for timing).")
    var noVsync = false

    @Option(help: "Turn the carousel this many cards at the start (scripted input).")
    var turn = 0

    @Option(help: "Record the input to this file (JSON lines).")
    var record: String?

    @Option(help: "Play back the input recorded in this file.")
    var replay: String?

    @Flag(help: "Render without a window into -o DIR (with --replay, or the demo left alone).")
    var headless = false

    @Option(name: .shortAndLong, help: "Headless: the folder for the frames (frame0000.png, …).")
    var output: String?

    @Option(help: "Window size in points, WIDTHxHEIGHT (default 800x600, or the recording's).")
    var size: String?

    @Option(help: "Headless: pixels per point (default 1, or the recording's).")
    var scale: Double?

    @Flag(help: "Start with the HUD on (frame time, layers, draw calls); H toggles it.")
    var hud = false

    @Flag(help: "Scene files: reload when the file or an image it uses changes (errors show in the window).")
    var watch = false

    func validate() throws {
        if headless && output == nil { throw ValidationError("--headless needs -o DIR for the frames") }
        if output != nil && !headless { throw ValidationError("-o DIR is for --headless") }
        if let frames, frames < 0 { throw ValidationError("--frames must not be negative") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        if let size, parseSize(size) == nil { throw ValidationError("--size must be WIDTHxHEIGHT, each 1…8192") }
        if watch && (headless || replay != nil || record != nil) {
            throw ValidationError("--watch plays a scene file in a window (not with --headless, --replay or --record)")
        }
    }

    func run() throws {
        if list {
            for demo in DemoCatalog.all {
                print(demo.name.padding(toLength: 10, withPad: " ", startingAt: 0) + demo.summary)
            }
            return
        }
        let demoName = try resolveDemoName()
        guard let demoName else { return try playScene(name!) }
        var recording: InputRecording?
        if let replay {
            do { recording = try InputRecording(contentsOf: URL(fileURLWithPath: replay)) } catch {
                throw failure(error.description)
            }
        }
        if let recorded = recording?.header.name, recorded != demoName {
            throw failure("\(replay!): recorded on \(recorded), not \(demoName)")
        }
        let size =
            size.flatMap(parseSize) ?? recording.map { CGSize(width: $0.header.width, height: $0.header.height) }
            ?? CGSize(width: 800, height: 600)
        if headless {
            try runHeadless(demoName, size: size, scale: scale ?? recording?.header.scale ?? 1, recording: recording)
        } else {
            try runWindow(demoName, size: size, recording: recording)
        }
    }

    /// The demo to run: NAME if it is one, the carousel with no NAME, nil for a scene file.
    private func resolveDemoName() throws -> String? {
        guard let name else {
            if watch { throw failure("--watch needs a scene file to play") }
            return CarouselDemo.name
        }
        if DemoCatalog.demo(named: name) != nil {
            if watch { throw failure("--watch is for scene files; \(name) is a demo") }
            return name
        }
        let looksLikeFile = name.contains("/") || name.contains(".") || FileManager.default.fileExists(atPath: name)
        if !looksLikeFile || headless || replay != nil || record != nil {
            throw failure(DemoError.unknownDemo(name).description)
        }
        return nil
    }

    /// A session for `name`, recording if asked.
    func makeSession(_ name: String, size: CGSize, scale: Double) throws -> DemoSession {
        guard let session = DemoSession(demoNamed: name, size: size, contentScale: scale) else {
            throw failure(DemoError.unknownDemo(name).description)
        }
        if let record {
            do {
                session.recorder = try InputRecorder(
                    url: URL(fileURLWithPath: record),
                    header: .init(name: name, width: size.width, height: size.height, scale: scale))
            } catch {
                throw failure(error.description)
            }
        }
        if turn != 0, let carousel = session.demo as? CarouselDemo { session.perform { carousel.turn(by: turn) } }
        return session
    }
}

/// `WIDTHxHEIGHT` as a size, each side 1…8192.
func parseSize(_ text: String) -> CGSize? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
        (1...8192).contains(w), (1...8192).contains(h)
    else { return nil }
    return CGSize(width: w, height: h)
}
