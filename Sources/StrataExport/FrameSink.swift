/// Where rendered frames go: a video file, ffmpeg's input, raw frames.
///
/// Frames are `width × height` RGBA8, premultiplied, top row first (what
/// `OffscreenFramePipeline` gives); sinks that have no alpha drop it, which is
/// the picture composited over black.
public protocol FrameSink: AnyObject {
    /// Writes the next frame.
    func write(frame: [UInt8]) throws(ExportError)
    /// Writes what is left and closes the output; the file is complete when it returns.
    func finish() throws(ExportError)
}
