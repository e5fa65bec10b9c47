import StrataExport
import StrataScene

extension FrameRate {
    /// The rate `--fps` gives, else the scene's own (a Lottie file's `fr`), else 30.
    init(parsing text: String?, default scene: Scene) throws(ExportError) {
        if let text {
            try self.init(parsing: text)
        } else {
            self = scene.frameRate.flatMap(FrameRate.init(approximating:)) ?? FrameRate(30)
        }
    }
}
