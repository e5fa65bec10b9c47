import Foundation
import Strata
import StrataHost

/// Runs a demo frame by frame: input events go to its gesture router, time
/// passes for the recognizers and the demo, and the tree ticks.
///
/// The tree runs on a manual clock set to each frame's time, so a session fed
/// the same events at the same times draws the same frames (a window passes
/// its frame times; headless replay passes n/60).
public final class DemoSession {
    /// The demo being run.
    public let demo: any Demo
    /// Drives the demo's tree.
    public let ticker: FrameTicker
    /// Routes input to the demo's recognizers.
    public let router: GestureRouter
    /// The window's size in points.
    public private(set) var size: CGSize
    /// Pixels per point (`contentsScale` for what the demo draws itself).
    public private(set) var contentScale: Double
    /// Where input goes as it is handled, if recording.
    public var recorder: InputRecorder?
    /// Events handled so far.
    public private(set) var eventsHandled = 0

    /// The focused layer's border before the focus ring replaced it.
    private var savedBorder: (layer: CALayer, width: CGFloat, color: CGColor?)?

    /// A session for `demo`, whose tree fills `size` points at `contentScale`.
    public init(demo: any Demo, size: CGSize, contentScale: Double = 1) {
        self.demo = demo
        self.size = size
        self.contentScale = contentScale
        ticker = FrameTicker(rootLayer: demo.rootLayer)
        router = GestureRouter(rootLayer: demo.rootLayer)
        demo.attach(to: router)
        router.focusDidChange = { [unowned self] layer in self.showFocus(on: layer) }
        if contentScale != 1 { relayout() }
        ticker.tick(at: 0)
    }

    /// A session for the demo called `name` (nil if there is none).
    public convenience init?(demoNamed name: String, size: CGSize, contentScale: Double = 1) {
        guard let type = DemoCatalog.demo(named: name) else { return nil }
        self.init(demo: type.init(size: size), size: size, contentScale: contentScale)
    }

    /// Runs `body` (which changes the demo's layers) at the session's current
    /// time, as an input handler would.
    public func perform(_ body: () -> Void) {
        ticker.clock.withCurrent { body() }
    }

    /// Lays the demo out for a window of `size` points at `contentScale`.
    public func resize(to size: CGSize, contentScale: Double? = nil) {
        guard size != self.size || (contentScale.map { $0 != self.contentScale } ?? false) else { return }
        self.size = size
        if let contentScale { self.contentScale = contentScale }
        relayout()
    }

    private func relayout() {
        ticker.clock.withCurrent {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            demo.layout(in: size, contentScale: CGFloat(contentScale))
            CATransaction.commit()
        }
    }

    /// Runs the frame at `time`: handles `events` (each at its own time, none
    /// later than `time`), lets time pass, and returns the tree to draw.
    @discardableResult
    public func frame(at time: Double, events: [TimedInputEvent]) throws(InputRecordingError) -> CALayer {
        try advance(to: time, events: events)
        return ticker.tick(at: time)
    }

    /// `frame(at:events:)` up to its tick, which is left to the caller: a
    /// window's renderer ticks `ticker` into its snapshot
    /// (`WindowRenderer.renderList(ticking:at:frame:background:)`).
    public func advance(to time: Double, events: [TimedInputEvent]) throws(InputRecordingError) {
        let clock = ticker.clock
        clock.set(time: max(clock.currentTime, time))
        var failure: InputRecordingError?
        clock.withCurrent {
            for timed in events {
                do throws(InputRecordingError) { try recorder?.record(timed.event, at: timed.time) } catch {
                    failure = error
                }
                handle(timed)
            }
            router.advance(to: time)
            demo.update(at: time)
        }
        if let failure { throw failure }
    }

    private func handle(_ timed: TimedInputEvent) {
        eventsHandled += 1
        switch timed.event {
        case .framebufferResized(let width, let height):
            resize(to: CGSize(width: Double(width) / contentScale, height: Double(height) / contentScale))
        case .contentScaleChanged(let x, _):
            resize(to: size, contentScale: Double(x))
        case .key(let key, .press, _):
            _ = demo.keyPressed(key)
        default:
            break
        }
        router.handle(timed.event, at: timed.time)
    }

    /// Rings the gamepad's focus in yellow, giving the last focused layer its own border back.
    private func showFocus(on layer: CALayer?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let saved = savedBorder {
            saved.layer.borderWidth = saved.width
            saved.layer.borderColor = saved.color
        }
        savedBorder = layer.map { ($0, $0.borderWidth, $0.borderColor) }
        layer?.borderWidth = 4
        layer?.borderColor = CGColor(red: 1, green: 0.85, blue: 0.2, alpha: 1)
        CATransaction.commit()
    }
}
