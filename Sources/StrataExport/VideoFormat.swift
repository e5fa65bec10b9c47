import Foundation

/// A video file Strata writes, chosen by the output's extension.
///
/// - `y4m`: YUV4MPEG2, written by Strata itself: 4:4:4, full-range BT.601
///   (JPEG) YCbCr, 8 bits, no ffmpeg needed. Every pixel keeps its own colour,
///   so a decoded frame is within one level of the rendered RGB.
/// - `rgba`: raw frames, one after another with no header: premultiplied
///   RGBA8, top row first, as rendered (ignore alpha for the picture over
///   black: `ffmpeg -f rawvideo -pix_fmt rgb0 -s WxH`).
/// - `mp4` (H.264, yuv420p), `webm` (VP9, yuv420p), `gif` (a palette made
///   from the whole clip): Strata pipes raw frames into `ffmpeg`.
public enum VideoFormat: String, CaseIterable, Sendable {
    /// Each format is named by its file extension.
    case y4m, rgba, mp4, webm, gif

    /// The format `file`'s extension names (case-insensitive).
    public init(file: String) throws(ExportError) {
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        guard let format = VideoFormat(rawValue: ext) else { throw .unknownFormat(file: file) }
        self = format
    }

    /// Whether frames go through `ffmpeg`.
    public var needsFFmpeg: Bool {
        switch self {
        case .y4m, .rgba: false
        case .mp4, .webm, .gif: true
        }
    }

    /// The name in messages: "MP4 (H.264)".
    public var displayName: String {
        switch self {
        case .y4m: "YUV4MPEG2"
        case .rgba: "raw RGBA"
        case .mp4: "MP4 (H.264)"
        case .webm: "WebM (VP9)"
        case .gif: "GIF"
        }
    }
}
