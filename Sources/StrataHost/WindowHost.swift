internal import CGLFW
import Foundation
import Strata
import StrataGL
import StrataRender

/// A window (GLFW) with an OpenGL 3.3+ core context, vsync, a frame loop and input.
///
/// ```swift
/// let host = try WindowHost(width: 800, height: 600, title: "Demo")
/// host.run(onEvent: { event in … }) { frame in
///     // draw into framebuffer 0, frame.framebufferWidth × frame.framebufferHeight
/// }
/// ```
/// The loop ends when the window is closed or Escape is pressed. GLFW wants its
/// windows driven from the main thread; on Linux (X11) any one thread works.
public final class WindowHost: GLHost, @unchecked Sendable {
    // @unchecked Sendable: GL and window state is only used inside `withCurrent`
    // (serialized by `lock`) or under `GLFWLibrary.lock`; `events` has its own lock.

    /// The window's GL context.
    public let context: GLContext
    /// Whether Escape closes the window (default true).
    public var closesOnEscape = true
    /// Seconds between refreshes of the primary monitor (1/60 when it does
    /// not say): the `duration` display links see.
    public let refreshInterval: Double
    /// Whether the window hears trackpad pinches from the X server (XInput
    /// 2.4) as `InputEvent.trackpadPinch`, and why not (Control+scroll pinches either way).
    public let trackpadGestures: TrackpadGestureSupport

    /// The GLFW window; non-nil until deinit.
    let window: OpaquePointer
    /// Filled by GLFW's callbacks; reached from them through the window user pointer.
    let events = EventQueue()
    /// Gamepad state seen at the last poll, to report changes.
    var gamepads: [Int32: GamepadSnapshot] = [:]
    /// The X server's trackpad pinches, on a connection of its own (nil: none to be had).
    let gestureReader: XInputGestureReader?

    private let lock = NSRecursiveLock()
    private let startTime: Double
    private var lastFrameTime: Double?
    private var frameIndex = 0

    /// Opens a `width × height` (points) window titled `title` with a core
    /// OpenGL 3.3 context (else the highest 4.x core) and, if `vsync`, a swap
    /// interval of 1.
    ///
    /// Throws `HostError.glfwFailed` when GLFW cannot start (no `DISPLAY`) or the
    /// window or context cannot be made.
    ///
    /// The first host made in a process also tunes glibc's malloc for a frame
    /// loop (freed memory is kept for the next frame rather than handed back
    /// to the kernel); glibc's own `MALLOC_*_` variables or `GLIBC_TUNABLES`
    /// leave malloc as it is.
    public init(width: Int, height: Int, title: String = "Strata", vsync: Bool = true) throws(HostError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        _ = FrameMemory.tuned
        try GLFWLibrary.initialize()
        let created: Result<OpaquePointer, HostError> = GLFWLibrary.lock.withLock {
            var tried: [String] = []
            for (major, minor) in [(3, 3), (4, 6), (4, 5), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0)] {
                glfwDefaultWindowHints()
                glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API)
                glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, Int32(major))
                glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, Int32(minor))
                glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
                glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
                glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
                if let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) {
                    return .success(window)
                }
                tried.append("\(major).\(minor): \(GLFWLibrary.lastError())")
            }
            return .failure(
                .glfwFailed(step: "glfwCreateWindow (OpenGL 3.3+ core)", reason: tried.joined(separator: "; ")))
        }
        let window = try created.get()
        self.window = window

        let previous = glfwGetCurrentContext()
        glfwMakeContextCurrent(window)
        glfwSwapInterval(vsync ? 1 : 0)
        let windowBits = UInt(bitPattern: window)
        context = GLContext(label: "window \(title)") { UInt(bitPattern: glfwGetCurrentContext()) == windowBits }
        glfwMakeContextCurrent(previous)
        refreshInterval = GLFWLibrary.lock.withLock {
            guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor),
                mode.pointee.refreshRate > 0
            else { return 1.0 / 60 }
            return 1 / Double(mode.pointee.refreshRate)
        }
        startTime = glfwGetTime()
        (gestureReader, trackpadGestures) = XInputGestureReader.open(for: window)
        installCallbacks()
    }

    deinit {
        context.invalidate()
        GLFWLibrary.lock.withLock {
            glfwSetWindowUserPointer(window, nil)
            glfwDestroyWindow(window)
        }
    }

    /// 0: frames are drawn into the window's default framebuffer.
    public var drawableFramebuffer: UInt32 { 0 }

    /// Framebuffer width in pixels.
    public var drawableWidth: Int { framebufferSize.width }
    /// Framebuffer height in pixels.
    public var drawableHeight: Int { framebufferSize.height }

    /// The framebuffer size in pixels.
    public var framebufferSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// The window size in screen coordinates (points).
    public var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Pixels per point on the window's monitor.
    public var contentScale: (x: Float, y: Float) {
        var x: Float = 1
        var y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return (x, y)
    }

    /// Whether the window has been asked to close; set true to end `run`.
    public var shouldClose: Bool {
        get { glfwWindowShouldClose(window) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(window, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// Runs `body` with the window's context current on the calling thread, the
    /// default framebuffer bound and the viewport covering it, then puts back the
    /// GLFW context that was current before (or none). One thread at a time;
    /// nesting is allowed. Deletes GL objects whose owners have gone first.
    public func withCurrent<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        let previous = glfwGetCurrentContext()
        if previous == window { return try body() }
        glfwMakeContextCurrent(window)
        defer { glfwMakeContextCurrent(previous) }
        context.collectGarbage()
        let size = framebufferSize
        context.bindBackBuffer(width: size.width, height: size.height)
        return try body()
    }

    /// The back buffer as RGBA8, top row first: call inside a frame closure,
    /// after drawing and before the frame ends (the swap leaves it undefined).
    public func readPixels() -> [UInt8] {
        withCurrent {
            let size = framebufferSize
            return RGBA8Pixels.read(framebuffer: 0, width: size.width, height: size.height)
        }
    }

    /// Runs frames until the window should close (or `maxFrames` have run):
    /// each polls input (passing each event to `onEvent`), fires the calling
    /// thread's display links (`DisplayLinkScheduler.current`), calls `frame`
    /// with the context current, then swaps (waiting for vsync).
    public func run(
        maxFrames: Int? = nil, onEvent: (InputEvent) -> Void = { _ in },
        frame: (FrameInfo) throws -> Void
    ) rethrows {
        var count = 0
        while !shouldClose, maxFrames.map({ count < $0 }) ?? true {
            try runFrame(onEvent: onEvent, frame: frame)
            count += 1
        }
    }

    /// One iteration of `run`: poll input, fire display links, draw, swap.
    public func runFrame(onEvent: (InputEvent) -> Void = { _ in }, frame: (FrameInfo) throws -> Void) rethrows {
        for event in pollEvents() { onEvent(event) }
        // Before drawing, so what the links change shows in this frame; in
        // CACurrentMediaTime()'s timebase, which ported link code compares with.
        let now = CACurrentMediaTime()
        DisplayLinkScheduler.current.fire(timestamp: now, targetTimestamp: now + refreshInterval)
        try withCurrent {
            let now = glfwGetTime() - startTime
            let size = framebufferSize
            let points = windowSize
            let scale = contentScale
            let info = FrameInfo(
                index: frameIndex, time: now, deltaTime: lastFrameTime.map { now - $0 } ?? 0,
                framebufferWidth: size.width, framebufferHeight: size.height,
                windowWidth: points.width, windowHeight: points.height,
                contentScaleX: scale.x, contentScaleY: scale.y)
            try frame(info)
            glfwSwapBuffers(window)
            lastFrameTime = now
            frameIndex += 1
        }
    }
}
