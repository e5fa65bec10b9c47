import Foundation
import StrataExport

/// Where a clip's frames go: a video file of a format, or numbered PNGs.
struct ClipTarget {
    /// The video file, for `--video`.
    let video: String?
    /// Its format.
    let format: VideoFormat?
    /// The PNG names, for `-o`.
    let pattern: FramePattern?

    /// A sink for this target whose first frame is frame `first` of the clip.
    func makeSink(first: Int, width: Int, height: Int, rate: FrameRate) throws(ExportError) -> FrameSink {
        guard let video, let format else {
            guard let pattern else { preconditionFailure("ClipTarget: neither a video nor a pattern") }
            return PNGSequenceSink(pattern: pattern, first: first, width: width, height: height)
        }
        switch format {
        case .y4m:
            return try Y4MWriter(output: FileOutput(creating: video), width: width, height: height, rate: rate)
        case .rgba:
            return RawFrameWriter(output: try FileOutput(creating: video), width: width, height: height)
        case .mp4, .webm, .gif:
            return try FFmpegEncoder(file: video, format: format, width: width, height: height, rate: rate)
        }
    }
}
