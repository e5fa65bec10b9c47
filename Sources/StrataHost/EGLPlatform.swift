/// Which EGL platform gave the process its headless display.
public enum EGLPlatform: Equatable, Sendable, CustomStringConvertible {
    /// Mesa's surfaceless platform (`EGL_PLATFORM_SURFACELESS_MESA`): no display server.
    case surfacelessMesa
    /// The device platform (`EGL_PLATFORM_DEVICE_EXT`) on device `index` of
    /// `eglQueryDevicesEXT`: NVIDIA's headless path.
    case device(index: Int)
    /// `eglGetDisplay(EGL_DEFAULT_DISPLAY)`.
    case defaultDisplay

    public var description: String {
        switch self {
        case .surfacelessMesa: "surfaceless Mesa"
        case .device(let index): "EGL device \(index)"
        case .defaultDisplay: "default display"
        }
    }
}
