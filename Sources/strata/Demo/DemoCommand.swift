import ArgumentParser
import Foundation
import Strata
import StrataRender
import StrataGL
import StrataHost

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open a window (GLFW): the 3D carousel, or a scene file played in a loop.",
        discussion: """
            Carousel: ← and → (or a gamepad's d-pad, or horizontal scroll) turn it with implicit \
            animations. A scene file plays its animations and timeline, looping; space restarts. \
            Esc closes. Needs a display (run under xvfb-run without one).
            """)

    @Argument(help: "A scene file to play instead of the carousel.")
    var scene: String?

    @Option(help: "Stop after this many frames (for scripts and tests).")
    var frames: Int?

    @Option(help: "Write the last frame to this PNG.")
    var screenshot: String?

    @Flag(help: "Draw as fast as possible instead of waiting for the display (for timing).")
    var noVsync = false

    @Option(help: "Turn the carousel this many planes at the start (scripted input).")
    var turn = 0

    func run() throws {
        var loaded: Scene?
        if let scene {
            do { loaded = try Scene.load(contentsOf: URL(fileURLWithPath: scene)) } catch { throw failure(error.description) }
        }
        let size = loaded?.size ?? CGSize(width: 800, height: 600)
        let window: WindowHost
        do { window = try WindowHost(width: Int(size.width), height: Int(size.height), title: "Strata demo",
                                                vsync: !noVsync) } catch {
            throw failure("window: \(error.description)")
        }
        let carousel = loaded == nil ? CarouselDemo(size: size) : nil
        let renderer: WindowRenderer
        do { renderer = try WindowRenderer(window: window, layerRasterizer: try layerRasterizer(for: loaded?.root)) }
        catch let error as HostError { throw failure(starting: error, "window") }
        let ticker = carousel.map { FrameTicker(rootLayer: $0.root) }
        // A scene loops over its timeline and animations, at least a second.
        let length = loaded.map { scene in
            max(1, (scene.timeline.map(\.at).max() ?? 0) + 1,
                scene.animations.map { $0.beginTime + $0.effectiveDuration }.max() ?? 0)
        } ?? 1
        var sceneStart = 0.0, idleFrames = 0, drawnFrames = 0
        // Played forward frame by frame; a new player at every loop (time cannot go back).
        var player: ScenePlayer?
        func restart() throws -> ScenePlayer? {
            guard let loaded else { return nil }
            do { return try ScenePlayer(loaded) } catch { throw failure(error.description) }
        }
        player = try restart()
        let clock = ContinuousClock()
        let started = clock.now
        if turn != 0, let carousel, let ticker { ticker.tick(at: 0); carousel.turn(by: turn) }

        do {
            try window.run(maxFrames: frames, onEvent: { event in
                switch event {
                case .key(.left, .press, _), .gamepadButton(_, 13, true): carousel?.turn(by: -1)
                case .key(.right, .press, _), .gamepadButton(_, 11, true): carousel?.turn(by: 1)
                case .scroll(let dx, _) where abs(dx) > 0.5: carousel?.turn(by: dx > 0 ? 1 : -1)
                case .key(.space, .press, _): sceneStart = -1
                default: break
                }
            }, frame: { info in
                if sceneStart < 0 || (player != nil && info.time - sceneStart >= length) {
                    sceneStart = info.time
                    player = try restart()
                }
                let tree = player?.frame(at: info.time - sceneStart) ?? ticker!.tick(at: info.time)
                drawnFrames += 1
                let stats = try renderer.render(tree, frame: info, background: loaded?.background ?? .black)
                if stats.unchangedFrame { idleFrames += 1 }
            })
        } catch {
            // A failure ends the loop (and closes the window) at once.
            throw failure("\(error)")
        }
        let seconds = (clock.now - started).seconds
        if let frames, frames > 0, seconds > 0 {
            print(String(format: "%d frames in %.2f s: %.1f fps", drawnFrames, seconds, Double(drawnFrames) / seconds))
        }
        if let screenshot, let image = renderer.lastFrame() {
            do { try image.write(toPNG: URL(fileURLWithPath: screenshot)) } catch { throw failure(error.description) }
            print("wrote \(screenshot) (\(idleFrames) unchanged frames were not redrawn)")
        }
    }
}
