import Foundation
import Strata
import StrataScene

/// Plays a scene file in a loop and, given a ``FileWatcher``, reloads it when
/// the file or an image it uses changes: what `strata demo SCENE --watch` runs.
///
/// A reload keeps the playback time: the new scene is played forward to the
/// moment the old one was at (and loops from the start if it is shorter). A
/// file that does not load keeps the last scene that did on screen, with a
/// ``SceneErrorBanner`` over it naming the error, until the file loads again.
///
/// No window is needed: ``frame(at:size:)`` returns the trees to draw (the
/// scene's presentation tree, then the banner's while it is up), so the
/// reload logic is tested headless.
public final class SceneReloader {
    /// Whether the file loaded the last time it was read.
    public enum State: Equatable, Sendable {
        /// It loaded; its scene plays.
        case playing
        /// It did not; the last scene that loaded (if any) plays under the banner.
        case failed(SceneError)
    }

    /// The scene file.
    public let url: URL
    /// Notices changes to the file and its images (nil: no reloading).
    public let watcher: FileWatcher?
    /// The banner shown while the file does not load.
    public let banner = SceneErrorBanner()
    /// The last scene that loaded (nil if none has).
    public private(set) var scene: Scene?
    /// The state after the last load.
    public private(set) var state: State
    /// How many times the file has loaded (the first load included).
    public private(set) var loadCount = 0
    /// The playback time of the last frame, seconds into the loop.
    public private(set) var playbackTime: Double = 0

    private var player: ScenePlayer?
    /// The clock time playback time 0 was at (nil: the next frame starts the loop).
    private var loopStart: Double?
    private let overlayTicker: FrameTicker

    /// Reads the file into a scene (a scene file by default; the CLI also reads Lottie files).
    public let load: (URL) throws(SceneError) -> Scene

    /// Loads the scene at `url` with `load` (see ``state`` for how it went)
    /// and, with a `watcher`, watches it and the images it names.
    public init(
        url: URL, watcher: FileWatcher? = nil,
        load: @escaping (URL) throws(SceneError) -> Scene = { url throws(SceneError) in
            try Scene.load(contentsOf: url)
        }
    ) {
        self.url = url
        self.watcher = watcher
        self.load = load
        state = .playing
        overlayTicker = FrameTicker(rootLayer: banner.rootLayer)
        reload()
    }

    /// Seconds the scene plays before it starts again: its timeline and
    /// animations (a timeline change gets a second to show), at least a second.
    public private(set) var loopLength = 1.0

    static func loopLength(of scene: Scene) -> Double {
        max(
            1, (scene.timeline.map(\.at).max() ?? 0) + 1,
            scene.animations.map { $0.beginTime + $0.effectiveDuration }.max() ?? 0)
    }

    /// The files watched: the scene file, then the images it names.
    public var watchedFiles: [URL] { watcher?.files ?? [] }

    /// Reads the file again. On success its scene replaces the one playing, at
    /// the same playback time; on failure the one playing stays and the banner
    /// goes up. Returns the new state.
    @discardableResult
    public func reload() -> State {
        watcher?.watch([url] + Self.imageFiles(namedIn: url))
        do throws(SceneError) {
            let loaded = try load(url)
            let fresh: ScenePlayer
            do { fresh = try ScenePlayer(loaded) } catch { throw error.inFile(Self.displayPath(url)) }
            let wasPlaying = scene != nil
            scene = loaded
            player = fresh
            loopLength = Self.loopLength(of: loaded)
            loadCount += 1
            state = .playing
            banner.hide()
            // The first scene that loads starts at 0; a shorter one than the last starts over.
            if !wasPlaying || playbackTime >= loopLength { restart() }
        } catch {
            state = .failed(error)
            banner.show(error, keptPicture: scene != nil)
        }
        return state
    }

    /// Reloads if a watched file changed since the last check (`now`: seconds
    /// on the monotonic clock); returns the new state if it reloaded.
    public func checkForChanges(now: Double = FileWatcher.monotonicTime()) -> State? {
        guard let watcher, !watcher.changes(now: now).isEmpty else { return nil }
        return reload()
    }

    /// Plays the scene from the start at the next frame.
    public func restart() {
        loopStart = nil
        playbackTime = 0
        player = scene.flatMap { try? ScenePlayer($0) }
    }

    /// The trees to draw, in order, at clock time `time` (seconds, never
    /// decreasing) in a window of `size` points: the scene's presentation tree
    /// at the playback time (none before a scene has loaded), then the
    /// banner's while it is up. The scene loops every ``loopLength`` seconds.
    public func frame(at time: Double, size: CGSize) -> [CALayer] {
        if let start = loopStart, time - start >= loopLength { restart() }
        if loopStart == nil { loopStart = time }
        // A reload keeps `loopStart`, so the new scene goes on at the playback time the old one was at.
        playbackTime = time - loopStart!
        var trees: [CALayer] = []
        if let player { trees.append(player.frame(at: max(player.time, playbackTime))) }
        if banner.isShown {
            overlayTicker.clock.withCurrent { banner.layout(in: size) }
            trees.append(overlayTicker.tick(at: time))
        }
        return trees
    }

    /// The images a scene file names (`{"image": "file.png"}` anywhere in it),
    /// resolved as the reader does; none if the file is not JSON. Read apart
    /// from the scene so that a scene that does not load still has its images
    /// watched (an image that is missing is the error a new file fixes).
    static func imageFiles(namedIn url: URL) -> [URL] {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue,
            size <= Scene.maximumFileSize, let data = try? Data(contentsOf: url),
            let json = try? JSONValue.parse(data)
        else { return [] }
        let folder = url.deletingLastPathComponent()
        var files: [URL] = []
        var stack = [json]
        while let value = stack.popLast() {
            switch value {
            case .object(let object):
                if object.count == 1, case .string(let file)? = object["image"], !file.isEmpty {
                    files.append(file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file))
                }
                stack.append(contentsOf: object.members.map(\.value).reversed())
            case .array(let items):
                stack.append(contentsOf: items.reversed())
            default:
                break
            }
        }
        return files
    }

    /// `url` as `Scene.load` names it in errors.
    static func displayPath(_ url: URL) -> String { url.isFileURL ? url.relativePath : url.absoluteString }
}
