internal import CEGL

/// The process's one EGL display, opened on first use and never terminated
/// (terminating it would pull the display out from under contexts on other threads).
final class EGLDisplayConnection: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after init, and EGL
    // display-level calls are thread-safe.

    /// The initialized display.
    let display: EGLDisplay
    /// The platform it came from.
    let platform: EGLPlatform
    /// EGL version, vendor and platform in one line: "EGL 1.5 Mesa Project (surfaceless Mesa)".
    let summary: String
    /// Whether contexts can be made current without a surface (`EGL_KHR_surfaceless_context`).
    let supportsSurfaceless: Bool

    private init(display: EGLDisplay, platform: EGLPlatform) {
        self.display = display
        self.platform = platform
        func string(_ name: Int32) -> String {
            eglQueryString(display, EGLint(name)).map { String(cString: $0) } ?? "?"
        }
        summary = "EGL \(string(EGL_VERSION)) \(string(EGL_VENDOR)) (\(platform))"
        supportsSurfaceless = string(EGL_EXTENSIONS).split(separator: " ").contains("EGL_KHR_surfaceless_context")
    }

    /// The shared display, or why none could be opened. A `static let` is
    /// initialized once, thread-safely, on first access.
    static let shared: Result<EGLDisplayConnection, HostError> = open()

    /// Tries Mesa's surfaceless platform, then the device platform, then the default display.
    private static func open() -> Result<EGLDisplayConnection, HostError> {
        var attempts: [String] = []
        // Client extensions: queried on EGL_NO_DISPLAY (NULL when unsupported).
        let clientExtensions = Set(
            (eglQueryString(nil, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " ").map(
                String.init))
        let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC? =
            clientExtensions.contains("EGL_EXT_platform_base")
            ? eglGetProcAddress("eglGetPlatformDisplayEXT").map {
                unsafeBitCast($0, to: PFNEGLGETPLATFORMDISPLAYEXTPROC.self)
            }
            : nil

        // 1. Mesa surfaceless: no display server, no device needed (llvmpipe).
        if let getPlatformDisplay, clientExtensions.contains("EGL_MESA_platform_surfaceless") {
            switch initialize(getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)) {
            case .success(let display):
                return .success(EGLDisplayConnection(display: display, platform: .surfacelessMesa))
            case .failure(let reason): attempts.append("surfaceless Mesa: \(reason)")
            }
        } else {
            attempts.append("surfaceless Mesa: EGL_MESA_platform_surfaceless not supported")
        }

        // 2. Device platform: headless on NVIDIA's driver.
        if let getPlatformDisplay, clientExtensions.contains("EGL_EXT_platform_device"),
            let queryRaw = eglGetProcAddress("eglQueryDevicesEXT")
        {
            let queryDevices = unsafeBitCast(queryRaw, to: PFNEGLQUERYDEVICESEXTPROC.self)
            var devices = [EGLDeviceEXT?](repeating: nil, count: 16)
            var count: EGLint = 0
            if queryDevices(EGLint(devices.count), &devices, &count) == EGLBoolean(EGL_TRUE), count > 0 {
                for index in 0..<Int(count) {
                    switch initialize(getPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), devices[index], nil)) {
                    case .success(let display):
                        return .success(EGLDisplayConnection(display: display, platform: .device(index: index)))
                    case .failure(let reason): attempts.append("EGL device \(index): \(reason)")
                    }
                }
            } else {
                attempts.append("EGL devices: eglQueryDevicesEXT found none (\(HostError.eglErrorName(eglGetError())))")
            }
        } else {
            attempts.append("EGL devices: EGL_EXT_platform_device not supported")
        }

        // 3. Whatever the default display is (X11 or Wayland when one runs).
        switch initialize(eglGetDisplay(nil)) {
        case .success(let display): return .success(EGLDisplayConnection(display: display, platform: .defaultDisplay))
        case .failure(let reason): attempts.append("default display: \(reason)")
        }
        return .failure(.noEGLDisplay(attempts: attempts))
    }

    /// `display` initialized, or why not.
    private static func initialize(_ display: EGLDisplay?) -> Result<EGLDisplay, InitializeFailure> {
        guard let display else {
            return .failure(InitializeFailure(text: "no display (\(HostError.eglErrorName(eglGetError())))"))
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            return .failure(
                InitializeFailure(text: HostError.eglCallFailed(step: "eglInitialize", code: eglGetError()).description)
            )
        }
        return .success(display)
    }

    /// Why one display could not be initialized (a line of `HostError.noEGLDisplay`).
    private struct InitializeFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
