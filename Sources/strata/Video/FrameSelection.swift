import Foundation
import Strata
import StrataExport
import StrataScene

/// The frames a video or numbered frame sequence draws: frame k is the scene
/// at `k / fps` seconds, for k in ``range``, a part of the clip's `0..<count`.
///
/// The clip lasts `--duration` seconds when given. Otherwise it covers the
/// scene's animations and timeline: frames up to and including the first at or
/// after the last change ends (one frame for a scene that never changes), or,
/// for a scene with a frame rate of its own (a Lottie file), the frames before
/// its last (`op`), as a player shows them. A
/// scene with an animation that repeats forever plays for
/// ``foreverDuration`` seconds (or until its other changes end, if later).
struct FrameSelection: Equatable {
    /// Frames per second.
    let rate: FrameRate
    /// Frames in the whole clip.
    let count: Int
    /// The frames this run draws: `--frames A:B` clipped to the clip, else all of it.
    let range: Range<Int>

    /// The most frames one clip may have.
    static let maximumFrames = 100_000
    /// How long a clip of a scene that animates forever lasts, in seconds.
    static let foreverDuration: Double = 5

    init(rate: FrameRate, count: Int, range: Range<Int>) {
        self.rate = rate
        self.count = count
        self.range = range
    }

    /// The selection for `scene` at `rate`: `duration` seconds or the scene's
    /// own length, and the frames `A:B` of `frames` (either end may be left out).
    init(scene: Scene, rate: FrameRate, duration: Double?, frames: String?) throws {
        let count: Int
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw failure("--duration must be a positive number of seconds, got \(duration)")
            }
            count = max(1, rate.frames(before: duration))
            guard count <= Self.maximumFrames else {
                throw failure(
                    "--duration \(JSONValue.format(duration)) at \(rate) fps makes more than \(Self.maximumFrames) frames"
                )
            }
        } else if scene.animatesForever {
            count = rate.frames(before: max(Self.foreverDuration, scene.animationEnd))
        } else if scene.frameRate != nil {
            // A clip made of frames (a Lottie file): those a player shows, before its last frame
            // (`op`); the slack absorbs a float `fr` (29.9700012 for NTSC's 30000/1001).
            count = max(1, rate.frames(before: scene.animationEnd - 1e-4))
        } else {
            // The first frame at or after the end shows where everything settles.
            count = rate.frames(before: scene.animationEnd) + 1
        }
        guard count <= Self.maximumFrames else {
            throw failure(
                "the scene animates for \(JSONValue.format(scene.animationEnd)) s, more than "
                    + "\(Self.maximumFrames) frames at \(rate) fps; give --duration")
        }
        var range = 0..<count
        if let frames { range = try Self.parse(frames, count: count) }
        self.init(rate: rate, count: count, range: range)
    }

    /// `A:B` (frames A up to, not including, B; `A:` to the end, `:B` from the
    /// start), clipped to `0..<count`.
    static func parse(_ text: String, count: Int) throws -> Range<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let start = parts.count == 2 ? (parts[0].isEmpty ? 0 : Int(parts[0])) : nil
        let end = parts.count == 2 ? (parts[1].isEmpty ? count : Int(parts[1])) : nil
        guard let start, let end, start >= 0, end >= start else {
            throw failure("--frames: expected A:B, frames A up to (not including) B, such as 0:30, got \"\(text)\"")
        }
        // Clipped, so farm jobs can all ask for the same chunk size: those past the end draw nothing.
        let lower = min(start, count)
        return lower..<max(lower, min(end, count))
    }

    /// Scene time of frame `k`.
    func time(ofFrame k: Int) -> Double { rate.time(ofFrame: k) }
}
