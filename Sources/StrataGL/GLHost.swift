/// What a renderer draws through: a GL context and the framebuffer to draw into.
///
/// `OffscreenHost` (EGL, headless) and `WindowHost` (GLFW) conform.
public protocol GLHost: AnyObject {
    /// The host's GL context.
    var context: GLContext { get }
    /// The framebuffer to draw a frame into: 0 for a window, the target FBO offscreen.
    var drawableFramebuffer: UInt32 { get }
    /// The drawable's size in pixels.
    var drawableWidth: Int { get }
    /// The drawable's size in pixels.
    var drawableHeight: Int { get }
    /// Runs `body` with the context current on this thread, the drawable
    /// framebuffer bound and the viewport covering it; one thread at a time.
    func withCurrent<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T
    /// The drawable's pixels as RGBA8, top row first.
    func readPixels() -> [UInt8]
}
