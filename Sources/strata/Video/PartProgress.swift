import Foundation
import StrataExport

/// Counts the frames the processes of `--jobs` have written so far, from their
/// parts: a video part's size gives its frames (every frame has the same size),
/// and numbered PNGs are counted as each next name appears.
final class PartProgress {
    let target: ClipTarget
    let parts: [String]
    let chunks: [Range<Int>]
    let headerBytes: Int
    let frameBytes: Int
    /// For PNGs: the next frame each job has not been seen to write.
    private var nextPNG: [Int]

    init(target: ClipTarget, parts: [String], chunks: [Range<Int>], width: Int, height: Int, rate: FrameRate) {
        self.target = target
        self.parts = parts
        self.chunks = chunks
        nextPNG = chunks.map(\.lowerBound)
        if target.format == .y4m {
            headerBytes = Y4MWriter.header(width: width, height: height, rate: rate).utf8.count
            frameBytes = Y4MWriter.frameMarker.count + Y4MWriter.planeBytes(width: width, height: height)
        } else {
            headerBytes = 0
            frameBytes = width * height * 4
        }
    }

    /// Frames written by all jobs.
    func framesDone() -> Int {
        guard let pattern = target.pattern else {
            return parts.reduce(0) { sum, part in
                let size = (try? FileManager.default.attributesOfItem(atPath: part)[.size] as? NSNumber)??.intValue ?? 0
                return sum + max(0, size - headerBytes) / frameBytes
            }
        }
        var done = 0
        for (i, chunk) in chunks.enumerated() {
            // A file appears once it is written whole (PNGs are written atomically).
            while nextPNG[i] < chunk.upperBound, FileManager.default.fileExists(atPath: pattern.path(for: nextPNG[i])) {
                nextPNG[i] += 1
            }
            done += nextPNG[i] - chunk.lowerBound
        }
        return done
    }
}
