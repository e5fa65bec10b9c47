internal import CGLFW
internal import CGLFW.X11
import Foundation

/// Reads the X server's trackpad pinch gestures (XInput 2.4:
/// `XI_GesturePinchBegin`/`Update`/`End`) for a GLFW window, as `InputEvent`s.
///
/// GLFW owns the window's X connection and its event loop, and it neither
/// asks for gesture events (3.3) nor hands over events it does not know: it
/// drops them. Reading GLFW's connection ourselves would take key, pointer
/// and window events away from GLFW. So the reader opens a second connection
/// to the same display and selects, on GLFW's window (X windows are the
/// server's, usable from any connection), only the three pinch events. The
/// server sends each client the events it selected, so the two connections
/// never see each other's events; each frame drains this one without blocking.
///
/// Only one client may select a window's gesture events; when another has,
/// the server answers BadAccess, which is trapped (Xlib's default handler
/// would end the process) and reported as ``TrackpadGestureSupport/unavailable(reason:)``.
final class XInputGestureReader {
    /// The reader's own connection.
    private let display: OpaquePointer
    /// XInput's major opcode: generic events carrying it are XInput's.
    private let opcode: Int32
    /// What the window hears.
    let support: TrackpadGestureSupport

    private init(display: OpaquePointer, opcode: Int32, support: TrackpadGestureSupport) {
        self.display = display
        self.opcode = opcode
        self.support = support
    }

    deinit { XCloseDisplay(display) }

    /// A reader for `window` (a GLFW window) and what it hears, or nil and
    /// why there can be none. Call on the thread that polls GLFW.
    static func open(for window: OpaquePointer) -> (reader: XInputGestureReader?, support: TrackpadGestureSupport) {
        if ProcessInfo.processInfo.environment["STRATA_TRACKPAD_GESTURES"] == "0" {
            return (nil, TrackpadGestureSupport.turnedOff)
        }
        let (glfwDisplay, xWindow) = GLFWLibrary.lock.withLock { (glfwGetX11Display(), glfwGetX11Window(window)) }
        guard let glfwDisplay, xWindow != 0 else { return (nil, TrackpadGestureSupport.notX11) }
        guard let xi = XInputLibrary.shared else { return (nil, TrackpadGestureSupport.noLibXi) }
        let name = String(cString: XDisplayString(glfwDisplay))
        guard let display = XOpenDisplay(name) else { return (nil, TrackpadGestureSupport.cannotConnect(name)) }
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else {
            XCloseDisplay(display)
            return (nil, TrackpadGestureSupport.noXInput)
        }
        // Ask for 2.4; the server answers with what it speaks (at most that).
        var major: Int32 = 2, minor: Int32 = 4
        guard xi.queryVersion(display, &major, &minor) == Success, (major, minor) >= (2, 4) else {
            XCloseDisplay(display)
            return (nil, TrackpadGestureSupport.oldXInput(major: major, minor: minor))
        }
        if let failure = selectPinchEvents(xi, display, xWindow) {
            XCloseDisplay(display)
            return (nil, failure)
        }
        let support = TrackpadGestureSupport.listening(devices: gestureDevices(xi, display))
        return (XInputGestureReader(display: display, opcode: opcode, support: support), support)
    }

    /// The pinch events that arrived since the last call, in order. Never blocks.
    func poll() -> [InputEvent] {
        var events: [InputEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            var cookie = event.xcookie
            guard cookie.type == GenericEvent, cookie.extension == opcode, XGetEventData(display, &cookie) != 0 else {
                continue
            }
            defer { XFreeEventData(display, &cookie) }
            guard (XI_GesturePinchBegin...XI_GesturePinchEnd).contains(cookie.evtype), let data = cookie.data else {
                continue
            }
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            if let translated = Self.inputEvent(from: pinch) { events.append(translated) }
        }
        return events
    }

    /// The event a pinch gesture event stands for: its phase, the spread
    /// since it began, and the pointer in window coordinates (X's pixels are
    /// GLFW's screen coordinates). Nil for other events and for values a
    /// broken server might send (a spread that is not a positive number).
    static func inputEvent(from event: XIGesturePinchEvent) -> InputEvent? {
        let phase: TrackpadGesturePhase
        switch event.evtype {
        case XI_GesturePinchBegin: phase = .began
        case XI_GesturePinchUpdate: phase = .changed
        case XI_GesturePinchEnd:
            phase = event.flags & Int32(XIGesturePinchEventCancelled) != 0 ? .cancelled : .ended
        default: return nil
        }
        guard event.scale.isFinite, event.scale > 0, event.event_x.isFinite, event.event_y.isFinite else { return nil }
        return .trackpadPinch(phase: phase, scale: event.scale, x: event.event_x, y: event.event_y)
    }

    /// Selects the three pinch events (the server wants them together) from
    /// every master pointer on `window`; nil when that worked.
    private static func selectPinchEvents(
        _ xi: XInputLibrary, _ display: OpaquePointer, _ window: Window
    ) -> TrackpadGestureSupport? {
        var bits = [UInt8](repeating: 0, count: Int((XI_GesturePinchEnd >> 3) + 1))
        for type in [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] {
            bits[Int(type >> 3)] |= UInt8(1 << (type & 7))
        }
        let code = XErrorTrap.catching(display) {
            bits.withUnsafeMutableBufferPointer { buffer in
                var mask = XIEventMask(
                    deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                _ = xi.selectEvents(display, window, &mask, 1)
            }
        }
        switch code {
        case nil: return nil
        case UInt8(BadAccess): return .taken
        case let code?: return .selectFailed(code: code)
        }
    }

    /// The names of the devices that make gesture events (touchpads), sorted.
    private static func gestureDevices(_ xi: XInputLibrary, _ display: OpaquePointer) -> [String] {
        var count: Int32 = 0
        guard let devices = xi.queryDevice(display, XIAllDevices, &count) else { return [] }
        defer { xi.freeDeviceInfo(devices) }
        var names: Set<String> = []
        for device in UnsafeBufferPointer(start: devices, count: Int(count)) {
            guard let classes = device.classes else { continue }
            let hasGestures = UnsafeBufferPointer(start: classes, count: Int(device.num_classes)).contains {
                $0?.pointee.type == XIGestureClass
            }
            if hasGestures, let name = device.name { names.insert(String(cString: name)) }
        }
        return names.sorted()
    }
}
