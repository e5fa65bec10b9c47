/// Writes YUV4MPEG2 (`.y4m`): a one-line header, then each frame as `FRAME\n`
/// and its Y, Cb and Cr planes, 4:4:4, full-range BT.601 (``YCbCr``).
///
/// The header says `C444 XCOLORRANGE=FULL`, which ffmpeg and mpv read; the
/// format carries no alpha (the picture is composited over black).
public final class Y4MWriter: FrameSink {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    private let output: FileOutput
    private var planes: [UInt8]

    /// The header line every Strata y4m of this size and rate starts with.
    public static func header(width: Int, height: Int, rate: FrameRate) -> String {
        "YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C444 XCOLORRANGE=FULL\n"
    }

    /// The marker before each frame's planes.
    public static let frameMarker = Array("FRAME\n".utf8)

    /// Bytes per frame after the marker.
    public static func planeBytes(width: Int, height: Int) -> Int { width * height * 3 }

    /// A writer that has written the header to `output`.
    public init(output: FileOutput, width: Int, height: Int, rate: FrameRate) throws(ExportError) {
        precondition(width > 0 && height > 0, "Y4MWriter: empty size \(width)×\(height)")
        self.output = output
        self.width = width
        self.height = height
        planes = [UInt8](repeating: 0, count: Y4MWriter.planeBytes(width: width, height: height))
        try output.write(Y4MWriter.header(width: width, height: height, rate: rate))
    }

    /// Converts `frame` to YCbCr planes and writes it after a `FRAME` marker.
    public func write(frame: [UInt8]) throws(ExportError) {
        let count = width * height
        precondition(
            frame.count == count * 4, "Y4MWriter: a frame of \(frame.count) bytes is not \(width)×\(height) RGBA8")
        frame.withUnsafeBufferPointer { rgba in
            planes.withUnsafeMutableBufferPointer { out in YCbCr.planes(fromRGBA: rgba, pixelCount: count, into: out) }
        }
        try output.write(Y4MWriter.frameMarker)
        try output.write(planes)
    }

    /// Closes the output.
    public func finish() throws(ExportError) {
        try output.close()
    }
}
