import StrataGL
import StrataLayerRaster
import StrataRender

// Every error StrataHost throws (no display, no GL, a failed EGL or GLFW step),
// with its message, in one place so the wording stays consistent.

/// A host could not get an OpenGL context or window: the message names the step
/// that failed and the driver's error code.
public enum HostError: Error, Equatable, CustomStringConvertible, Sendable {
    /// An EGL call failed: `eglInitialize failed (EGL_NOT_INITIALIZED)`.
    case eglCallFailed(step: String, code: Int32)
    /// No EGL display could be opened; `attempts` says why, for each platform tried.
    case noEGLDisplay(attempts: [String])
    /// The display has no config that can render desktop OpenGL.
    case noEGLConfig(platform: String)
    /// No OpenGL core profile context of version 3.3 or later could be created.
    case noCoreContext(tried: [String], code: Int32)
    /// A GLFW step failed: `glfwInit failed: X11: The DISPLAY environment variable is missing`.
    case glfwFailed(step: String, reason: String)
    /// A width or height below 1.
    case invalidSize(width: Int, height: Int)
    /// A GL failure while setting up the host's render target.
    case gl(GLError)
    /// The CPU side of drawing (fonts for text layers) could not start.
    case render(RenderError)

    public var description: String {
        switch self {
        case .eglCallFailed(let step, let code):
            return "\(step) failed (\(HostError.eglErrorName(code)))"
        case .noEGLDisplay(let attempts):
            return "no EGL display: " + attempts.joined(separator: "; ")
        case .noEGLConfig(let platform):
            return "no EGL config with OpenGL (EGL_OPENGL_BIT) on \(platform)"
        case .noCoreContext(let tried, let code):
            return "no OpenGL 3.3+ core context (tried \(tried.joined(separator: ", "))): "
                + HostError.eglErrorName(code)
        case .glfwFailed(let step, let reason):
            return "\(step) failed: \(reason)"
        case .invalidSize(let width, let height):
            return "invalid drawable size \(width)×\(height)"
        case .render(let error):
            return error.description
        case .gl(let error):
            return error.description
        }
    }

    /// The EGL name of an `eglGetError` code: `EGL_BAD_MATCH`.
    package static func eglErrorName(_ code: Int32) -> String {
        switch code {
        case 0x3000: return "EGL_SUCCESS"
        case 0x3001: return "EGL_NOT_INITIALIZED"
        case 0x3002: return "EGL_BAD_ACCESS"
        case 0x3003: return "EGL_BAD_ALLOC"
        case 0x3004: return "EGL_BAD_ATTRIBUTE"
        case 0x3005: return "EGL_BAD_CONFIG"
        case 0x3006: return "EGL_BAD_CONTEXT"
        case 0x3007: return "EGL_BAD_CURRENT_SURFACE"
        case 0x3008: return "EGL_BAD_DISPLAY"
        case 0x3009: return "EGL_BAD_MATCH"
        case 0x300A: return "EGL_BAD_NATIVE_PIXMAP"
        case 0x300B: return "EGL_BAD_NATIVE_WINDOW"
        case 0x300C: return "EGL_BAD_PARAMETER"
        case 0x300D: return "EGL_BAD_SURFACE"
        case 0x300E: return "EGL_CONTEXT_LOST"
        default: return "EGL error 0x" + String(code, radix: 16)
        }
    }
}

/// An input recording (JSON lines, see `InputRecording`) could not be read or written.
public enum InputRecordingError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file could not be opened, read or written: `what` says which, `reason` why.
    case io(path: String, what: String, reason: String)
    /// Line `line` (from 1) is not what a recording holds.
    case malformed(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .io(let path, let what, let reason):
            return "\(path): cannot \(what): \(reason)"
        case .malformed(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        }
    }
}
