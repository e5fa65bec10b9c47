import Foundation
import Strata
import StrataDemos
import StrataHost

extension DemoCommand {
    /// Seconds rendered after the last recorded event, for release animations to finish.
    static let settleTime = 2.0

    /// Renders the demo's frames into `output` on a fixed 60 Hz clock.
    func runHeadless(_ name: String, size: CGSize, scale: Double, recording: InputRecording?) throws {
        let folder = URL(fileURLWithPath: output!)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw failure("\(folder.path): cannot create the folder: \(error.localizedDescription)")
        }
        let session = try makeSession(name, size: size, scale: scale)
        let source = ScriptedInputSource(recording?.events ?? [])
        let player: HeadlessDemoPlayer
        do { player = try HeadlessDemoPlayer(session: session, input: source) } catch {
            throw failure("headless OpenGL: \(error.description)")
        }
        let count = frames ?? Int(((source.duration + Self.settleTime) * HeadlessDemoPlayer.frameRate).rounded(.up)) + 1
        var last: CGImage?
        for index in 0..<count {
            do {
                let (image, _) = try player.nextFrame()
                let url = folder.appendingPathComponent(String(format: "frame%04d.png", index))
                try image.write(toPNG: url)
                last = image
            } catch let error as DemoError {
                throw failure(error.description)
            } catch {
                throw failure("\(error)")
            }
        }
        if let screenshot, let last {
            do { try last.write(toPNG: URL(fileURLWithPath: screenshot)) } catch { throw failure(error.description) }
        }
        print(
            "wrote \(count) frames of \(name) (\(Int(size.width))×\(Int(size.height)) at scale \(scale)) to \(folder.path)"
        )
    }
}
