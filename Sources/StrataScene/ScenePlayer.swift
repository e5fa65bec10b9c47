import Foundation
import Strata

/// Plays a scene forward in time: the tree is copied and its animations added
/// once, and each frame only commits the timeline transactions that came due
/// and ticks the animations, as an app's display link would.
///
/// `frame(at:)` at time `t` gives the same presentation tree as
/// ``Scene/presentationTree(at:)`` (which is a new player asked once); times
/// must not go backwards (start a new player to rewind). A returned tree
/// stays as it was: later frames make new copies of animated layers.
public final class ScenePlayer {
    /// The scene's copied tree, which the player changes as time passes.
    public let instance: SceneInstance
    /// The ticker that plays the tree (`Flattener.renderList(ticking:at:)`
    /// draws a frame with it after `advance(to:)`).
    public let ticker: FrameTicker
    /// Model changes not yet applied, in order of time (stable).
    var pending: ArraySlice<(at: CFTimeInterval, apply: () -> Void)>
    /// The last time a frame was asked for.
    public private(set) var time: CFTimeInterval

    /// A player at time 0 of `scene`; throws when a timeline value does not decode.
    public init(_ scene: Scene) throws(SceneError) {
        instance = scene.instantiate()
        let changes = try scene.playbackChanges(of: instance)
        pending = ArraySlice(
            changes.enumerated()
                .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                .map(\.element))
        ticker = FrameTicker(rootLayer: instance.root, clock: CAMediaClock(time: 0))
        time = 0
        // The tree as built is on screen from the start, so later changes animate.
        ticker.tick(at: 0)
    }

    /// Commits every change due by `time`, each at its own time, and returns the
    /// presentation tree at `time`.
    public func frame(at time: CFTimeInterval) -> CALayer {
        advance(to: time)
        return ticker.tick(at: time)
    }

    /// Commits every change due by `time`, each at its own time, and leaves
    /// the tick at `time` to the caller: `ticker.tick(at: time)` for the
    /// presentation tree, or a flattener's `renderList(ticking: ticker, at: time)`.
    public func advance(to time: CFTimeInterval) {
        precondition(time >= self.time, "ScenePlayer: time went backwards from \(self.time) to \(time)")
        self.time = time
        let clock = ticker.clock
        while let change = pending.first, change.at <= time {
            pending.removeFirst()
            ticker.tick(at: max(change.at, 0))
            clock.withCurrent {
                change.apply()
                CATransaction.flush()
            }
        }
    }
}
