import Foundation
import Strata
import StrataExport
import StrataGL
import StrataRender

/// Writes each frame as its own PNG, named by its frame number in the clip
/// (not in this run), so parts rendered apart land in one folder without clashing.
///
/// The bytes are the ones `strata render --time` writes for the same moment.
final class PNGSequenceSink: FrameSink {
    let pattern: FramePattern
    let width: Int, height: Int
    private var next: Int

    /// A sink whose first frame is frame `first`, written where `pattern` says.
    init(pattern: FramePattern, first: Int, width: Int, height: Int) {
        self.pattern = pattern
        self.next = first
        self.width = width
        self.height = height
    }

    /// The pattern for `output`: a printf-style pattern as given, or for a folder
    /// `frame_%05d.png` inside it (the folder is made if missing).
    static func pattern(for output: String) throws -> FramePattern {
        if output.contains("%") { return try FramePattern(output) }
        guard !output.lowercased().hasSuffix(".png") else {
            throw failure("-o \(output): a frame sequence needs a folder or a pattern such as frames/frame_%05d.png")
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw failure("\(output): cannot create the folder: \((error as NSError).localizedDescription)")
        }
        return try FramePattern((output.hasSuffix("/") ? output : output + "/") + "frame_%05d.png")
    }

    func write(frame: [UInt8]) throws(ExportError) {
        let path = pattern.path(for: next)
        next += 1
        let image = CGImage(width: width, height: height, pixels: RGBA8Pixels.unpremultiplied(frame), label: path)
        do {
            try image.write(toPNG: URL(fileURLWithPath: path))
        } catch {
            throw .cannotWrite(file: path, reason: error.reason)
        }
    }

    func finish() throws(ExportError) {}
}
