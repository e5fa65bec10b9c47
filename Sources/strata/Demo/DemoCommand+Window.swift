import Foundation
import Strata
import StrataDemos
import StrataGL
import StrataHost
import StrataLayerRaster
import StrataRender

extension DemoCommand {
    /// Runs the demo in a window, driven by the window's input (or a recording).
    func runWindow(_ name: String, size: CGSize, recording: InputRecording?) throws {
        let window: WindowHost
        do {
            window = try WindowHost(
                width: Int(size.width), height: Int(size.height), title: "Strata: \(name)",
                vsync: !noVsync)
        } catch {
            throw failure("window: \(error.description)")
        }
        let scale = Double(window.contentScale.x)
        let session = try makeSession(name, size: size, scale: scale)
        // The HUD's numbers need a font; without one it shows only its bars.
        let rasterizer = try? StandardLayerRasterizer.shapesAndText()
        let renderer: WindowRenderer
        do { renderer = try WindowRenderer(window: window, layerRasterizer: rasterizer) } catch {
            throw failure(starting: error, "window")
        }
        let hud = DemoHUD()
        if self.hud { session.perform { hud.toggle(over: session.demo.rootLayer) } }
        let live = WindowInputSource()
        let source: InputSource = recording.map { ScriptedInputSource($0.events) } ?? live
        var polled: [InputEvent] = []
        var start: Double?
        var idleFrames = 0
        let clock = ContinuousClock()
        let began = clock.now
        do {
            try window.run(
                maxFrames: frames, onEvent: { polled.append($0) },
                frame: { info in
                    let t = info.time - (start ?? info.time)
                    if start == nil { start = info.time }
                    session.resize(
                        to: CGSize(width: info.windowWidth, height: info.windowHeight),
                        contentScale: Double(info.contentScaleX))
                    for event in polled {
                        if case .key(let key, .press, _) = event, key == .letter("H") {
                            session.perform { hud.toggle(over: session.demo.rootLayer) }
                        }
                        // A replay ignores the live input (but Escape and the close button still work).
                        if recording == nil { live.receive(event, at: t) }
                    }
                    polled.removeAll()
                    let due = source.events(through: t)
                    // A recording that ends with the window closed ends its replay there too.
                    if recording != nil, due.contains(where: { Self.closesWindow($0.event) }) {
                        window.shouldClose = true
                    }
                    try session.advance(to: t, events: due)
                    let list = renderer.renderList(
                        ticking: session.ticker, at: t, frame: info, background: session.demo.background)
                    let stats = try renderer.render(list, frame: info)
                    if stats.unchangedFrame { idleFrames += 1 }
                    session.perform {
                        hud.update(frameTime: info.deltaTime, layers: stats.layers, drawCalls: stats.drawCalls)
                    }
                })
        } catch {
            throw failure("\(error)")
        }
        let seconds = (clock.now - began).seconds
        if let frames, frames > 0, seconds > 0 {
            print(String(format: "%d frames in %.2f s: %.1f fps", frames, seconds, Double(frames) / seconds))
        }
        if let screenshot, let image = renderer.lastFrame() {
            do { try image.write(toPNG: URL(fileURLWithPath: screenshot)) } catch { throw failure(error.description) }
            print("wrote \(screenshot) (\(idleFrames) unchanged frames were not redrawn)")
        }
    }

    /// Whether `event` closes a demo's window: the close button, or Escape.
    static func closesWindow(_ event: InputEvent) -> Bool {
        switch event {
        case .closeRequested, .key(.escape, action: .press, modifiers: _): return true
        default: return false
        }
    }
}
