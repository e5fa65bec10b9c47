import Foundation

/// Joins the parts a split render wrote (one per process or per farm job, each
/// a run of consecutive frames) into one output, in order.
///
/// A y4m part is a complete file; the joined file is the first part's header
/// followed by every part's frames, so it has the same bytes as one run that
/// wrote all the frames. Raw parts are frames with no header.
///
/// Parts may be joined while they are being written (`follow`), so joining and
/// encoding overlap the rendering of the later parts.
public enum VideoParts {
    /// Asked when a followed part has no more bytes yet: sleeps a little and
    /// returns whether its writer may still add to it (false once it has exited);
    /// throws to give up (a writer failed).
    public typealias Follow = () throws(ExportError) -> Bool

    /// Bytes copied at a time.
    static let chunk = 1 << 20

    /// Writes the y4m `parts` (all with the same header) as one y4m to `output`.
    /// `follow(i)` follows part i while it is written (nil: the parts are complete).
    public static func joinY4M(
        _ parts: [String], into output: FileOutput,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        precondition(!parts.isEmpty, "VideoParts.joinY4M: no parts")
        var header: [UInt8]?
        for (i, part) in parts.enumerated() {
            let input = try InputFile(part, follow: follow?(i))
            let own = try input.readLine(max: 512)
            guard own.starts(with: Array("YUV4MPEG2 ".utf8)) else {
                throw .badY4M(file: part, reason: "it does not start with \"YUV4MPEG2 \"")
            }
            if let header {
                guard own == header else {
                    throw .partsDiffer(file: part, reason: "header \"\(text(own))\" is not \"\(text(header))\"")
                }
            } else {
                header = own
                try output.write(own)
            }
            try input.copyRest(to: output)
        }
    }

    /// Writes `parts` one after another to `output`, byte for byte (raw frames).
    public static func concatenate(
        _ parts: [String], into output: FileOutput,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        for (i, part) in parts.enumerated() { try InputFile(part, follow: follow?(i)).copyRest(to: output) }
    }

    /// Sends the frames of raw `parts` (`frameBytes` each, no header), in order, to `sink`.
    public static func sendRawFrames(
        _ parts: [String], frameBytes: Int, to sink: FrameSink,
        follow: ((Int) -> Follow)? = nil
    ) throws(ExportError) {
        for (i, part) in parts.enumerated() {
            let input = try InputFile(part, follow: follow?(i))
            while let frame = try input.read(exactly: frameBytes) { try sink.write(frame: frame) }
        }
    }

    private static func text(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
