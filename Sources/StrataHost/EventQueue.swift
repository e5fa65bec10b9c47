internal import CGLFW
import Foundation

/// Input events GLFW's callbacks deliver for one window, waiting for `pollEvents`.
final class EventQueue: @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched while holding `lock`.
    private let lock = NSLock()
    private var events: [InputEvent] = []

    func append(_ event: InputEvent) {
        lock.withLock { events.append(event) }
    }

    func drain() -> [InputEvent] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }

    /// The queue of the window a callback is for (its GLFW user pointer).
    static func of(_ window: OpaquePointer?) -> EventQueue? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<EventQueue>.fromOpaque(pointer).takeUnretainedValue()
    }
}
