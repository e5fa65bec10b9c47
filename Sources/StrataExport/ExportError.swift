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
    /// A YUV4MPEG2 file (a part being joined) that Strata did not write.
    case badY4M(file: String, reason: String)
    /// Parts being joined do not match (a header field other than size and rate).
    case partsDiffer(file: String, reason: String)
    /// A part's frames are `size` (`W×H`), the first part's `firstSize`.
    case partSizeDiffers(file: String, size: String, first: String, firstSize: String)
    /// A part's frame rate is `rate` (`30`, `30000/1001`), the first part's `firstRate`.
    case partRateDiffers(file: String, rate: String, first: String, firstRate: String)
    /// A part ends inside its frame `frame` (counted from 0 in that part): `bytes`
    /// of the frame's `frameBytes` are there, as when its render was stopped.
    case partCutShort(file: String, frame: Int, bytes: Int, frameBytes: Int)
    /// Numbered parts (`part-00000.y4m`, …) skip `file`: `next` was given after
    /// `previous` (nil: `next` was given first, and the numbers start at 0).
    case partMissing(file: String, previous: String?, next: String)
    /// Numbered parts out of order: `file` was given after `previous`, whose number is not smaller.
    case partsOutOfOrder(file: String, previous: String)
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
            return "--fps: expected a frame rate such as 30, 30000/1001 or 29.97, got \"\(text)\""
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
        case .partSizeDiffers(let file, let size, let first, let firstSize):
            return "\(file): parts do not match: its frames are \(size), those of \(first) \(firstSize)"
        case .partRateDiffers(let file, let rate, let first, let firstRate):
            return "\(file): parts do not match: its frame rate is \(rate) fps, that of \(first) \(firstRate) fps"
        case .partCutShort(let file, let frame, let bytes, let frameBytes):
            return
                "\(file): cut short: its frame \(frame) has \(bytes) of \(frameBytes) bytes (was its render stopped?); render this part again"
        case .partMissing(let file, let previous, let next):
            if let previous {
                return "\(file): missing: the parts are numbered, and \(next) comes right after \(previous)"
            }
            return "\(file): missing: numbered parts start at 0, and the first part given is \(next)"
        case .partsOutOfOrder(let file, let previous):
            return
                "\(file): out of order: it comes after \(previous); give numbered parts in order (part-00000.y4m, part-00001.y4m, …)"
        case .jobFailed(let message):
            return message
        }
    }
}
