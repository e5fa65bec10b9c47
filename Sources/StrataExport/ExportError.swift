import Foundation

// Every error StrataExport throws (files, ffmpeg, frame rates, video parts),
// with its message, in one place so the wording stays consistent.

/// A video or frame sequence could not be written: the message says what and
/// where, on one line.
public enum ExportError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A file could not be created or opened for writing.
    case cannotCreate(file: String, reason: String)
    /// Writing to a file (or ffmpeg's input) failed part way.
    case cannotWrite(file: String, reason: String)
    /// A file could not be read.
    case cannotRead(file: String, reason: String)
    /// The output's extension names no format Strata writes.
    case unknownFormat(file: String)
    /// A frame rate that is not a positive whole number or ratio.
    case badFrameRate(String)
    /// `ffmpeg` is needed for `format` but was not found; `searched` says where.
    case ffmpegNotFound(format: String, searched: String)
    /// `ffmpeg` could not be started.
    case ffmpegDidNotStart(path: String, reason: String)
    /// `ffmpeg` exited with `status` (or was killed by a signal); `lastLine` is
    /// the last line it wrote on stderr.
    case ffmpegFailed(file: String, status: Int32, signalled: Bool, lastLine: String)
    /// A YUV4MPEG2 file (a part being joined) that Strata did not write or that is cut short.
    case badY4M(file: String, reason: String)
    /// Parts being joined do not match (size, frame rate or format).
    case partsDiffer(file: String, reason: String)
    /// A process writing a part failed; the message says which and why.
    case jobFailed(String)

    /// The message, one line.
    public var description: String {
        switch self {
        case .cannotCreate(let file, let reason):
            return "\(file): cannot create the file: \(reason)"
        case .cannotWrite(let file, let reason):
            return "\(file): cannot write: \(reason)"
        case .cannotRead(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .unknownFormat(let file):
            return "\(file): unknown video format (use .y4m, .mp4, .webm, .gif or .rgba)"
        case .badFrameRate(let text):
            return "--fps: expected a frame rate such as 30 or 30000/1001, got \"\(text)\""
        case .ffmpegNotFound(let format, let searched):
            return
                "writing \(format) needs ffmpeg, which was not found (\(searched)); install it (apt-get install ffmpeg) or write .y4m"
        case .ffmpegDidNotStart(let path, let reason):
            return "cannot start \(path): \(reason)"
        case .ffmpegFailed(let file, let status, let signalled, let lastLine):
            let how = signalled ? "was killed by signal \(status)" : "exited with status \(status)"
            return "\(file): ffmpeg \(how)" + (lastLine.isEmpty ? "" : ": \(lastLine)")
        case .badY4M(let file, let reason):
            return "\(file): not a Strata YUV4MPEG2 file: \(reason)"
        case .partsDiffer(let file, let reason):
            return "\(file): parts do not match: \(reason)"
        case .jobFailed(let message):
            return message
        }
    }
}
