internal import CGLFW.X11
import Foundation

/// Catches the X errors one request on a connection causes, instead of
/// Xlib's default handler, which prints them and ends the process.
///
/// Xlib's error handler is process-wide: the trap installs its own only for
/// the request and a round trip (`XSync`) to collect the answer, then puts the
/// previous one (GLFW's or Xlib's) back, as GLFW does around its own
/// requests. Use it on the thread that runs GLFW's event loop, so no GLFW
/// request is in flight meanwhile.
enum XErrorTrap {
    /// The error code the trap caught (0: none); only read and written on the GLFW thread.
    nonisolated(unsafe) private static var caught: UInt8 = 0
    /// The connection the trap is for: errors on others go to no one (GLFW's are not expected here).
    nonisolated(unsafe) private static var trapped: OpaquePointer?

    /// Runs `body` (requests on `display`), waits for the server's answer,
    /// and returns the first X error code it caused, or nil.
    static func catching(_ display: OpaquePointer, _ body: () -> Void) -> UInt8? {
        caught = 0
        trapped = display
        let previous = XSetErrorHandler { display, event in
            if display == XErrorTrap.trapped, XErrorTrap.caught == 0, let event {
                XErrorTrap.caught = event.pointee.error_code
            }
            return 0
        }
        body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        trapped = nil
        return caught == 0 ? nil : caught
    }
}
