import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender

extension DemoCommand {
    /// Plays a scene file in a window, looping over its timeline and animations; space restarts.
    func playScene(_ path: String) throws {
        let loaded: Scene
        do { loaded = try SceneDocument.load(URL(fileURLWithPath: path)) } catch {
            throw failure(error.description)
        }
        let window: WindowHost
        do {
            window = try WindowHost(
                width: Int(loaded.size.width), height: Int(loaded.size.height),
                title: "Strata demo", vsync: !noVsync)
        } catch {
            throw failure("window: \(error.description)")
        }
        let renderer: WindowRenderer
        do {
            renderer = try WindowRenderer(window: window, layerRasterizer: try layerRasterizer(for: loaded.root))
        } catch let error as HostError { throw failure(starting: error, "window") }
        // A scene loops over its timeline and animations, at least a second.
        let length = max(
            1, (loaded.timeline.map(\.at).max() ?? 0) + 1,
            loaded.animations.map { $0.beginTime + $0.effectiveDuration }.max() ?? 0)
        var sceneStart = 0.0, idleFrames = 0, drawnFrames = 0
        // Played forward frame by frame; a new player at every loop (time cannot go back).
        func restart() throws -> ScenePlayer {
            do { return try ScenePlayer(loaded) } catch { throw failure(error.description) }
        }
        var player = try restart()
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try window.run(
                maxFrames: frames,
                onEvent: { event in
                    if case .key(.space, .press, _) = event { sceneStart = -1 }
                },
                frame: { info in
                    if sceneStart < 0 || info.time - sceneStart >= length {
                        sceneStart = info.time
                        player = try restart()
                    }
                    let tree = player.frame(at: info.time - sceneStart)
                    drawnFrames += 1
                    let stats = try renderer.render(tree, frame: info, background: loaded.background ?? .black)
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
