import Foundation
import Strata
import StrataGL
import StrataHost
import StrataRender

/// Plays a demo without a window on a fixed 60 Hz clock: frame n is the
/// moment n/60 s, and the input due by then is handled first. The same input
/// gives the same frames, byte for byte.
public final class HeadlessDemoPlayer {
    /// Frames per second of the fixed clock.
    public static let frameRate = 60.0

    /// The demo being played.
    public let session: DemoSession
    /// Where input comes from (a recording, a script).
    public let input: InputSource
    /// Draws the frames.
    public let renderer: OffscreenRenderer
    /// The index of the next frame.
    public private(set) var frameIndex = 0

    /// A player of `session` fed by `input`.
    public init(session: DemoSession, input: InputSource) throws(DemoError) {
        self.session = session
        self.input = input
        do { renderer = try OffscreenRenderer() } catch { throw .host(error) }
    }

    /// The time of the next frame.
    public var nextTime: Double { Double(frameIndex) / Self.frameRate }

    /// Runs the next frame and draws it.
    public func nextFrame() throws(DemoError) -> (image: CGImage, stats: RenderStats) {
        let tree = try advance()
        do {
            return try renderer.render(
                tree, size: session.size, scale: session.contentScale,
                background: session.demo.background)
        } catch {
            throw .host(error)
        }
    }

    /// Runs the next frame without drawing it.
    public func skipFrame() throws(DemoError) {
        _ = try advance()
    }

    private func advance() throws(DemoError) -> CALayer {
        let time = nextTime
        frameIndex += 1
        do { return try session.frame(at: time, events: input.events(through: time)) } catch {
            throw .recording(error)
        }
    }
}
