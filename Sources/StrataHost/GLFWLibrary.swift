internal import CGLFW
import Foundation

/// Process-wide GLFW state: initialization and the lock around GLFW's global calls.
///
/// GLFW is initialized on first use and never terminated while the process runs
/// (windows may live on several objects). Calls that touch GLFW's global state
/// (init, window creation and destruction, event polling, joysticks) hold `lock`,
/// since GLFW itself is not thread-safe.
enum GLFWLibrary {
    /// Serializes GLFW's global calls.
    static let lock = NSRecursiveLock()

    /// Initializes GLFW (again after a failure, in case the display came back).
    static func initialize() throws(HostError) {
        let failure: String? = lock.withLock {
            // glfwInit does nothing when GLFW is already initialized.
            glfwInit() == GLFW_TRUE ? nil : lastError()
        }
        if let failure { throw .glfwFailed(step: "glfwInit", reason: failure) }
    }

    /// GLFW's description of the last error on this thread.
    static func lastError() -> String {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        if let description { return String(cString: description) }
        return code == GLFW_NO_ERROR ? "no error reported" : "GLFW error 0x" + String(code, radix: 16)
    }
}
