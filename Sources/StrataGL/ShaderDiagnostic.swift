/// One message from the GLSL compiler, mapped back to the shader file and line
/// it refers to (through `#include` expansion).
public struct ShaderDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// How serious the message is.
    public enum Severity: String, Equatable, Sendable {
        /// The shader did not compile.
        case error
        /// The shader compiled; the driver has a remark.
        case warning
    }

    /// The file as shown to people: `Shaders/blur.frag`.
    public var file: String
    /// The 1-based line in `file`, or 0 when the driver gave none.
    public var line: Int
    /// Error or warning.
    public var severity: Severity
    /// The driver's message without its location prefix.
    public var message: String
    /// The text of `line` in `file`, when known.
    public var sourceLine: String?

    /// A diagnostic from its parts.
    public init(file: String, line: Int, severity: Severity, message: String, sourceLine: String?) {
        self.file = file
        self.line = line
        self.severity = severity
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `Shaders/a.frag:12: error: message`, then the source line indented under it.
    public var description: String {
        var text = "\(file):\(line): \(severity.rawValue): \(message)"
        if let sourceLine {
            text += "\n    \(line) | \(sourceLine)"
        }
        return text
    }
}
