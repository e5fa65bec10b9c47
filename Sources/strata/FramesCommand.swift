import ArgumentParser
import Foundation
import Strata
import StrataExport
import StrataScene

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract:
            "Print how many frames 'strata render --video' draws for a scene (for splitting a render farm's work).",
        discussion: """
            The count is the clip's, before --frames: --duration seconds at --fps, else up to the first frame \\
            at or after the scene's animations and timeline end (5 s for a scene that animates forever).
            """)

    @Argument(help: "The scene file (*.scene.json).")
    var scene: String

    @Option(
        help: """
            Frames per second: a whole number, a ratio such as 30000/1001 or a decimal such as 29.97 \
            (default: a Lottie file's own rate, else 30).
            """)
    var fps: String?

    @Option(help: "Length in seconds (default: until the scene's animations end).")
    var duration: Double?

    func run() throws {
        let loaded: Scene
        do { loaded = try SceneDocument.load(URL(fileURLWithPath: scene)) } catch {
            throw failure(error.description)
        }
        let rate: FrameRate
        do { rate = try FrameRate(parsing: fps, default: loaded) } catch { throw failure(error.description) }
        print(try FrameSelection(scene: loaded, rate: rate, duration: duration, frames: nil).count)
    }
}
