internal import CEGL
import Foundation
import StrataGL

/// A headless OpenGL 3.3+ core context (EGL, no display server) drawing into one
/// framebuffer of a given size, read back as RGBA8.
///
/// Every host shares the process's one EGL display (surfaceless Mesa, else the
/// EGL device platform, else the default display; see `platform`) and has its
/// own context, so hosts on different threads render in parallel. GL calls go
/// inside `withCurrent`, which makes the context current on the calling thread
/// for the duration of the closure, one thread at a time.
public final class OffscreenHost: GLHost, @unchecked Sendable {
    // @unchecked Sendable: the EGL handles are immutable; `framebuffer` and all GL
    // state are only used inside `withCurrent`, serialized by `lock`.

    /// The GL context: its driver strings (`info`), live objects and `finish()`.
    public let context: GLContext
    /// The framebuffer drawn into; `withCurrent` binds it.
    package let framebuffer: GLFramebuffer
    /// The EGL platform the display came from.
    public let platform: EGLPlatform
    /// EGL version, vendor and platform in one line, for logs.
    public let eglSummary: String

    private let display: EGLDisplay
    private let eglContext: EGLContext
    /// A 1×1 pbuffer where surfaceless contexts are not supported; nil otherwise.
    private let surface: EGLSurface?
    /// Recursive so that `withCurrent` may nest on one thread.
    private let lock = NSRecursiveLock()

    /// Width of the framebuffer in pixels.
    public var width: Int { framebuffer.width }
    /// Height of the framebuffer in pixels.
    public var height: Int { framebuffer.height }
    /// The framebuffer's GL name.
    public var drawableFramebuffer: UInt32 { framebuffer.name }
    /// Width of the framebuffer in pixels.
    public var drawableWidth: Int { framebuffer.width }
    /// Height of the framebuffer in pixels.
    public var drawableHeight: Int { framebuffer.height }

    /// A context (OpenGL 3.3 core, else the highest 4.x core) and a
    /// `width × height` RGBA8 framebuffer (contents undefined until drawn).
    ///
    /// Throws `HostError` naming the step that failed when there is no EGL, no
    /// OpenGL config or no core context, and `.gl` when the framebuffer cannot be made.
    ///
    /// The first host made in a process also tunes glibc's malloc for a frame
    /// loop (freed memory is kept for the next frame rather than handed back
    /// to the kernel); glibc's own `MALLOC_*_` variables or `GLIBC_TUNABLES`
    /// leave malloc as it is.
    public init(width: Int, height: Int, label: String = "offscreen") throws(HostError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        _ = FrameMemory.tuned
        let connection = try EGLDisplayConnection.shared.get()
        let display = connection.display
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw .eglCallFailed(step: "eglBindAPI(EGL_OPENGL_API)", code: eglGetError())
        }

        // Config: anything that renders desktop GL; we draw into our own FBO.
        // EGL_DONT_CARE is a cast macro Swift cannot import; its value is -1.
        let surfaceType = connection.supportsSurfaceless ? -1 : EGL_PBUFFER_BIT
        let configAttributes: [EGLint] = [
            EGLint(EGL_SURFACE_TYPE), EGLint(surfaceType), EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_BIT),
            EGLint(EGL_NONE),
        ]
        var config: EGLConfig?
        var configCount: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGLBoolean(EGL_TRUE) else {
            throw .eglCallFailed(step: "eglChooseConfig", code: eglGetError())
        }
        guard configCount > 0, let config else { throw .noEGLConfig(platform: connection.summary) }

        let eglContext = try Self.createCoreContext(display: display, config: config)
        var surface: EGLSurface?
        if !connection.supportsSurfaceless {
            let attributes: [EGLint] = [EGLint(EGL_WIDTH), 1, EGLint(EGL_HEIGHT), 1, EGLint(EGL_NONE)]
            surface = eglCreatePbufferSurface(display, config, attributes)
            if surface == nil {
                let code = eglGetError()
                eglDestroyContext(display, eglContext)
                throw .eglCallFailed(step: "eglCreatePbufferSurface", code: code)
            }
        }

        // Set up GL state with the new context current, then put back whatever was current.
        let previous = CurrentEGLContext()
        guard eglMakeCurrent(display, surface, surface, eglContext) == EGLBoolean(EGL_TRUE) else {
            let code = eglGetError()
            Self.destroy(display: display, context: eglContext, surface: surface)
            throw .eglCallFailed(step: "eglMakeCurrent", code: code)
        }
        let contextBits = UInt(bitPattern: eglContext)
        let glContext = GLContext(label: "\(label) \(width)×\(height)") {
            UInt(bitPattern: eglGetCurrentContext()) == contextBits
        }
        let framebuffer: GLFramebuffer
        do {
            framebuffer = try GLFramebuffer(context: glContext, width: width, height: height, label: label)
        } catch {
            previous.restore(releasing: display)
            glContext.invalidate()
            Self.destroy(display: display, context: eglContext, surface: surface)
            throw .gl(error)
        }
        previous.restore(releasing: display)

        self.display = display
        self.eglContext = eglContext
        self.surface = surface
        self.platform = connection.platform
        self.eglSummary = connection.summary
        self.context = glContext
        self.framebuffer = framebuffer
    }

    deinit {
        lock.withLock {
            // The context's GL objects die with it; nothing may delete them later.
            context.invalidate()
            if context.isCurrent {
                eglMakeCurrent(display, nil, nil, nil)
            }
            Self.destroy(display: display, context: eglContext, surface: surface)
        }
    }

    /// Runs `body` with this host's context current on the calling thread, the
    /// framebuffer bound and the viewport covering it, then puts back the context
    /// that was current before (or none).
    ///
    /// One thread at a time: a second thread waits until the first returns.
    /// Nesting on one thread is allowed (the inner call just runs `body`), and
    /// is what a loop of frames should do: the calls inside one call around the
    /// loop neither make the context current nor release it again (on Mesa a
    /// release flushes the context). Objects whose owners have gone are deleted first
    /// (`collectGarbage`), in nested calls too. `body` must not hand GL work to
    /// another thread or await.
    public func withCurrent<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        // eglGetCurrentContext answers for the thread's bound API.
        eglBindAPI(EGLenum(EGL_OPENGL_API))
        if eglGetCurrentContext() == eglContext {
            context.collectGarbage()
            return try body()
        }
        let previous = CurrentEGLContext()
        guard eglMakeCurrent(display, surface, surface, eglContext) == EGLBoolean(EGL_TRUE) else {
            // The context was made current once already; failing now means a lost
            // context or a broken driver, which nothing here can recover from.
            preconditionFailure(
                "OffscreenHost: " + HostError.eglCallFailed(step: "eglMakeCurrent", code: eglGetError()).description)
        }
        defer { previous.restore(releasing: display) }
        context.collectGarbage()
        framebuffer.bind()
        return try body()
    }

    /// The framebuffer's pixels as RGBA8, top row first (as drawn: premultiplied
    /// when the renderer draws premultiplied colour).
    public func readPixels() -> [UInt8] {
        withCurrent { framebuffer.readPixels() }
    }

    /// Gives the framebuffer a new size; its contents become undefined.
    public func resize(width: Int, height: Int) throws(HostError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        do {
            try withCurrent { () throws(GLError) in try framebuffer.resize(width: width, height: height) }
        } catch {
            throw .gl(error)
        }
    }

    /// Creates a context: OpenGL 3.3 core, else the highest 4.x core.
    private static func createCoreContext(display: EGLDisplay, config: EGLConfig) throws(HostError) -> EGLContext {
        let versions = [(3, 3), (4, 6), (4, 5), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0)]
        var lastError = EGLint(EGL_SUCCESS)
        for (major, minor) in versions {
            let attributes: [EGLint] = [
                EGLint(EGL_CONTEXT_MAJOR_VERSION), EGLint(major),
                EGLint(EGL_CONTEXT_MINOR_VERSION), EGLint(minor),
                EGLint(EGL_CONTEXT_OPENGL_PROFILE_MASK), EGLint(EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT),
                EGLint(EGL_NONE),
            ]
            if let context = eglCreateContext(display, config, nil, attributes) {
                return context
            }
            lastError = eglGetError()
        }
        throw .noCoreContext(tried: versions.map { "\($0.0).\($0.1)" }, code: lastError)
    }

    private static func destroy(display: EGLDisplay, context: EGLContext, surface: EGLSurface?) {
        eglDestroyContext(display, context)
        if let surface { eglDestroySurface(display, surface) }
    }
}

/// The EGL context current on this thread when created, to put back later.
private struct CurrentEGLContext {
    let display = eglGetCurrentDisplay()
    let draw = eglGetCurrentSurface(EGLint(EGL_DRAW))
    let read = eglGetCurrentSurface(EGLint(EGL_READ))
    let context = eglGetCurrentContext()

    /// Makes the saved context current again, or releases `ourDisplay`'s context
    /// when none was current.
    func restore(releasing ourDisplay: EGLDisplay) {
        if let context, let display {
            eglMakeCurrent(display, draw, read, context)
        } else {
            eglMakeCurrent(ourDisplay, nil, nil, nil)
        }
    }
}
