/// Writes frames as they come, with no header (`.rgba`, and ffmpeg's input):
/// premultiplied RGBA8, top row first.
public final class RawFrameWriter: FrameSink {
    private let output: FileOutput
    private let frameBytes: Int

    /// A writer of `width × height` frames to `output`.
    public init(output: FileOutput, width: Int, height: Int) {
        self.output = output
        self.frameBytes = width * height * 4
    }

    /// Writes `frame` as it is.
    public func write(frame: [UInt8]) throws(ExportError) {
        precondition(
            frame.count == frameBytes, "RawFrameWriter: a frame of \(frame.count) bytes, expected \(frameBytes)")
        try output.write(frame)
    }

    /// Closes the output.
    public func finish() throws(ExportError) {
        try output.close()
    }
}
