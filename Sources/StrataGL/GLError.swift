import Foundation

// Every error StrataGL throws for input from outside (shader files, images,
// sizes, the GL driver), with its message, in one place so the wording stays
// consistent. Programmer mistakes are preconditions, not errors.

/// An OpenGL failure: a shader that does not compile or link, a missing shader
/// file, a texture the driver cannot hold, or a GL error after creating an object.
///
/// `description` is the message to print: one line, except for compile errors,
/// which print each error with the offending source line under it.
public enum GLError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No `Shaders/` folder was found; `searched` lists every place looked, in order.
    case shadersFolderNotFound(searched: [String])
    /// A shader file does not exist or cannot be read.
    case shaderFileUnreadable(file: String, reason: String)
    /// An `#include` line that is malformed or names a file that cannot be read.
    case badInclude(file: String, line: Int, reason: String)
    /// A shader stage failed to compile; `diagnostics` are the driver's messages
    /// mapped back to files and lines, `log` is the driver's raw log.
    case compileFailed(file: String, diagnostics: [ShaderDiagnostic], log: String)
    /// A program failed to link.
    case linkFailed(program: String, log: String)
    /// A texture or framebuffer size of zero or less.
    case emptySize(label: String, width: Int, height: Int)
    /// A texture or framebuffer larger than the driver allows (`GL_MAX_TEXTURE_SIZE`).
    case tooLarge(label: String, width: Int, height: Int, maximum: Int)
    /// Pixel data whose byte count does not match the size it is uploaded at.
    case pixelCountMismatch(label: String, expected: Int, actual: Int)
    /// `glGetError` reported `code` after `operation` on the object `label`.
    case glFailure(label: String, operation: String, code: UInt32)
    /// `glCheckFramebufferStatus` did not return `GL_FRAMEBUFFER_COMPLETE`.
    case framebufferIncomplete(label: String, status: UInt32)
    /// The context was lost (a GPU reset, a driver failure): found after
    /// `operation` on `label`. Its objects are gone; only a new context draws.
    case contextLost(label: String, operation: String)

    /// `GL_CONTEXT_LOST`, as `glGetError` reports it.
    static let contextLostCode: UInt32 = 0x0507

    public var description: String {
        switch self {
        case .shadersFolderNotFound(let searched):
            return "no Shaders folder found; looked in: " + searched.joined(separator: ", ")
        case .shaderFileUnreadable(let file, let reason):
            return "\(file): cannot read shader: \(reason)"
        case .badInclude(let file, let line, let reason):
            return "\(file):\(line): error: \(reason)"
        case .compileFailed(let file, let diagnostics, let log):
            let errors = diagnostics.filter { $0.severity == .error }
            if errors.isEmpty {
                let first = log.split(separator: "\n").first.map(String.init) ?? "no log"
                return "\(file): compile failed: \(first)"
            }
            return errors.map(\.description).joined(separator: "\n")
        case .linkFailed(let program, let log):
            let text = log.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: "; ")
            return "\(program): link failed: \(text.isEmpty ? "no log" : text)"
        case .emptySize(let label, let width, let height):
            return "'\(label)': size \(width)×\(height) is empty"
        case .tooLarge(let label, let width, let height, let maximum):
            return "'\(label)': size \(width)×\(height) exceeds this GL's maximum of \(maximum) pixels per side"
        case .pixelCountMismatch(let label, let expected, let actual):
            return "'\(label)': expected \(expected) bytes of RGBA8 pixels, got \(actual)"
        case .glFailure(let label, let operation, let code):
            return "'\(label)': \(GLError.errorName(code)) after \(operation)"
        case .framebufferIncomplete(let label, let status):
            return "'\(label)': framebuffer incomplete (\(GLError.framebufferStatusName(status)))"
        case .contextLost(let label, let operation):
            return "'\(label)': the OpenGL context was lost (GL_CONTEXT_LOST) after \(operation)"
        }
    }

    /// The GL name of a `glGetError` code, such as `GL_OUT_OF_MEMORY`.
    package static func errorName(_ code: UInt32) -> String {
        switch code {
        case 0x0500: return "GL_INVALID_ENUM"
        case 0x0501: return "GL_INVALID_VALUE"
        case 0x0502: return "GL_INVALID_OPERATION"
        case 0x0503: return "GL_STACK_OVERFLOW"
        case 0x0504: return "GL_STACK_UNDERFLOW"
        case 0x0505: return "GL_OUT_OF_MEMORY"
        case 0x0506: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case 0x0507: return "GL_CONTEXT_LOST"
        default: return "GL error 0x" + String(code, radix: 16)
        }
    }

    /// The GL name of a `glCheckFramebufferStatus` result.
    package static func framebufferStatusName(_ status: UInt32) -> String {
        switch status {
        case 0x8CD5: return "GL_FRAMEBUFFER_COMPLETE"
        case 0x8219: return "GL_FRAMEBUFFER_UNDEFINED"
        case 0x8CD6: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case 0x8CD7: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
        case 0x8CDB: return "GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER"
        case 0x8CDC: return "GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER"
        case 0x8CDD: return "GL_FRAMEBUFFER_UNSUPPORTED"
        case 0x8D56: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
        case 0x8DA8: return "GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS"
        default: return "status 0x" + String(status, radix: 16)
        }
    }
}
